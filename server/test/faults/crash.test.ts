/**
 * Durability (docs/architecture.md, money in a ledger): a server process killed with SIGKILL in the middle of a burst of deposits
 * (order and notify), purchases and exchanges loses no acknowledged write, and after a restart on
 * the same store every ledger equals its balance — on PGlite (DATA_DIR on disk) and, when
 * DATABASE_URL is set, on PostgreSQL (a scratch database). The report line prints writes
 * acknowledged, writes found and ledgers checked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SignInData } from '../../../contract/calls/account.ts';
import { API } from '../../../contract/calls/paths.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { newDeviceId } from '../../../contract/protocol/ids.ts';
import type { Db, DbKind } from '../../db/db.ts';
import { migrate } from '../../db/migrate.ts';
import { openPgliteDb } from '../../db/pglite-db.ts';
import { openPostgresDb } from '../../db/postgres-db.ts';
import { DEMO_SITE, ensureDemoSite } from '../../db/sites.ts';
import { ensureDeviceUser } from '../../db/users.ts';
import { EVERY_DB_KIND } from '../harness.ts';
import { grant, idOf, MX, seedMember } from '../member-fixture.ts';
import { createScratchDatabase } from '../scale/scratch-database.ts';
import { startServerProcess } from '../scale/server-process.ts';
import { checkWholeness, countFound } from './acknowledged-writes.ts';
import { BURST_PAY_KEY, startBurst, type Catalogue } from './write-burst.ts';

const MEMBERS = 12;
const ACKS_BEFORE_KILL = 80;

interface Store {
  env: Record<string, string>;
  open(): Promise<Db>;
  cleanup(): Promise<void>;
  /** PostgreSQL takes the test and the server at once; PGlite one process at a time. */
  shared: boolean;
}

/** A store the server process and the test open in turn. */
async function storeOf(kind: DbKind): Promise<Store> {
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    return {
      env: { DATABASE_URL: scratch.url },
      open: () => openPostgresDb({ url: scratch.url }),
      cleanup: scratch.drop,
      shared: true,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'crash-pglite-'));
  return {
    env: { DATA_DIR: dir },
    open: () => openPgliteDb({ dataDir: join(dir, 'pg') }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    shared: false,
  };
}

/** The fixture, members with coins and points, and what the burst buys. */
async function prepare(db: Db) {
  await migrate(db);
  await ensureDemoSite(db);
  await seedMember(db);
  const site = (await db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!;
  const devices = Array.from({ length: MEMBERS }, () => newDeviceId());
  for (const deviceId of devices) {
    const user = await db.tx((q) => ensureDeviceUser(q, site.id, deviceId));
    await grant(db, user.id, { coins: 600, points: 1_500 });
  }
  const packageId = await idOf(db, 'coin_packages', 'c60');
  const goodsIds = [await idOf(db, 'points_goods', 'coins-10'), await idOf(db, 'points_goods', MX.stockFive)];
  const pack = (await db.one<{ price_fen: number }>('SELECT price_fen FROM coin_packages WHERE id = $1', [packageId]))!;
  const stocks = await db.query<{ id: number; stock: number }>(
    'SELECT id, stock FROM points_goods WHERE id = ANY($1::int[])',
    [goodsIds],
  );
  const catalogue: Catalogue = { packageId, packageFen: pack.price_fen, movieIds: MX.pricedMovies, goodsIds };
  return { devices, catalogue, startingStock: new Map(stocks.map((g) => [g.id, g.stock])) };
}

describe.each(EVERY_DB_KIND)('a server killed with SIGKILL in a burst of writes, on %s', (kind) => {
  it(
    'loses no acknowledged write and leaves every ledger equal to its balance after restart',
    { timeout: 300_000 },
    async () => {
      const store = await storeOf(kind);
      let db: Db | undefined = await store.open();
      try {
        const { devices, catalogue, startingStock } = await prepare(db);
        if (!store.shared) await db.close();
        const env = { ...store.env, RATE_LIMITS: 'off', PAY_KEY: BURST_PAY_KEY };

        const server = await startServerProcess(env);
        const members = [];
        for (const deviceId of devices) {
          const { envelope } = await server.client.call<SignInData>(API.loginDevice, { deviceId, deviceType: 3 });
          members.push({ userId: envelope.data.info.id, token: envelope.data.token });
        }
        const burst = startBurst(server, members, catalogue);
        const deadline = Date.now() + 120_000;
        while (burst.acks.length < ACKS_BEFORE_KILL && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await server.kill('SIGKILL');
        await burst.stop();
        const acks = [...burst.acks];
        expect(acks.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

        // The restarted server opens the same store and serves the same sessions.
        const restarted = await startServerProcess(env);
        expect((await restarted.client.call(API.current, {}, { token: members[0]!.token })).envelope.code).toBe(
          Code.Ok,
        );
        if (!store.shared) {
          await restarted.kill('SIGTERM');
          db = await store.open();
        }
        const found = await countFound(db, acks);
        const whole = await checkWholeness(db, startingStock);
        console.info(
          `crash test on ${kind}: writes acknowledged ${acks.length}, writes found ${found}, ledgers checked ${whole.ledgersChecked}`,
        );
        expect(found).toBe(acks.length);
        expect(whole).toMatchObject({ ledgerMismatches: [], badCredits: [], badStock: [] });
        if (store.shared) await restarted.kill('SIGTERM');
      } finally {
        await db?.close().catch(() => {});
        await store.cleanup();
      }
    },
  );
});
