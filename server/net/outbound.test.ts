/**
 * The outbound guard: which addresses are public, which URLs pass before a lookup (every spelling
 * of a private address refused), and requests: a name's every answer checked and the checked one
 * dialled, redirects followed only when asked and each hop checked, the deadline and the size cap.
 * Requests go only to a recording server on 127.0.0.1; names resolve from a table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { RecordingServer, stubResolver } from '../test/outbound-fixture.ts';
import { checkUrl, isPublicAddress, Outbound, OutboundError, type OutboundOptions } from './outbound.ts';

describe('isPublicAddress', () => {
  it('takes public unicast addresses only', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700::1111', '2001:4860:4860::8888']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const refused = [
      ['0.0.0.0', 'this network'],
      ['0.1.2.3', 'this network'],
      ['10.1.2.3', 'private'],
      ['100.64.0.1', 'shared (carrier NAT)'],
      ['100.100.100.200', 'a cloud metadata service'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'link-local (cloud metadata)'],
      ['172.16.0.9', 'private'],
      ['172.31.255.255', 'private'],
      ['192.0.0.9', 'IETF protocol assignments'],
      ['192.0.2.1', 'documentation'],
      ['192.88.99.1', '6to4 relay'],
      ['192.168.1.1', 'private'],
      ['198.18.0.1', 'benchmarking'],
      ['198.51.100.1', 'documentation'],
      ['203.0.113.1', 'documentation'],
      ['224.0.0.1', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
      ['::808:808', 'IPv4-compatible, even of a public address'],
      ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1'],
      ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
      ['::ffff:0:7f00:1', 'IPv4-translated'],
      ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
      ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
      ['64:ff9b:1::a00:1', 'local-use NAT64'],
      ['2002:7f00:1::', '6to4 of 127.0.0.1'],
      ['2002:a00:1::1', '6to4 of 10.0.0.1'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
      ['2001:db8::1', 'documentation'],
      ['100::1', 'discard'],
      ['fc00::1', 'unique local'],
      ['fd00:ec2::254', 'unique local (cloud metadata)'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local with a zone'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['4000::1', 'outside global unicast 2000::/3'],
      ['2130706433', 'not an address as a resolver writes one'],
      ['127.1', 'not an address as a resolver writes one'],
      ['localhost', 'a name'],
      ['', 'nothing'],
    ];
    for (const [address, why] of refused) expect(isPublicAddress(address!), `${address}: ${why}`).toBe(false);
  });
});

describe('checkUrl', () => {
  const off = { testHosts: 'off' } as const;
  const loopback = { testHosts: 'loopback' } as const;

  it('refuses every spelling of a loopback or private address, and private names', () => {
    const refusedHosts = [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7F.0.0.1/',
      'http://0177.0.0.1/',
      'http://0177.0000.0000.0001/',
      'http://127.1/',
      'http://127.0.1/',
      'http://127.0.0.1./',
      'http://１２７.０.０.１/',
      'http://127。0。0。1/',
      'http://%31%32%37.0.0.1/',
      'http://0/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2002:7f00:1::]/',
      'http://167772161/', // 10.0.0.1
      'http://0xa9fea9fe/', // 169.254.169.254
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://localhost/',
      'http://LOCALHOST./',
      'http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/',
      'http://cdn.localhost/',
      'http://printer.local/',
      'http://db.internal/',
      'http://router.home.arpa/',
      'http://intranet/',
      'http://intranet./',
    ];
    for (const url of refusedHosts) expect(checkUrl(url, off), url).toEqual({ refused: 'host' });
    // An account before the host: the host is what follows the @.
    expect(checkUrl('http://cdn.example.com@127.0.0.1/', off)).toEqual({ refused: 'host' });
    for (const url of ['http://a:b@cdn.example.com/', 'https://x@8.8.8.8/']) {
      expect(checkUrl(url, off), url).toEqual({ refused: 'userinfo' });
    }
    // A backslash is a slash to the URL parser: the host ends before it.
    expect(checkUrl('http://127.0.0.1\\@cdn.example.com/', off)).toEqual({ refused: 'host' });
    for (const url of ['ftp://cdn.example.com/', 'file:///etc/passwd', 'gopher://cdn.example.com/', 'javascript:1']) {
      expect(checkUrl(url, off), url).toEqual({ refused: 'scheme' });
    }
    for (const url of ['', 'not a url', '/cdn/1', 'http://', 'http://[::1/']) {
      expect(checkUrl(url, off), url).toEqual({ refused: 'url' });
    }
  });

  it('takes http(s) on a public address or a dotted name; https only where asked', () => {
    for (const url of [
      'https://cdn.example.com/media',
      'http://8.8.8.8:8080/x',
      'https://[2606:4700::1111]/',
      'https://例子.中国/x',
    ]) {
      expect(checkUrl(url, off).url?.href, url).toBe(new URL(url).href);
    }
    expect(checkUrl('http://cdn.example.com/', { ...off, httpsOnly: true })).toEqual({ refused: 'scheme' });
    expect(checkUrl('https://cdn.example.com/', { ...off, httpsOnly: true }).url).toBeDefined();
  });

  it('lets 127.0.0.1 through under the loopback test setting, and nothing else private', () => {
    for (const url of ['http://127.0.0.1:9/x', 'https://127.0.0.1/x', 'http://2130706433:9/']) {
      expect(checkUrl(url, { ...loopback, httpsOnly: true }).url, url).toBeDefined();
    }
    for (const url of [
      'http://127.0.0.2/',
      'http://localhost/',
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://0.0.0.0/',
    ]) {
      expect(checkUrl(url, loopback), url).toEqual({ refused: 'host' });
    }
    expect(checkUrl('http://x@127.0.0.1/', loopback)).toEqual({ refused: 'userinfo' });
  });
});

describe('the loopback test setting', () => {
  it('is refused at start under NODE_ENV=production', () => {
    expect(() => loadConfig({ OUTBOUND_TEST_HOSTS: 'loopback', NODE_ENV: 'production' })).toThrow(
      /OUTBOUND_TEST_HOSTS="loopback": for tests only/,
    );
    expect(() => loadConfig({ OUTBOUND_TEST_HOSTS: 'everything' })).toThrow(/OUTBOUND_TEST_HOSTS/);
    expect(loadConfig({ OUTBOUND_TEST_HOSTS: 'loopback', NODE_ENV: 'test' }).OUTBOUND_TEST_HOSTS).toBe('loopback');
  });
});

describe('Outbound.request', () => {
  let recorder: RecordingServer;
  const get: OutboundOptions = { timeoutMs: 2_000, maxBytes: 10_000 };
  const failure = async (work: Promise<unknown>): Promise<OutboundError> => {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundError);
    return error as OutboundError;
  };

  beforeAll(async () => {
    recorder = await RecordingServer.start();
  });
  afterAll(() => recorder?.close());

  it('refuses a public-looking name that resolves to a private address, without connecting', async () => {
    const resolve = stubResolver({
      'cdn.rebind.example': ['127.0.0.1'],
      'cdn.mixed.example': ['127.0.0.1', '93.184.215.14'],
      'cdn.mapped.example': ['::ffff:127.0.0.1'],
      'cdn.metadata.example': ['169.254.169.254'],
    });
    const outbound = new Outbound({ testHosts: 'off', resolve });
    for (const name of ['cdn.rebind.example', 'cdn.mixed.example', 'cdn.mapped.example', 'cdn.metadata.example']) {
      const error = await failure(outbound.request(`http://${name}:${recorder.port}/x`, get));
      expect([error.kind, error.hop], name).toEqual(['refused', 0]);
    }
    expect(resolve.asked).toHaveLength(4);
    const missing = await failure(outbound.request('https://nowhere.example/x', get));
    expect([missing.kind, missing.code]).toEqual(['network', 'ENOTFOUND']);
    // Refused before any lookup: the literal spellings.
    for (const url of [`http://2130706433:${recorder.port}/`, `http://[::ffff:127.0.0.1]:${recorder.port}/`]) {
      expect((await failure(outbound.request(url, get))).kind, url).toBe('refused');
    }
    expect(resolve.asked).toHaveLength(5);
    expect(recorder.hits).toEqual([]);
  });

  it('dials the address it checked, once resolved, with the name in the Host header', async () => {
    let answers = 0;
    // A rebinding resolver: the first answer is allowed (in test mode), any later one private.
    const resolve = async () => [{ address: answers++ === 0 ? '127.0.0.1' : '10.9.9.9', family: 4 as const }];
    const outbound = new Outbound({ testHosts: 'loopback', resolve });
    const answer = await outbound.request(`http://cdn.pinned.example:${recorder.port}/pinned`, get);
    expect(answer.status).toBe(200);
    expect(answers).toBe(1);
    expect(recorder.hits.at(-1)).toBe('GET /pinned');
    expect(recorder.headers.at(-1)!.host).toBe(`cdn.pinned.example:${recorder.port}`);
  });

  it('follows redirects only when asked, checking each target', async () => {
    const outbound = new Outbound({ testHosts: 'loopback', resolve: stubResolver() });
    recorder.answer('/moved', { status: 302, headers: { location: '/here?x=1' } });
    recorder.answer('/to-localhost', {
      status: 302,
      headers: { location: `http://localhost:${recorder.port}/secret` },
    });
    recorder.answer('/to-mapped', {
      status: 307,
      headers: { location: `http://[::ffff:127.0.0.1]:${recorder.port}/secret` },
    });
    recorder.answer('/to-private', { status: 301, headers: { location: 'http://10.0.0.1/secret' } });
    recorder.answer('/to-metadata', { status: 308, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    recorder.answer('/to-file', { status: 302, headers: { location: 'file:///etc/passwd' } });
    recorder.answer('/loop', { status: 302, headers: { location: '/loop' } });
    recorder.answer('/see-other', { status: 303, headers: { location: `${recorder.origin}/seen` } });

    // Not asked: the redirect is the answer.
    const first = await outbound.request(`${recorder.origin}/moved`, get);
    expect([first.status, first.headers.location]).toEqual([302, '/here?x=1']);
    expect(recorder.hitsUnder('/here')).toEqual([]);

    const followed = await outbound.request(`${recorder.origin}/moved`, { ...get, maxRedirects: 2 });
    expect([followed.status, followed.url.pathname]).toEqual([200, '/here']);
    expect(recorder.hitsUnder('/here')).toEqual(['GET /here?x=1']);

    for (const path of ['/to-localhost', '/to-mapped', '/to-private', '/to-metadata', '/to-file']) {
      const error = await failure(outbound.request(`${recorder.origin}${path}`, { ...get, maxRedirects: 3 }));
      expect([error.kind, error.hop], path).toEqual(['refused', 1]);
    }
    expect(recorder.hitsUnder('/secret')).toEqual([]);

    const loop = await failure(outbound.request(`${recorder.origin}/loop`, { ...get, maxRedirects: 3 }));
    expect([loop.kind, loop.hop]).toEqual(['redirects', 3]);
    expect(recorder.hitsUnder('/loop')).toHaveLength(4);

    // A POST answered 303 goes on as a GET, without its body; the account header stays on its origin.
    await outbound.request(`${recorder.origin}/see-other`, {
      ...get,
      method: 'POST',
      body: 'secret=1',
      headers: { authorization: 'Bearer t', 'Content-Type': 'text/plain', 'Content-Length': 8 },
      maxRedirects: 1,
    });
    expect(recorder.hits.slice(-2)).toEqual(['POST /see-other', 'GET /seen']);
    expect(recorder.headers.at(-2)).toMatchObject({ authorization: 'Bearer t', 'content-length': '8' });
    expect(recorder.headers.at(-1)!.authorization).toBe('Bearer t'); // same origin
    expect(recorder.headers.at(-1)!['content-length']).toBeUndefined();
    expect(recorder.headers.at(-1)!['content-type']).toBeUndefined();
    // https only: a redirect to plain HTTP on a name is refused.
    const https = new Outbound({
      testHosts: 'loopback',
      resolve: stubResolver({ 'cdn.plain.example': ['127.0.0.1'] }),
    });
    recorder.answer('/to-plain', {
      status: 302,
      headers: { location: `http://cdn.plain.example:${recorder.port}/secret` },
    });
    const plain = await failure(
      https.request(`${recorder.origin}/to-plain`, { ...get, httpsOnly: true, maxRedirects: 1 }),
    );
    expect([plain.kind, plain.hop]).toEqual(['refused', 1]);
    expect(recorder.hitsUnder('/secret')).toEqual([]);
  });

  it('drops the account header on a redirect to another origin', async () => {
    const outbound = new Outbound({
      testHosts: 'loopback',
      resolve: stubResolver({ 'cdn.other.example': ['127.0.0.1'] }),
    });
    recorder.answer('/elsewhere', {
      status: 302,
      headers: { location: `http://cdn.other.example:${recorder.port}/there` },
    });
    await outbound.request(`${recorder.origin}/elsewhere`, {
      ...get,
      headers: { Authorization: 'Bearer t', Cookie: 'a=1' },
      maxRedirects: 1,
    });
    expect(recorder.hits.slice(-2)).toEqual(['GET /elsewhere', 'GET /there']);
    expect(recorder.headers.at(-2)!.authorization).toBe('Bearer t');
    expect(recorder.headers.at(-1)!.authorization).toBeUndefined();
    expect(recorder.headers.at(-1)!.cookie).toBeUndefined();
  });

  it('keeps to its deadline and its size cap', async () => {
    const outbound = new Outbound({ testHosts: 'loopback', resolve: stubResolver() });
    recorder.answer('/slow', { status: 200, body: 'late', delayMs: 1_000 });
    recorder.answer('/big', { status: 200, body: Buffer.alloc(50_000, 'a') });
    recorder.answer('/slow-redirect', { status: 302, headers: { location: '/slow' } });

    const slow = await failure(outbound.request(`${recorder.origin}/slow`, { ...get, timeoutMs: 200 }));
    expect(slow.kind).toBe('timeout');
    const across = await failure(
      outbound.request(`${recorder.origin}/slow-redirect`, { ...get, timeoutMs: 300, maxRedirects: 1 }),
    );
    expect([across.kind, across.hop]).toEqual(['timeout', 1]);

    const big = await failure(outbound.request(`${recorder.origin}/big`, { ...get, maxBytes: 1_000 }));
    expect(big.kind).toBe('too-large');
    const cut = await outbound.request(`${recorder.origin}/big`, { ...get, maxBytes: 1_000, cut: true });
    expect(cut.body.length).toBe(1_000);
    const whole = await outbound.request(`${recorder.origin}/big`, { ...get, maxBytes: 50_000 });
    expect(whole.body.length).toBe(50_000);

    const closed = new Outbound({ testHosts: 'loopback' });
    const refused = await failure(closed.request('http://127.0.0.1:1/', get));
    expect([refused.kind, refused.code]).toEqual(['network', 'ECONNREFUSED']);
  });
});
