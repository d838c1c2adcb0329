/**
 * The server's own secrets (MEDIA_SECRET, PAY_KEY): with none in the environment a fresh store gets
 * random ones, every app on one store (processes starting at once included) signs with the same,
 * the environment's win, and what the repository once shipped as development values opens nothing:
 * a play ticket signed with the old media secret plays no segment of a paid film, a payment notify
 * signed with the old merchant key credits nothing, a store holding one is refused. `npm run admin
 * -- rotate-secret` replaces one; a server process's start log says where each lives, never its value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOrder } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { runAdminCli, UsageError } from '../admin/cli.ts';
import { ConfigError, envConfigWith, type Config } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openPgliteDb } from '../db/pglite-db.ts';
import { saveSubscription } from '../db/push.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { vapidKeys } from '../jobs/vapid-keys.ts';
import { issuePlaylistKey } from '../media/play-ticket.ts';
import { describeSecrets, resolveServerSecrets } from '../server-secrets.ts';
import { dataOf } from './content-fixture.ts';
import { createAppOn, createHarness, EVERY_DB_KIND, openTestDb, type Harness, type StoreApp } from './harness.ts';
import { balanceOf, idOf, MX, notifyParams, seedMember, sendNotify } from './member-fixture.ts';
import { startServerProcess } from './scale/server-process.ts';

/** What the repository shipped as the development defaults: public, so they must open nothing. */
const PUBLIC_MEDIA_SECRET = 'dev-media-secret-not-for-production';
const PUBLIC_PAY_KEY = 'dev-pay-key-not-for-production';

const PAID_FILM = MX.pricedMovies[0]!;

