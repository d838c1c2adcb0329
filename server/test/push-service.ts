/**
 * A push service for the tests: a plain HTTP server on 127.0.0.1 that records what the push job
 * posts and answers the statuses a test queues (201 by default). With it the test side of Web
 * Push written independently of the `web-push` library: a subscriber (an ECDH P-256 key pair and a
 * 16-byte auth secret, as a browser makes), the decryption of an RFC 8291 aes128gcm message, and
 * the check of the VAPID Authorization header (RFC 8292: an ES256 JWT for the service's origin).
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class FakePushService {
  readonly received: PushRequest[] = [];
  private readonly answers = new Map<string, number[]>();
  private waiters: (() => void)[] = [];

  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.take({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) }, res));
  });
  /** http://127.0.0.1:<port>, once started. */
  origin = '';

  static async start(): Promise<FakePushService> {
    const service = new FakePushService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    service.origin = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    return service;
  }

  private take(request: PushRequest, res: ServerResponse): void {
    this.received.push(request);
    const status = this.answers.get(request.path)?.shift() ?? 201;
    const answer = () =>
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? '' : `status ${status}`);
    if (this.holding) this.held.push(answer);
    else answer();
    for (const wake of this.waiters.splice(0)) wake();
  }

  private holding = false;
  private held: (() => void)[] = [];

  /** From now on requests are received but left unanswered until release(). */
  hold(): void {
    this.holding = true;
  }

  /** Answers the held requests and answers at once again. */
  release(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  /** A fresh endpoint URL on this service. */
  endpoint(): string {
    return `${this.origin}/push/${randomBytes(8).toString('hex')}`;
  }

  /** The next requests to the endpoint are answered with these statuses, in order. */
  answer(endpoint: string, ...statuses: number[]): void {
    this.answers.set(new URL(endpoint).pathname, statuses);
  }

  /** The requests received for an endpoint. */
  to(endpoint: string): PushRequest[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests reached the endpoint; rejects after `timeoutMs`. */
  async waitFor(endpoint: string, count = 1, timeoutMs = 10_000): Promise<PushRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(endpoint).length < count) {
      if (Date.now() > deadline) throw new Error(`push service: ${count} request(s) to ${endpoint} not received`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.to(endpoint);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its key pair and auth secret, and the keys /push/subscribe takes. */
export interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  keys: { p256dh: string; auth: string };
}

export function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    publicKey,
    authSecret,
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

const text = (s: string) => Buffer.from(s, 'latin1');

/**
 * The plaintext of an aes128gcm message to the subscriber (RFC 8291 section 3.4, RFC 8188 section
 * 2): the header (salt, record size, the sender's ephemeral public key as key id), then one record.
 */
export function decryptPush(subscriber: Subscriber, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4) throw new Error('key id is not an uncompressed P-256 point');
  if (record.length > recordSize || record.length < 17) throw new Error('not exactly one record');
  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([text('WebPush: info\0'), subscriber.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, text('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, text('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>`: the JWT is ES256, signed by k, for the audience,
 * not expired and at most 24 h ahead. Answers k and the claims; throws on anything else.
 */
export function verifyVapid(authorization: string | undefined, audience: string): { key: string; claims: VapidClaims } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claimsPart, signature] = token.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as VapidClaims;
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`JWT aud ${claims.aud}, expected ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`JWT exp ${claims.exp} out of range`);
  return { key, claims };
}
