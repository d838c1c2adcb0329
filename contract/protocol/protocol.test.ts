/**
 * Interop of the two cipher implementations (crypto-js in the browser, node:crypto on the server)
 * and the protocol helpers built on them (docs/api.md).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createNodeCipher } from './node-cipher.ts';
import { DEV_KEY_MATERIAL } from './cipher.ts';
import { createCryptoJsCipher } from './crypto-js-cipher.ts';
import { parseEnvelope } from './envelope.ts';
import { DEVICE_ID_ALPHABET, DEVICE_ID_PATTERN, REQUEST_ID_PATTERN, newDeviceId, newRequestId } from './ids.ts';
import { encryptHex, signOf, wrapRequest } from './wrapper.ts';

const client = createCryptoJsCipher(DEV_KEY_MATERIAL);
const server = createNodeCipher(DEV_KEY_MATERIAL);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const SAMPLES = [
  '电影',
  '吃瓜群众🍉',
  '论坛话题：今天看什么？',
  '😀👍🏽👨‍👩‍👧',
  'ASCII only',
  '',
  ' ',
  '\u0000\n\t',
  'é ñ ü',
  '𠜎𠜱𠝹',
];

function randomPayload(): unknown {
  const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
  const text = Array.from({ length: randomInt(0, 40) }, () => pick([...SAMPLES, 'a', '1', '"', '\\', '{}'])).join('');
  return {
    id: randomInt(1, 1_000_000),
    title: text,
    tags: Array.from({ length: randomInt(0, 5) }, () => pick(SAMPLES)),
    nested: { vip: randomInt(2) === 1, price: randomInt(100_000) / 100, note: null },
  };
}

describe('AES interop, crypto-js ↔ node:crypto', () => {
  it('client encrypt → server decrypt on many random payloads', () => {
    for (let i = 0; i < 300; i++) {
      const plain = JSON.stringify(randomPayload());
      expect(server.decryptBase64(client.encryptBase64(plain))).toBe(plain);
      expect(server.decryptHex(client.encryptHex(plain))).toBe(plain);
    }
  });

  it('server encrypt → client decrypt on many random payloads', () => {
    for (let i = 0; i < 300; i++) {
      const plain = JSON.stringify(randomPayload());
      expect(client.decryptBase64(server.encryptBase64(plain))).toBe(plain);
      expect(client.decryptHex(server.encryptHex(plain))).toBe(plain);
    }
  });

  it('both produce the same ciphertext (fixed key and IV)', () => {
    for (const sample of SAMPLES) {
      expect(client.encryptBase64(sample)).toBe(server.encryptBase64(sample));
      expect(client.encryptHex(sample)).toBe(server.encryptHex(sample));
    }
  });

  it('round-trips every length around the block size', () => {
    for (let length = 0; length <= 48; length++) {
      const plain = '中'.repeat(length);
      expect(server.decryptBase64(client.encryptBase64(plain))).toBe(plain);
      expect(client.decryptBase64(server.encryptBase64(plain))).toBe(plain);
    }
  });

  it('garbage decrypts to the empty string on both sides', () => {
    const garbage = [
      '',
      'not base64!',
      '%%%',
      'AAAA',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('base64'),
    ];
    for (const text of garbage) {
      expect(client.decryptBase64(text)).toBe(server.decryptBase64(text));
    }
    // Random blocks: both sides agree on what is undecryptable (bad padding, invalid UTF-8).
    for (let i = 0; i < 3000; i++) {
      const text = randomBytes(16 * (1 + (i % 3))).toString('base64');
      expect(client.decryptBase64(text)).toBe(server.decryptBase64(text));
    }
    expect(client.decryptBase64('not base64!')).toBe('');
    expect(client.decryptHex('abc')).toBe('');
    expect(client.decryptHex('zz'.repeat(16))).toBe('');
  });

  it('decrypts in slices to the same text, pausing before each slice', async () => {
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    // Slices of 4,096 base64 characters (3 KiB): under one slice, exactly one, one block more, many.
    for (const bytes of [0, 100, 3072 - 17, 3072, 3072 + 16, 3 * 3072 + 5, 40_000]) {
      // 3- and 4-byte UTF-8 sequences, cut by the slices' ends
      const plain = JSON.stringify({
        code: 0,
        msg: '成功',
        data: '电'.repeat(Math.floor(bytes / 6)) + '🍉'.repeat(Math.floor(bytes / 8)),
      });
      const text = server.encryptBase64(plain);
      pauses = 0;
      expect(await client.decryptBase64InSlices(text, pause)).toBe(plain);
      expect(pauses).toBe(Math.ceil(text.length / 4096));
    }
    for (let i = 0; i < 500; i++) {
      const text = randomBytes(16 * (1 + (i % 300))).toString('base64');
      expect(await client.decryptBase64InSlices(text, pause)).toBe(server.decryptBase64(text));
    }
    for (const text of ['', 'not base64!', 'AAAA', randomBytes(33).toString('base64')]) {
      expect(await client.decryptBase64InSlices(text, pause)).toBe('');
    }
  });

  it('a different key does not decrypt', () => {
    const other = createNodeCipher({ key: 'AAAAAAAAAAAAAAAA', iv: DEV_KEY_MATERIAL.iv });
    const encrypted = other.encryptBase64(JSON.stringify({ code: 0, msg: '成功', data: { secret: '电影' } }));
    const decrypted = client.decryptBase64(encrypted);
    expect(decrypted === '' || !decrypted.includes('secret')).toBe(true);
  });
});

describe('encryptHex', () => {
  it('is the hex AES of the payload JSON and round-trips on both sides', () => {
    const payload = { account: 'user_01', password: 'abc123密码🔑' };
    const hex = encryptHex(client, payload);
    expect(hex).toMatch(/^(?:[0-9a-f]{32})+$/);
    expect(JSON.parse(server.decryptHex(hex))).toEqual(payload);
    expect(JSON.parse(client.decryptHex(hex))).toEqual(payload);
    expect(encryptHex(server, payload)).toBe(hex);
  });
});

describe('sign', () => {
  it('md5 vectors', () => {
    expect(client.md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(client.md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(client.md5('The quick brown fox jumps over the lazy dog')).toBe('9e107d9d372bb6826bd81d3542a419d6');
    for (const sample of SAMPLES) expect(client.md5(sample)).toBe(md5(sample));
  });

  it('a full wrapper with fixed requestId and time, verified independently', () => {
    const requestId = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const time = 1_700_000_000_000;
    const payload = { deviceId: 'ABCDEFGHJKLMNPQRSTUVWXYZ', deviceType: 3 };
    const wrapped = wrapRequest(client, { appId: 'demo', payload, requestId, time });
    expect(wrapped).toEqual({
      requestId,
      appId: 'demo',
      time,
      body: '{"deviceId":"ABCDEFGHJKLMNPQRSTUVWXYZ","deviceType":3}',
      sign: md5(`{"deviceId":"ABCDEFGHJKLMNPQRSTUVWXYZ","deviceType":3}demo${requestId}1700000000000`),
    });
    expect(wrapped.sign).toBe(signOf(server, wrapped.body, 'demo', requestId, time));
  });

  it('an encrypted wrapper signs the hex body', () => {
    const wrapped = wrapRequest(client, {
      appId: 'demo',
      payload: { account: 'abcdef', password: 'abc123' },
      encrypt: true,
      requestId: 'x'.repeat(32),
      time: 1,
    });
    expect(wrapped.body).toMatch(/^[0-9a-f]+$/);
    expect(JSON.parse(server.decryptHex(wrapped.body))).toEqual({ account: 'abcdef', password: 'abc123' });
    expect(wrapped.sign).toBe(md5(`${wrapped.body}demo${'x'.repeat(32)}1`));
  });

  it('defaults requestId and time', () => {
    const before = Date.now();
    const wrapped = wrapRequest(client, { appId: 'demo', payload: {} });
    expect(wrapped.requestId).toMatch(REQUEST_ID_PATTERN);
    expect(wrapped.time).toBeGreaterThanOrEqual(before);
    expect(wrapped.body).toBe('{}');
  });
});

describe('ids', () => {
  it('device ids: 24 characters from the readable alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const id = newDeviceId();
      expect(id).toHaveLength(24);
      expect(id).toMatch(DEVICE_ID_PATTERN);
      for (const char of id) expect(DEVICE_ID_ALPHABET).toContain(char);
      expect(id).not.toMatch(/[01IOlo]/);
      seen.add(id);
    }
    expect(seen.size).toBe(500);
  });

  it('request ids: 32 characters of [A-Za-z0-9]', () => {
    for (let i = 0; i < 500; i++) {
      const id = newRequestId();
      expect(id).toHaveLength(32);
      expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    }
  });
});

describe('parseEnvelope', () => {
  const SYSTEM_ERROR = { code: 1, msg: '系统错误', data: null };

  it('parses a decrypted envelope from the server', () => {
    const text = client.decryptBase64(
      server.encryptBase64(JSON.stringify({ code: 0, msg: '成功', data: { list: [1, 2] } })),
    );
    expect(parseEnvelope(text)).toEqual({ code: 0, msg: '成功', data: { list: [1, 2] } });
  });

  it('undecryptable or garbage input becomes code 1 "系统错误"', () => {
    for (const input of [
      client.decryptBase64('garbage!!'),
      client.decryptBase64(randomBytes(32).toString('base64')),
      '',
      null,
      undefined,
      'not json',
      '[]',
      '42',
      'null',
      '{"code":"0","msg":"x"}',
      '{"msg":"no code"}',
    ]) {
      expect(parseEnvelope(input)).toEqual(SYSTEM_ERROR);
    }
  });

  it('fills a missing data with null', () => {
    expect(parseEnvelope('{"code":7,"msg":"登录已过期"}')).toEqual({ code: 7, msg: '登录已过期', data: null });
  });
});
