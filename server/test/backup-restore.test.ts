/**
 * Backups that restore (docs/operations.md "Backups"): `npm run backup`'s code path, run while the
 * app serves deposits, replies with images and likes, on PGlite (asked of the process holding the
 * store over its local channel) and on PostgreSQL (scratch databases, dropped after); restored into
 * a new data folder / an empty database: every ledger sums to its balance, every kept counter
 * matches its rows, every upload a row names is on disk, new rows take new ids, and the restored
 * site serves. A damaged, cut or hostile file is refused before anything is written, as is a
 * target that holds data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../contract/calls/member.ts';
import type { MovieDetail } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { ArchiveWriter } from '../backup/archive-format.ts';
import { openBackupChannel, type BackupChannel } from '../backup/backup-channel.ts';
import { runBackup, runRestore } from '../backup/backup-command.ts';
import { backupFileName, backupsIn, BackupSchedule, pruneBackups } from '../backup/backup-schedule.ts';
import { tableLayouts, quoted } from '../backup/store-snapshot.ts';
import { envConfigWith, type EnvConfig } from '../config.ts';
import type { Db, DbKind } from '../db/db.ts';
import { counterSnapshot, recountCounters } from '../db/counters.ts';
import { ledgerMismatches } from '../db/ledger.ts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open-db.ts';
import { createPglite, pgliteDbOf } from '../db/pglite-db.ts';
import { pgliteTemplate } from '../db/pglite-template.ts';
import { openPostgresDb, withAdminClient } from '../db/postgres-db.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { communityCounterMismatches, replyLikeOffsets } from './community-counters.ts';
import { dataOf, FX } from './content-fixture.ts';
import { createAppOn, EVERY_DB_KIND, type StoreApp } from './harness.ts';
import { idOf, notifyParams, seedMember } from './member-fixture.ts';
import { png } from './upload-fixture.ts';

const scratchName = (role: string) => `backup_${role}_${randomBytes(5).toString('hex')}`;
const urlOf = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A store as `npm run serve` opens it: PGlite files in DATA_DIR/pg, or a scratch PostgreSQL database. */
async function openStore(kind: DbKind, env: EnvConfig, fresh: boolean): Promise<Db> {
  if (kind === 'postgres') return openPostgresDb({ url: env.DATABASE_URL! });
  if (!fresh) return openDb(env);
  // A migrated store with the demo site, loaded from the tests' dump instead of initdb + migrations.
  return pgliteDbOf(
    await createPglite({ dataDir: join(env.DATA_DIR, 'pg'), loadDataDir: await pgliteTemplate('migrated') }),
  );
}

/** Upload names (…webp) that some row of the store names. */
async function namedUploads(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  for (const table of await tableLayouts(db)) {
    for (const { j } of await db.query<{ j: string }>(
      `SELECT row_to_json(t)::text AS j FROM ${quoted(table.name)} t`,
    )) {
      for (const m of j.matchAll(/\/uploads\/([0-9a-f]{32}\.webp)/g)) names.add(m[1]!);
    }
  }
  return names;
}

