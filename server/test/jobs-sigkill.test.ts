/**
 * A transcoding job survives its worker being killed outright: a worker process (`npm run worker`'s
 * module under tsx) takes an episode's ladder job, is sent SIGKILL while ffmpeg runs, and a second
 * worker process finishes the job: retried, not lost. On PostgreSQL the second worker runs beside
 * the dead one's stale claim and pg-boss's maintenance expires it (VIDEO_JOB_EXPIRE_SECONDS, short
 * here); on PGlite, which one process at a time may open, the second starts once the first is dead
 * and puts the dead one's job back at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configWith, type Config } from '../config.ts';
import type { Db, DbKind } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPgliteDb } from '../db/pglite-db.ts';
import { openPostgresDb } from '../db/postgres-db.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { EPISODE_VIDEO_QUEUE, episodeVideoQueue, queueEpisodeVideo } from '../media/episode-video-job.ts';
import { makeSource } from './admin-ingest-fixture.ts';
import { seedContent } from './content-fixture.ts';
import { EVERY_DB_KIND } from './harness.ts';

const WORKER = fileURLToPath(new URL('../jobs/worker-main.ts', import.meta.url));
const EXPIRE_SECONDS = 30;
const silent = { warn: () => undefined, info: () => undefined } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A temporary ladder directory holding a segment: ffmpeg is at work. */
async function ffmpegWriting(videos: string): Promise<true | undefined> {
  for (const name of await readdir(videos).catch(() => [] as string[])) {
    if (!name.endsWith('.tmp')) continue;
    const rung = await readdir(join(videos, name, '360p')).catch(() => [] as string[]);
    if (rung.some((file) => file.endsWith('.ts'))) return true;
  }
  return undefined;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.each(EVERY_DB_KIND)('a SIGKILLed video worker on %s', (kind: DbKind) => {
  it('leaves its job retried by the next worker, not lost', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jobs-sigkill-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const url = process.env.DATABASE_URL;
    const env: Record<string, string> = {
      DATA_DIR: join(dir, 'data'),
      UPLOAD_DIR: join(dir, 'uploads'),
      MEDIA_DIR: join(dir, 'media'),
      DATABASE_URL:
        kind === 'postgres'
          ? `${url}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
          : '',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_MAINTENANCE_SECONDS: '1',
      VIDEO_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      VIDEO_JOB_RETRY_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    const config: Config = configWith({
      UPLOAD_DIR: env.UPLOAD_DIR,
      MEDIA_DIR: env.MEDIA_DIR,
      VIDEO_JOB_EXPIRE_SECONDS: EXPIRE_SECONDS,
      VIDEO_JOB_RETRY_SECONDS: 1,
    });
    const open = (): Promise<Db> =>
      kind === 'pglite'
        ? openPgliteDb({ dataDir: join(env.DATA_DIR!, 'pg') })
        : openPostgresDb({ url: url!, isolatedSchema: schema });

    // The store with an episode whose ladder job is queued, and its source on disk.
    let db = await open();
    if (kind === 'postgres') cleanups.push(() => db.close());
    await migrate(db);
    await ensureDemoSite(db);
    await seedContent(db);
    const source = 'console/files/1/source.bin';
    await mkdir(join(env.UPLOAD_DIR!, 'console/files/1'), { recursive: true });
    await writeFile(join(env.UPLOAD_DIR!, source), await makeSource(1280, 720, 16));
    const queue = new JobQueue(db, config, silent);
    await queue.define(episodeVideoQueue(config));
    await queue.start();
    const { id: episodeId } = (await db.one<{ id: number }>(
      "INSERT INTO episodes (movie_id, number, title) VALUES (11, 2, '第二集') RETURNING id::int AS id",
    ))!;
    const jobId = await db.tx((q) => queueEpisodeVideo(q, queue, { episodeId, source }));
    await queue.stop();
    if (kind === 'pglite') await db.close();

    // The first worker takes the job and is killed while ffmpeg writes segments.
    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    await until('ffmpeg at work in the first worker', () => ffmpegWriting(join(env.MEDIA_DIR!, 'videos')), 90_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    if (kind === 'postgres') {
      const claimed = await db.one<{ state: string }>(`SELECT state FROM ${schema}.job WHERE id = $1`, [jobId]);
      expect(claimed?.state).toBe('active');
    }

    // A second worker finishes it.
    const second = startWorker(env);
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    if (kind === 'postgres') {
      await until(
        'the episode ready',
        async () =>
          (await db.one<{ state: string }>("SELECT state FROM episodes WHERE id = $1 AND state = 'ready'", [
            episodeId,
          ])) ?? undefined,
        (EXPIRE_SECONDS + 90) * 1000,
      );
      second.child.kill('SIGTERM');
      await second.exited;
    } else {
      await until(
        'the job done',
        async () => (second.output().includes('episode video ready') ? true : undefined),
        120_000,
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      db = await open();
      cleanups.push(() => db.close());
    }
    expect(second.output()).not.toContain('"level":50');

    const episode = await db.one<{ state: string; video: string; rungs: number[]; duration_s: number }>(
      'SELECT state, video, rungs, duration_s FROM episodes WHERE id = $1',
      [episodeId],
    );
    expect(episode).toMatchObject({ state: 'ready', rungs: [360, 720], duration_s: 16 });
    const job = await db.one<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM ${kind === 'postgres' ? schema : 'pgboss'}.job WHERE name = $1 AND id = $2`,
      [EPISODE_VIDEO_QUEUE, jobId],
    );
    expect(job?.state).toBe('completed');
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);
    expect(await readFile(join(env.MEDIA_DIR!, episode!.video, 'index.m3u8'), 'utf8')).toContain('720p/index.m3u8');
    // The killed attempt's half-made ladder was removed.
    expect((await readdir(join(env.MEDIA_DIR!, 'videos'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 300_000);
});
