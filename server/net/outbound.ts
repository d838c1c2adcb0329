/**
 * The one way the server makes a request on an operator's or a member's word (a push endpoint, a
 * CDN line's health check, a page a collector reads), so that none reaches this host or a private
 * network (server-side request forgery):
 * - http or https only (https only where the caller says so), no `user:password@`;
 * - the host is read as the WHATWG URL parser reads it, so every spelling of an address is the
 *   address (2130706433, 0x7f000001, 0177.0.0.1, 127.1, `127.0.0.1.`, full-width digits are all
 *   127.0.0.1; `[::ffff:127.0.0.1]` is ::ffff:7f00:1) and must be a public unicast address
 *   (`isPublicAddress`: ipaddr.js's `unicast` range, and for IPv6 within 2000::/3, so IPv4-mapped,
 *   -compatible, 6to4, Teredo and NAT64 forms are refused whatever they wrap); a name must have a dot
 *   and no private suffix (localhost, .local, .internal …), and every address it resolves to must be
 *   public;
 * - the connection goes to the address that was checked (the pinned address, with the name kept for
 *   the Host header and TLS's SNI and certificate check): no second lookup that DNS rebinding could
 *   answer differently;
 * - redirects are not followed unless the caller asks, and then each hop is checked the same way;
 * - one deadline for the whole exchange and a cap on the answer's size.
 *
 * `checkUrl` is the part without a lookup (for checking input as it is saved); `Outbound.request`
 * does all of it. OUTBOUND_TEST_HOSTS=loopback (tests only; refused at start under
 * NODE_ENV=production, server/config.ts) also lets the address 127.0.0.1 through (written so, over
 * plain HTTP too, or as a name's answer); every other loopback or private address stays refused.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** OUTBOUND_TEST_HOSTS: 'loopback' (tests only) also allows 127.0.0.1. */
export type OutboundTestHosts = 'off' | 'loopback';

const LOOPBACK = '127.0.0.1';
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** Names that never point at the public internet (and single labels, which go through search domains). */
const PRIVATE_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|private|home\.arpa)$/i;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A public unicast address (canonical IPv4 or IPv6 text, as a resolver answers). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || address.includes('%')) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST_V6);
}

export interface UrlRules {
  testHosts: OutboundTestHosts;
  /** Refuse plain HTTP (except for 127.0.0.1 under the loopback test setting). */
  httpsOnly?: boolean;
}

/** Why a URL is refused: not a URL, not http(s), an account in it, a host that is not public. */
export type Refusal = 'url' | 'scheme' | 'userinfo' | 'host';

export type UrlCheck = { url: URL; refused?: undefined } | { url?: undefined; refused: Refusal };

/** The host of a URL without IPv6 brackets or a trailing dot. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** The URL's form and host, without a lookup: the check of input as it is saved. */
export function checkUrl(target: string | URL, rules: UrlRules): UrlCheck {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { refused: 'url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'scheme' };
  const host = bareHost(url);
  if (!(rules.testHosts === 'loopback' && host === LOOPBACK)) {
    const publicHost = isIP(host) !== 0 ? isPublicAddress(host) : host.includes('.') && !PRIVATE_NAME.test(host);
    if (!publicHost) return { refused: 'host' };
    if (rules.httpsOnly && url.protocol !== 'https:') return { refused: 'scheme' };
  }
  if (url.username !== '' || url.password !== '') return { refused: 'userinfo' };
  return { url };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name (tests give a table instead of the system's resolver). */
export type NameResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: NameResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * - refused: the URL or an address it resolves to is not allowed (`hop` > 0: a redirect's target);
 * - redirects: more redirects than the caller follows;
 * - timeout: the deadline passed; too-large: the answer is longer than the cap;
 * - network: the lookup or the connection failed (`code`: ENOTFOUND, ECONNREFUSED …).
 */
export type OutboundFailure = 'refused' | 'redirects' | 'timeout' | 'too-large' | 'network';

export class OutboundError extends Error {
  override name = 'OutboundError';

  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The request it happened on: 0 the URL asked, 1 the first redirect's target … */
    readonly hop = 0,
    /** The system's error code of a network failure. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface OutboundOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  httpsOnly?: boolean;
  /** Redirects followed, each target checked as the URL was; default 0: a 3xx is the answer. */
  maxRedirects?: number;
  /** For the whole exchange: lookups, connections, redirects and the answer's body. */
  timeoutMs: number;
  /** The most of the answer's body read; a longer one fails (too-large) unless `cut`. */
  maxBytes: number;
  /** Keep the first maxBytes of a longer body and stop reading (for an error's text) instead of failing. */
  cut?: boolean;
}

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after any redirects). */
  url: URL;
}

const BODY_HEADERS = new Set(['content-length', 'content-type', 'content-encoding', 'transfer-encoding']);
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** The headers but those named (in lower case) in `names`, whatever their case. */
const without = (headers: OutgoingHttpHeaders, names: ReadonlySet<string>): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.has(name.toLowerCase())));