describe.each(EVERY_DB_KIND)('the server secrets on %s', (kind) => {
  let h: Harness;
  const opened: StoreApp[] = [];
  const appOn = async (db = h.db, config: Partial<Config> = {}) => {
    const app = await createAppOn(db, { config });
    opened.push(app);
    return app;
  };
  /** HTTP status of a paid film's segment fetched with a ticket signed with `secret`. */
  const segmentStatus = async (app: StoreApp, secret: string) => {
    const playlist = issuePlaylistKey({
      movieId: PAID_FILM,
      video: `videos/v${PAID_FILM}`,
      trialSeconds: null,
      secret,
    });
    const url = `/cdn/1/${playlist.replace('index.m3u8', 'seg-003.ts')}`;
    return (await app.app.inject({ method: 'GET', url })).statusCode;
  };
  const depositCoins = async (app: StoreApp) => {
    const guest = await app.client.registerGuest();
    const packageId = await idOf(h.db, 'coin_packages', 'c680');
    const order = await dataOf<DepositOrder>(app.client, API.depositCoin, { packageId, payType: 'wxpay' }, guest.token);
    const row = await h.db.one<{ amountFen: number }>(
      'SELECT amount_fen AS "amountFen" FROM orders WHERE order_no = $1',
      [order.orderNo],
    );
    return { userId: guest.info.id, orderNo: order.orderNo, amountFen: row!.amountFen };
  };
  const statusOf = async (orderNo: string) =>
    (await h.db.one<{ status: string }>('SELECT status FROM orders WHERE order_no = $1', [orderNo]))!.status;

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
  });
  afterAll(async () => {
    for (const app of opened) await app.app.close();
    await h?.close();
  });

  it('gives a fresh store random secrets of its own, never the public development values', async () => {
    const { MEDIA_SECRET, PAY_KEY } = h.config;
    for (const secret of [MEDIA_SECRET, PAY_KEY]) {
      expect(secret).not.toBe(PUBLIC_MEDIA_SECRET);
      expect(secret).not.toBe(PUBLIC_PAY_KEY);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    }
    expect(MEDIA_SECRET).not.toBe(PAY_KEY);
    const other = await createHarness(kind);
    try {
      expect(other.config.MEDIA_SECRET).not.toBe(MEDIA_SECRET);
      expect(other.config.PAY_KEY).not.toBe(PAY_KEY);
    } finally {
      await other.close();
    }
  });

  it('signs with the same secrets in every app started at once on one store', async () => {
    const db = await openTestDb(kind);
    try {
      await migrate(db);
      await ensureDemoSite(db);
      const apps = await Promise.all([createAppOn(db), createAppOn(db), createAppOn(db)]);
      const [first] = apps;
      expect(first!.config.MEDIA_SECRET).not.toBe(PUBLIC_MEDIA_SECRET);
      expect(first!.config.PAY_KEY).not.toBe(PUBLIC_PAY_KEY);
      for (const app of apps) {
        expect(app.config.MEDIA_SECRET).toBe(first!.config.MEDIA_SECRET);
        expect(app.config.PAY_KEY).toBe(first!.config.PAY_KEY);
      }
      // and a later start (a restart) reads them back
      const later = await createAppOn(db);
      expect(later.config.MEDIA_SECRET).toBe(first!.config.MEDIA_SECRET);
      for (const app of [...apps, later]) await app.app.close();
    } finally {
      await db.close();
    }
  });

  it('takes a secret the environment sets over the store, and says so without its value', async () => {
    const given = 'an-operator-chosen-media-secret-0123456789';
    const app = await appOn(h.db, { MEDIA_SECRET: given });
    expect(app.config.MEDIA_SECRET).toBe(given);
    expect(app.config.PAY_KEY).toBe(h.config.PAY_KEY);
    const resolved = await resolveServerSecrets(h.db, envConfigWith({ MEDIA_SECRET: given }));
    expect(resolved.origins).toEqual({ MEDIA_SECRET: 'shadowing', PAY_KEY: 'stored' });
    const lines = describeSecrets(resolved);
    expect(lines).toContainEqual({
      level: 'warn',
      text: expect.stringMatching(/^MEDIA_SECRET: from the environment; /),
    });
    expect(lines).toContainEqual({
      level: 'info',
      text: 'PAY_KEY: read from the store (server_keys), generated on an earlier start',
    });
    expect(JSON.stringify(lines)).not.toContain(given);
    expect(JSON.stringify(lines)).not.toContain(h.config.PAY_KEY);
  });

  it('refuses to start on a store that keeps a public value', async () => {
    const db = await openTestDb(kind);
    try {
      await migrate(db);
      await ensureDemoSite(db);
      await db.query(`INSERT INTO server_keys (name, value) VALUES ('PAY_KEY', $1)`, [JSON.stringify(PUBLIC_PAY_KEY)]);
      await expect(appOn(db)).rejects.toThrow(ConfigError);
      await expect(appOn(db)).rejects.toThrow(/PAY_KEY \(in the store, server_keys\): .*public.*rotate-secret/s);
    } finally {
      await db.close();
    }
  });

  it('refuses a play ticket signed with the old public media secret for a paid film’s segment', async () => {
    const app = { app: h.app, config: h.config, client: h.client };
    expect(await segmentStatus(app, PUBLIC_MEDIA_SECRET)).toBe(403);
    // the same ticket signed with the server's own secret gets past the signature
    expect(await segmentStatus(app, h.config.MEDIA_SECRET)).not.toBe(403);
  });

  it('refuses a payment notify signed with the old public merchant key and credits nothing', async () => {
    const app = { app: h.app, config: h.config, client: h.client };
    const order = await depositCoins(app);
    const forged = await sendNotify(h, notifyParams(h.config, order, { key: PUBLIC_PAY_KEY }));
    expect(forged.text).toBe('fail');
    expect(await statusOf(order.orderNo)).toBe('pending');
    expect((await balanceOf(h.db, order.userId)).coins).toBe(0);
    expect(await h.db.one('SELECT note FROM payment_notifies WHERE order_no = $1', [order.orderNo])).toEqual({
      note: '商户号或签名错误',
    });
    // signed with the server's own key, the same notify credits the order
    expect((await sendNotify(h, notifyParams(h.config, order))).text).toBe('success');
    expect(await statusOf(order.orderNo)).toBe('paid');
  });

  describe('npm run admin -- rotate-secret', () => {
    it('replaces the stored MEDIA_SECRET: a ticket signed with the old one plays nothing on a restarted app', async () => {
      const before = await appOn();
      const text = await runAdminCli(h.db, ['rotate-secret', '--name', 'MEDIA_SECRET'], {});
      expect(text).toContain('MEDIA_SECRET');
      const after = await appOn();
      expect(after.config.MEDIA_SECRET).not.toBe(before.config.MEDIA_SECRET);
      expect(after.config.MEDIA_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(text).not.toContain(after.config.MEDIA_SECRET);
      expect(after.config.PAY_KEY).toBe(before.config.PAY_KEY);
      expect(await segmentStatus(after, before.config.MEDIA_SECRET)).toBe(403);
      expect(await segmentStatus(after, after.config.MEDIA_SECRET)).not.toBe(403);
    });

    it('replaces the stored PAY_KEY: a notify signed with the old one credits nothing on a restarted app', async () => {
      const before = await appOn();
      await runAdminCli(h.db, ['rotate-secret', '--name', 'PAY_KEY'], {});
      const after = await appOn();
      expect(after.config.PAY_KEY).not.toBe(before.config.PAY_KEY);
      const order = await depositCoins(after);
      const notify = (params: Record<string, string>) =>
        after.app.inject({
          method: 'POST',
          url: '/pay/notify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(params).toString(),
        });
      expect((await notify(notifyParams(before.config, order))).body).toBe('fail');
      expect(await statusOf(order.orderNo)).toBe('pending');
      expect((await notify(notifyParams(after.config, order))).body).toBe('success');
    });

    it('replaces the VAPID pair and drops the subscriptions made with the old one', async () => {
      const guest = await h.client.registerGuest();
      const old = await vapidKeys(h.db, h.config);
      await saveSubscription(h.db, {
        userId: guest.info.id,
        deviceId: null,
        endpoint: 'https://push.example.com/send/abc',
        p256dh: 'BPexample',
        auth: 'authexample',
        types: ['reply'],
      });
      const text = await runAdminCli(h.db, ['rotate-secret', '--name', 'VAPID'], {});
      expect(text).not.toContain(old.privateKey);
      const row = await h.db.one<{ value: { publicKey: string; privateKey: string } }>(
        "SELECT value FROM server_keys WHERE name = 'vapid'",
      );
      expect(row!.value.publicKey).not.toBe(old.publicKey);
      expect(row!.value.privateKey).not.toBe(old.privateKey);
      expect(await h.db.query('SELECT id FROM push_subscriptions')).toEqual([]);
    });

    it('refuses an unknown name, and a secret the environment sets', async () => {
      await expect(runAdminCli(h.db, ['rotate-secret', '--name', 'APP_AES_KEY'], {})).rejects.toThrow(UsageError);
      await expect(runAdminCli(h.db, ['rotate-secret'], {})).rejects.toThrow(/--name/);
      await expect(
        runAdminCli(h.db, ['rotate-secret', '--name', 'PAY_KEY'], { PAY_KEY: 'x'.repeat(40) }),
      ).rejects.toThrow(/PAY_KEY/);
    });
  });
});

describe('a server process started with no secret in its environment', () => {
  it('generates them, says so in its log and never writes their values there', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-start-'));
    try {
      const server = await startServerProcess({ DATA_DIR: dir, MEDIA_SECRET: '', PAY_KEY: '' });
      await expect.poll(() => server.log()).toContain('serving on');
      await server.kill('SIGTERM');
      const log = server.log();
      expect(log).toContain('MEDIA_SECRET: generated on first start, kept in the store (server_keys)');
      expect(log).toContain('PAY_KEY: generated on first start, kept in the store (server_keys)');
      const db = await openPgliteDb({ dataDir: join(dir, 'pg') });
      try {
        const rows = await db.query<{ name: string; value: unknown }>('SELECT name, value FROM server_keys');
        expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['MEDIA_SECRET', 'PAY_KEY']));
        for (const { value } of rows) expect(log).not.toContain(String(value));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
