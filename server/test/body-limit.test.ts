/**
 * Bodies over the limit, over real HTTP with a keep-alive client: /api answers 413 with its
 * envelope (code 2), /admin-api 413 with its error body, other routes a plain 413; the client
 * finishes sending and reads the answer (no reset while it writes), and its next request goes over
 * the same connection. A body declared too large to be worth reading is still refused with the
 * connection closed, after the answer.
 */
import { request, Agent, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminError } from '../../contract/admin/session.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { DRAIN_MAX_BYTES } from '../oversized-body.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

interface Answer {
  status: number;
  body: string;
  headers: IncomingMessage['headers'];
  /** The connection the request went over. */
  socket: Socket | null;
}

const FIVE_MB = 5 * 1024 * 1024;

describe.each(DB_KINDS)('bodies over the limit on %s', (kind) => {
  let h: Harness;
  let port: number;
  let agent: Agent;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent?.destroy();
    await h?.close();
  });

  /** One request on the test's keep-alive agent (one connection at a time); `chunked`: no Content-Length. */
  function send(
    method: string,
    path: string,
    body: Buffer | string | null,
    headers: Record<string, string> = {},
    chunked = false,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let socket: Socket | null = null;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...headers,
            ...(body !== null && !chunked ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          // Once the whole request is written too: the connection is then free for the next one.
          const answered = new Promise<void>((done) => res.on('end', done));
          const written = new Promise<void>((done) => (req.writableFinished ? done() : req.on('finish', done)));
          void Promise.all([answered, written]).then(() =>
            resolve({
              status: res.statusCode!,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
              socket,
            }),
          );
        },
      );
      req.on('socket', (assigned) => (socket = assigned));
      req.on('error', reject);
      if (body === null) return req.end();
      // Written in pieces, as a client on a real network sends a big body.
      const data = Buffer.from(body);
      for (let at = 0; at < data.length; at += 256 * 1024) req.write(data.subarray(at, at + 256 * 1024));
      req.end();
    });
  }

  const freshAgent = () => {
    agent?.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  };
  const apiHeaders = { accountid: DEMO_SITE.accountId, 'content-type': 'application/json' };
  const signed = (path: string) => JSON.stringify(h.client.wrap(path, {}));

  it('/api: 413 with an envelope naming the limit, and the next call on the same connection', async () => {
    for (const chunked of [false, true]) {
      freshAgent();
      const big = await send('POST', `/api${API.init}`, 'x'.repeat(FIVE_MB), apiHeaders, chunked);
      expect(big.status).toBe(413);
      expect(h.client.open(big.body)).toMatchObject({
        code: Code.InvalidParams,
        msg: `参数错误：请求体过大，上限 ${h.config.BODY_LIMIT} 字节`,
      });
      expect(big.headers.connection, `chunked: ${chunked}`).not.toBe('close');
      const next = await send('POST', `/api${API.init}`, signed(API.init), apiHeaders);
      expect(next.socket, `chunked: ${chunked}`).toBe(big.socket);
      expect(h.client.open(next.body).code).toBe(Code.Ok);
    }
  });

  it('/admin-api: 413 with its error body, and the next request on the same connection', async () => {
    freshAgent();
    const big = await send('POST', '/admin-api/session', JSON.stringify({ username: 'x'.repeat(FIVE_MB) }), {
      'content-type': 'application/json',
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body) as AdminError).toEqual({ message: '请求体过大，超出该接口允许的大小' });
    const next = await send('GET', '/admin-api/session', null);
    expect(next.socket).toBe(big.socket);
    expect(next.status).toBe(401);
  });

  it('other routes: a plain 413, and the next request on the same connection', async () => {
    freshAgent();
    const big = await send('POST', '/pay/notify', 'a='.padEnd(FIVE_MB, 'x'), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(big.status).toBe(413);
    const next = await send('GET', '/api/fetch-data', null);
    expect(next.socket).toBe(big.socket);
    expect(next.status).toBeLessThan(500);
  });

  it('closes the connection after the answer when the declared body is not worth reading', async () => {
    freshAgent();
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api${API.init}`,
          agent,
          headers: { ...apiHeaders, 'content-length': String(DRAIN_MAX_BYTES + 1) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
              socket: null,
            }),
          );
        },
      );
      req.on('error', reject);
      req.write('x'.repeat(1024)); // the server answers from the header alone
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(h.client.open(answer.body).code).toBe(Code.InvalidParams);
  });
});
