/**
 * Issue 7, acceptance 1 (scale mode): two real server processes on two ports, one PostgreSQL
 * database and one Redis (a key prefix of this run) act as one server: sessions, replay ids,
 * stock and rate limits are shared. And a server whose Redis is down still answers, keeping replay
 * ids in its memory, and says so in its log (this part needs no PostgreSQL or Redis).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignInData, UserInfo } from '../../../contract/calls/account.ts';
import { API } from '../../../contract/calls/paths.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { newDeviceId, newRequestId } from '../../../contract/protocol/ids.ts';
import type { Db } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { openPostgresDb } from '../../db/postgres-db.ts';
import { ensureDemoSite } from '../../db/sites.ts';
import { freePort } from '../../../e2e/server-process.ts';
import { assertLedgersBalanced, grant, idOf, MX, seedMember } from '../member-fixture.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const { DATABASE_URL, REDIS_URL } = process.env;

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'two server processes on one PostgreSQL and one Redis (skipped without DATABASE_URL and REDIS_URL; CI sets both)',
  () => {
    const prefix = `test:scale:${randomBytes(6).toString('hex')}:`;
    let database: ScratchDatabase;
    let db: Db;
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      database = await createScratchDatabase(DATABASE_URL!);
      db = await openPostgresDb({ url: database.url });
      await migrate(db);
      await ensureDemoSite(db);
      await seedMember(db);
      const env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, RATE_LIMITS: 'on' };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    });
    afterEach(() => assertLedgersBalanced(db));
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
      await db?.close();
      await database?.drop();
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('serves a session opened on one process on the other', async () => {
      const [a, b] = servers;
      const guest = await a!.client.registerGuest();
      const { envelope } = await b!.client.call<UserInfo>(API.current, {}, { token: guest.token });
      expect(envelope).toMatchObject({ code: Code.Ok, data: { id: guest.info.id } });
      // the log reaches stdout in batches (server/logging/log-batch.ts): wait for the line
      await expect.poll(() => a!.log()).toMatch(/replay ids and rate limits: Redis redis:\/\/[^,]+, keys test:scale:/);
    });

    it('refuses on one process a request id already used on the other', async () => {
      const [a, b] = servers;
      const requestId = newRequestId();
      const wrapper = JSON.stringify(
        a!.client.wrap(API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 }, { requestId }),
      );
      expect((await a!.client.post<SignInData>(API.registerDevice, wrapper)).envelope.code).toBe(Code.Ok);
      expect((await b!.client.post(API.registerDevice, wrapper)).envelope).toMatchObject({
        code: Code.Rejected,
        msg: '重复的请求：requestId 已使用',
      });
    });

    it('never oversells: 100 concurrent exchanges of a good with stock 5, split across both', async () => {
      const goodsId = await idOf(db, 'points_goods', MX.stockFive);
      const members = [];
      for (let i = 0; i < 20; i++) members.push(await servers[i % 2]!.client.registerGuest());
      for (const member of members) await grant(db, member.info.id, { points: 100 });
      const attempts = members.flatMap((member, m) =>
        Array.from({ length: 5 }, (_, k) =>
          servers[(m + k) % 2]!.client.call(
            API.exchangeGoods,
            { goodsId, quantity: 1, idempotencyKey: randomBytes(12).toString('hex') },
            { token: member.token },
          ),
        ),
      );
      const codes = (await Promise.all(attempts)).map((r) => r.envelope.code);
      expect(codes.filter((code) => code === Code.Ok)).toHaveLength(5);
      expect(codes.filter((code) => code === Code.Insufficient)).toHaveLength(95);
      expect(await db.one('SELECT stock FROM points_goods WHERE id = $1', [goodsId])).toEqual({ stock: 0 });
      expect(await db.one('SELECT count(*)::int AS n FROM goods_exchanges WHERE goods_id = $1', [goodsId])).toEqual({
        n: 5,
      });
    });

    it('counts a rate limit across both processes', async () => {
      const guest = await servers[0]!.client.registerGuest();
      const planId = await idOf(db, 'vip_plans', 'month');
      const codes = [];
      for (let i = 0; i < 11; i++) {
        codes.push(
          (await servers[i % 2]!.client.call(API.depositVip, { planId, payType: 'alipay' }, { token: guest.token }))
            .envelope.code,
        );
      }
      expect(codes).toEqual([...Array.from({ length: 10 }, () => Code.Ok), Code.RateLimited]);
    });
  },
);

describe('a server whose Redis is down', () => {
  it('still answers, keeps replay ids in memory and says DEGRADED in its log', { timeout: 120_000 }, async () => {
    const server = await startServerProcess({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, RATE_LIMITS: 'on' });
    try {
      const guest = await server.client.registerGuest();
      expect((await server.client.call(API.current, {}, { token: guest.token })).envelope.code).toBe(Code.Ok);
      const wrapper = JSON.stringify(
        server.client.wrap(API.registerDevice, { deviceId: newDeviceId(), deviceType: 3 }),
      );
      expect((await server.client.post(API.registerDevice, wrapper)).envelope.code).toBe(Code.Ok);
      expect((await server.client.post(API.registerDevice, wrapper)).envelope.code).toBe(Code.Rejected);
      await expect
        .poll(() => server.log())
        .toMatch(
          /Redis redis:\/\/127\.0\.0\.1:\d+\/? unavailable \(.+\): DEGRADED, replay ids and rate limits are kept in this process's memory/,
        );
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
