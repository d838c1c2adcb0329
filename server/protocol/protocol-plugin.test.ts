/**
 * The protocol plugin on its own, with calls the product does not have yet: an unsigned call (the
 * upload paths), handlers that throw, a handler without data.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '../../contract/protocol/codes.ts';
import { configWith } from '../config.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { SiteDirectory } from '../site-directory.ts';
import { openTestDb } from '../test/harness.ts';
import { createTestClient } from '../test/test-client.ts';
import { ApiError } from '../api-error.ts';
import type { Call } from './define-call.ts';
import { createNodeCipher } from '../../contract/protocol/node-cipher.ts';
import { protocolPlugin } from './protocol-plugin.ts';
import { createMemoryState } from '../request-state/memory-state.ts';
import { noRateLimits } from './rate-limit.ts';

const testCall = (path: string, run: Call['run'], signed = true): Call => ({
  path,
  schema: z.object({ n: z.number().int().optional() }),
  auth: 'none',
  signed,
  encrypted: false,
  upload: null,
  run,
  afterAnswer: null,
});

const CALLS: Call[] = [
  testCall('/file/chunk/check', async ({ payload }) => ({ echo: payload }), false),
  testCall('/test/api-error', async () => {
    throw new ApiError(Code.Insufficient, '积分不足');
  }),
  testCall('/test/crash', async () => {
    throw new Error('secret internal detail');
  }),
  testCall('/test/no-data', async () => undefined),
];

describe('protocol plugin', () => {
  let db: Db;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const config = configWith({ LOG_LEVEL: 'silent' });
  const client = () => createTestClient(app, config);

  beforeAll(async () => {
    db = await openTestDb('pglite');
    await migrate(db);
    await ensureDemoSite(db);
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } } });
    await app.register(protocolPlugin, {
      prefix: '/api',
      calls: CALLS,
      db,
      config,
      cipher: createNodeCipher({ key: config.APP_AES_KEY, iv: config.APP_AES_IV }),
      shared: createMemoryState(),
      limits: noRateLimits,
      sites: new SiteDirectory(db),
      now: Date.now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('takes the plain JSON body of an unsigned call, and validates it', async () => {
    const ok = await client().post('/file/chunk/check', JSON.stringify({ n: 5 }));
    expect(ok.envelope).toEqual({ code: Code.Ok, msg: '成功', data: { echo: { n: 5 } } });
    const empty = await client().post('/file/chunk/check', '');
    expect(empty.envelope.data).toEqual({ echo: {} });
    const bad = await client().post('/file/chunk/check', JSON.stringify({ n: 'five' }));
    expect(bad.envelope).toMatchObject({ code: Code.InvalidParams, msg: '参数错误：n 必须是数字' });
  });

  it('answers an ApiError with its code and msg', async () => {
    expect((await client().call('/test/api-error')).envelope).toEqual({
      code: Code.Insufficient,
      msg: '积分不足',
      data: null,
    });
  });

  it('answers any other error with code 1, logs it and keeps its detail from the client', async () => {
    const { status, envelope } = await client().call('/test/crash');
    expect(status).toBe(200);
    expect(envelope).toEqual({ code: Code.SystemError, msg: '系统错误', data: null });
    expect(JSON.stringify(envelope)).not.toContain('secret');
    expect(logLines.join('\n')).toContain('secret internal detail');
  });

  it('sends data null when a handler returns nothing', async () => {
    expect((await client().call('/test/no-data')).envelope).toEqual({ code: Code.Ok, msg: '成功', data: null });
  });
});