/** The kept list counters as they are, and as a full recount of their rows makes them (rolled back). */
async function listCountersAndRecount(db: Db): Promise<[string[], string[]]> {
  const kept = await counterSnapshot(db);
  let recounted: string[] = [];
  await db
    .tx(async (q) => {
      await recountCounters(q);
      recounted = await counterSnapshot(q);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return [kept, recounted];
}

describe.each(EVERY_DB_KIND)('backup and restore on %s', (kind) => {
  const dirs: string[] = [];
  const databases: string[] = [];
  let source: Db;
  let served: StoreApp;
  let env: EnvConfig;
  let likeOffsets: Map<number, number>;
  let channel: BackupChannel | undefined;

  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'station-backup-'));
    dirs.push(dir);
    return dir;
  };
  const envFor = async (role: string): Promise<EnvConfig> => {
    const dir = await tempDir();
    let DATABASE_URL: string | undefined;
    if (kind === 'postgres') {
      const name = scratchName(role);
      await withAdminClient(process.env.DATABASE_URL!, `CREATE DATABASE ${name}`);
      databases.push(name);
      DATABASE_URL = urlOf(name);
    }
    return envConfigWith({
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'silent',
      READ_CACHE_MS: 0,
      STATIC_DIR: join(tmpdir(), 'station-pwa-no-build'),
      DATA_DIR: dir,
      UPLOAD_DIR: join(dir, 'uploads'),
      MEDIA_DIR: join(dir, 'media'),
      BACKUP_DIR: join(dir, 'backups'),
      DATABASE_URL,
    });
  };

  beforeAll(async () => {
    env = await envFor('src');
    source = await openStore(kind, env, true);
    if (kind === 'postgres') {
      await migrate(source);
      await ensureDemoSite(source);
    }
    await seedMember(source);
    // Media the rows name (a poster) and one they do not: MEDIA_DIR is copied whole.
    await mkdir(join(env.MEDIA_DIR, 'posters'), { recursive: true });
    await writeFile(join(env.MEDIA_DIR, 'posters', 'm1-s.webp'), await png(36, 54));
    await writeFile(join(env.MEDIA_DIR, 'posters', 'm1-l.webp'), await png(72, 108));
    served = await createAppOn(source, { config: env });
    // PGlite: the process holding the store answers `npm run backup` over its local channel.
    if (kind === 'pglite') channel = await openBackupChannel(source, served.config, served.app.log);
    likeOffsets = await replyLikeOffsets(source);
  }, 120_000);

  afterAll(async () => {
    await channel?.close();
    await served?.app.close();
    await source?.close();
    for (const name of databases)
      await withAdminClient(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** One member's writes: a deposit paid, a reply with a new image, a like of it, a movie comment. */
  async function writeRound(round: number): Promise<void> {
    const { client, app, config } = served;
    const { token } = await client.registerGuest();
    const deposit = await dataOf<{ orderNo: string }>(
      client,
      API.depositCoin,
      { packageId: await idOf(source, 'coin_packages', 'c680'), payType: 'wxpay' },
      token,
    );
    const notify = await app.inject({
      method: 'POST',
      url: '/pay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(notifyParams(config, { orderNo: deposit.orderNo, amountFen: 6800 })).toString(),
    });
    expect(notify.body).toBe('success');
    const upload = await client.postMultipart<UploadedImage>(
      API.uploadImage,
      [
        { name: 'purpose', data: 'post' },
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: await png(40 + round, 30) },
      ],
      { token },
    );
    expect(upload.envelope.code).toBe(0);
    const key = () => randomBytes(12).toString('hex');
    const reply = await dataOf<{ id: number }>(
      client,
      API.replyCreate,
      {
        targetType: 'post',
        targetId: FX.topicWithReplies,
        body: `备份期间的回复 ${round}`,
        images: [upload.envelope.data.url],
        idempotencyKey: key(),
      },
      token,
    );
    await dataOf(client, API.replyLike, { id: reply.id, like: true }, token);
    await dataOf(
      client,
      API.replyCreate,
      {
        targetType: 'movie',
        targetId: FX.freeMovie,
        body: `评论 ${round}`,
        rating: 1 + (round % 5),
        idempotencyKey: key(),
      },
      token,
    );
  }

  it('backs up while writes are in flight and restores a store that adds up and serves', async () => {
    for (let round = 0; round < 3; round++) await writeRound(round);
    // Writers keep going while the backup is made.
    let writing = true;
    let rounds = 3;
    const writers = Array.from({ length: 3 }, async () => {
      while (writing) await writeRound(rounds++);
    });
    const outcome = await runBackup(env).finally(() => {
      writing = false;
    });
    await Promise.all(writers);
    expect(rounds).toBeGreaterThan(3);
    expect(outcome.by).toBe(kind === 'pglite' ? 'server' : 'this process');
    expect((await stat(outcome.file)).mode & 0o777).toBe(0o600);
    if (outcome.summary) expect(outcome.summary.missingUploads).toEqual([]);

    const target = await envFor('dst');
    const summary = await runRestore(target, outcome.file);
    expect(summary.rows).toBeGreaterThan(100);
    expect(summary.files).toBeGreaterThan(3);

    const restored = await openStore(kind, target, false);
    try {
      expect(await ledgerMismatches(restored)).toEqual([]);
      expect(await communityCounterMismatches(restored, likeOffsets)).toEqual([]);
      const [kept, recounted] = await listCountersAndRecount(restored);
      expect(kept).toEqual(recounted);
      const uploads = await namedUploads(restored);
      expect(uploads.size).toBeGreaterThanOrEqual(3);
      for (const name of uploads) expect((await stat(join(target.UPLOAD_DIR, name))).isFile()).toBe(true);
      expect(await readFile(join(target.MEDIA_DIR, 'posters', 'm1-s.webp'))).toEqual(
        await readFile(join(env.MEDIA_DIR, 'posters', 'm1-s.webp')),
      );
      // The server's secrets came with the store (a notify signed for the source verifies here).
      const keys = await restored.query<{ name: string }>('SELECT name FROM server_keys ORDER BY name');
      expect(keys.map((k) => k.name)).toEqual(expect.arrayContaining(['MEDIA_SECRET', 'PAY_KEY']));

      const site = await createAppOn(restored, { config: target });
      try {
        expect(site.config.PAY_KEY).toBe(served.config.PAY_KEY);
        const detail = await dataOf<MovieDetail>(site.client, API.movieDetail, { id: FX.freeMovie });
        expect(detail.id).toBe(FX.freeMovie);
        // New rows take ids after the restored ones (the sequences came back).
        const before = await restored.one<{ n: number }>('SELECT max(id)::int AS n FROM replies');
        const { token } = await site.client.registerGuest();
        const reply = await dataOf<{ id: number }>(
          site.client,
          API.replyCreate,
          {
            targetType: 'post',
            targetId: FX.topicWithReplies,
            body: '恢复后的新回复',
            idempotencyKey: 'after-restore-0001',
          },
          token,
        );
        expect(reply.id).toBeGreaterThan(before!.n);
      } finally {
        await site.app.close();
      }
    } finally {
      await restored.close();
    }

    // A second restore into the same target is refused: it holds data now.
    await expect(runRestore(target, outcome.file)).rejects.toThrow(/not empty/);
  }, 180_000);

  it('keeps the newest BACKUP_KEEP scheduled backups', async () => {
    const schedule = new BackupSchedule(
      source,
      { ...env, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 },
      served.app.log,
      () => Date.parse('2030-01-01T00:00:00Z'),
    );
    await mkdir(env.BACKUP_DIR, { recursive: true });
    for (const day of ['2029-12-29', '2029-12-30', '2029-12-31'])
      await writeFile(join(env.BACKUP_DIR, backupFileName(new Date(`${day}T00:00:00Z`))), 'old');
    await writeFile(join(env.BACKUP_DIR, 'notes.txt'), 'not a backup');
    const file = await schedule.runOnce();
    expect((await backupsIn(env.BACKUP_DIR)).map((b) => b.name)).toEqual([
      backupFileName(new Date('2029-12-31T00:00:00Z')),
      backupFileName(new Date('2030-01-01T00:00:00Z')),
    ]);
    expect(file.endsWith(backupFileName(new Date('2030-01-01T00:00:00Z')))).toBe(true);
    expect(await readFile(join(env.BACKUP_DIR, 'notes.txt'), 'utf8')).toBe('not a backup');
    expect(await pruneBackups(env.BACKUP_DIR, 1)).toHaveLength(1);
    await schedule.stop();
  }, 60_000);
});

describe('a backup file that is not whole or not honest', () => {
  let dir: string;
  let good: Buffer;
  let env: EnvConfig;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'station-backup-bad-'));
    env = envConfigWith({
      DATA_DIR: join(dir, 'data'),
      UPLOAD_DIR: join(dir, 'data', 'uploads'),
      MEDIA_DIR: join(dir, 'data', 'media'),
      BACKUP_DIR: join(dir, 'backups'),
    });
    const db = pgliteDbOf(
      await createPglite({ dataDir: join(env.DATA_DIR, 'pg'), loadDataDir: await pgliteTemplate('migrated') }),
    );
    await db.close();
    const outcome = await runBackup(env, join(dir, 'good.backup.gz'));
    good = await readFile(outcome.file);
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const restoreOf = async (name: string, bytes: Buffer) => {
    const file = join(dir, name);
    await writeFile(file, bytes);
    const target = join(dir, `target-${name}`);
    const error = await runRestore(
      envConfigWith({ DATA_DIR: target, UPLOAD_DIR: join(target, 'uploads'), MEDIA_DIR: join(target, 'media') }),
      file,
    ).then(
      () => null,
      (e: Error) => e,
    );
    // Refused before anything was written.
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
    return error?.message;
  };

  it('refuses a truncated file', async () => {
    expect(await restoreOf('cut.gz', good.subarray(0, Math.floor(good.length / 2)))).toMatch(/truncated/);
    // Cut inside the archive but with a whole gzip stream around it.
    const inner = gunzipSync(good);
    expect(await restoreOf('cut-inner.gz', gzipSync(inner.subarray(0, inner.length - 100)))).toMatch(/truncated/);
  });

  it('refuses a changed byte, in the gzip stream or inside the archive', async () => {
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    expect(await restoreOf('flipped.gz', flipped)).toMatch(/damaged|truncated/);
    const inner = Buffer.from(gunzipSync(good));
    const headerAt = inner.indexOf('{"kind":"rows"');
    const at = headerAt + inner.readUInt32BE(headerAt - 4) + 1;
    inner[at] = inner[at] === 0x41 ? 0x42 : 0x41;
    expect(await restoreOf('changed.gz', gzipSync(inner))).toMatch(/checksum of rows of the table \w+ does not match/);
  });

  it('refuses what is not a backup', async () => {
    expect(await restoreOf('plain.gz', Buffer.from('hello'))).toMatch(/damaged: it is not a whole gzip stream/);
    expect(await restoreOf('other.gz', gzipSync(Buffer.from('PK\u0003\u0004 a zip')))).toMatch(/not a backup file/);
  });

  it('refuses an entry named ../x (or absolute) and writes nothing outside the target', async () => {
    for (const [name, path] of [
      ['dotdot.gz', '../x'],
      ['absolute.gz', '/tmp/x'],
      ['nested.gz', 'a/../../x'],
    ] as const) {
      const file = join(dir, `${name}.raw`);
      const gzip = createGzip();
      const done = pipeline(gzip, createWriteStream(file));
      const writer = new ArchiveWriter(gzip);
      const meta = gunzipSync(good);
      const length = meta.readUInt32BE(15);
      await writer.entry({
        ...(JSON.parse(meta.subarray(19, 19 + length).toString('utf8')) as object),
        kind: 'meta',
      } as never);
      await writer.entry({ kind: 'file', area: 'uploads', path } as never, Buffer.from('evil'));
      await writer.end();
      gzip.end();
      await done;
      expect(await restoreOf(name, await readFile(file))).toMatch(
        /hostile: entry 2: path must be a relative path of plain names/,
      );
    }
    await expect(stat(join(dir, 'x'))).rejects.toThrow(/ENOENT/);
  });
});