/** Rejects with `error` when the signal aborts first. */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(error());
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export class Outbound {
  readonly testHosts: OutboundTestHosts;
  private readonly resolve: NameResolver;

  constructor(options: { testHosts: OutboundTestHosts; resolve?: NameResolver }) {
    this.testHosts = options.testHosts;
    this.resolve = options.resolve ?? systemResolver;
  }

  /** checkUrl with this guard's test setting. */
  check(target: string | URL, httpsOnly = false): UrlCheck {
    return checkUrl(target, { testHosts: this.testHosts, httpsOnly });
  }

  /** Makes the request through the guard; rejects with an OutboundError, never anything else. */
  async request(target: string | URL, options: OutboundOptions): Promise<OutboundAnswer> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
    try {
      return await this.follow(target, options, deadline.signal);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError('network', (error as Error).message, 0, (error as NodeJS.ErrnoException).code);
    } finally {
      clearTimeout(timer);
    }
  }

  private async follow(target: string | URL, options: OutboundOptions, signal: AbortSignal): Promise<OutboundAnswer> {
    const maxRedirects = options.maxRedirects ?? 0;
    let method = options.method ?? 'GET';
    let body = options.body;
    let headers: OutgoingHttpHeaders = { ...options.headers };
    let url = this.checked(target, options.httpsOnly, 0);
    for (let hop = 0; ; hop += 1) {
      const timeout = () => new OutboundError('timeout', `no answer within ${options.timeoutMs} ms`, hop);
      const pinned = await beforeAbort(this.pin(url, hop), signal, timeout);
      const answer = await exchange({ ...options, url, pinned, method, headers, body, signal, timeout, hop });
      const location = answer.headers.location;
      if (maxRedirects === 0 || !REDIRECTS.has(answer.status) || !location) return { ...answer, url };
      if (hop >= maxRedirects) throw new OutboundError('redirects', `more than ${maxRedirects} redirects`, hop);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundError('refused', 'a redirect to no valid URL', hop + 1);
      }
      next = this.checked(next, options.httpsOnly, hop + 1);
      if (answer.status === 303 || (answer.status <= 302 && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = without(headers, BODY_HEADERS);
      }
      // Credentials stay with the origin they were meant for.
      if (next.origin !== url.origin) headers = without(headers, CREDENTIAL_HEADERS);
      url = next;
    }
  }

  private checked(target: string | URL, httpsOnly: boolean | undefined, hop: number): URL {
    const check = this.check(target, httpsOnly);
    if (check.refused) throw new OutboundError('refused', `refused (${check.refused}): ${String(target)}`, hop);
    return check.url;
  }

  /** The address to connect to: the URL's own, or the first of the name's, all of which must be allowed. */
  private async pin(url: URL, hop: number): Promise<ResolvedAddress> {
    const host = bareHost(url);
    const family = isIP(host);
    if (family !== 0) return { address: host, family: family === 6 ? 6 : 4 };
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new OutboundError('network', `cannot resolve ${host}: ${code ?? (error as Error).message}`, hop, code);
    }
    const allowed = (address: string) =>
      isPublicAddress(address) || (this.testHosts === 'loopback' && address === LOOPBACK);
    const first = addresses[0];
    if (!first || !addresses.every((a) => allowed(a.address))) {
      throw new OutboundError('refused', `${host} resolves to an address that is not public`, hop);
    }
    return first;
  }
}

interface Exchange extends OutboundOptions {
  url: URL;
  pinned: ResolvedAddress;
  method: 'GET' | 'HEAD' | 'POST';
  headers: OutgoingHttpHeaders;
  body: string | Buffer | undefined;
  signal: AbortSignal;
  timeout: () => OutboundError;
  hop: number;
}

/** One request to the pinned address, its body read up to the cap. */
function exchange(x: Exchange): Promise<Omit<OutboundAnswer, 'url'>> {
  return new Promise((resolve, reject) => {
    const https = x.url.protocol === 'https:';
    const name = bareHost(x.url);
    const req = (https ? httpsRequest : httpRequest)({
      host: x.pinned.address,
      family: x.pinned.family,
      port: x.url.port === '' ? (https ? 443 : 80) : Number(x.url.port),
      path: `${x.url.pathname}${x.url.search}`,
      method: x.method,
      headers: { ...x.headers, host: x.url.host },
      // A connection of its own, never one of a pool made for another address.
      agent: false,
      ...(https && isIP(name) === 0 ? { servername: name } : {}),
    });
    const fail = (error: OutboundError) => {
      reject(error);
      req.destroy();
    };
    const onAbort = () => fail(x.timeout());
    x.signal.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => x.signal.removeEventListener('abort', onAbort));
    req.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        x.signal.aborted ? x.timeout() : new OutboundError('network', error.message, x.hop, error.code ?? undefined),
      ),
    );
    req.on('response', (res) => {
      const tooLarge = () => new OutboundError('too-large', `answer longer than ${x.maxBytes} bytes`, x.hop);
      if (!x.cut && Number(res.headers['content-length'] ?? 0) > x.maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      res.on('data', (chunk: Buffer) => {
        if (size + chunk.length <= x.maxBytes) {
          chunks.push(chunk);
          size += chunk.length;
          return;
        }
        if (!x.cut) return fail(tooLarge());
        chunks.push(chunk.subarray(0, x.maxBytes - size));
        size = x.maxBytes;
        done();
        req.destroy();
      });
      res.on('end', done);
      res.on('error', (error) => fail(new OutboundError('network', error.message, x.hop)));
      res.on('close', () => {
        if (!res.complete) fail(new OutboundError('network', 'the connection closed before the answer ended', x.hop));
      });
    });
    req.end(x.body);
  });
}
