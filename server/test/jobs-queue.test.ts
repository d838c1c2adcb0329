/**
 * The job queue's pieces: pg-boss's locked scripts through our Db (a failing one is rolled back and
 * leaves PGlite's one connection usable), a job retried after a failure with its attempts counted,
 * and the ladder's rungs for landscape, portrait, small and rotated sources.
 */
import { describe, expect, it } from 'vitest';
import { configWith } from '../config.ts';
import { bossDb, JobQueue } from '../jobs/job-queue.ts';
import { ladderOf, parseProbe, LadderError } from '../media/hls-ladder.ts';
import { EVERY_DB_KIND, openTestDb } from './harness.ts';

const silent = { warn: () => undefined, info: () => undefined } as never;

describe('ladder rungs', () => {
  const heights = (w: number, h: number) => ladderOf(w, h).map((r) => `${r.width}x${r.pixelHeight}`);
  it('makes only the rungs the source fills, by its shorter side', () => {
    expect(heights(1280, 720)).toEqual(['640x360', '1280x720']);
    expect(heights(1920, 1080)).toEqual(['640x360', '1280x720', '1920x1080']);
    expect(heights(3840, 2160)).toEqual(['640x360', '1280x720', '1920x1080']);
    expect(heights(1080, 1920)).toEqual(['360x640', '720x1280', '1080x1920']);
    expect(heights(854, 480)).toEqual(['640x360']);
    expect(heights(320, 180)).toEqual(['320x180']);
    expect(heights(321, 181)).toEqual(['320x180']);
  });

  it('reads size, rotation, duration and audio from ffmpeg, and refuses what is no video', () => {
    const report = `Duration: 00:01:02.50, start: 0.000000
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 25 fps
    Side data:
      displaymatrix: rotation of -90.00 degrees
    Stream #0:1(und): Audio: aac (LC), 48000 Hz, stereo`;
    expect(parseProbe(report)).toEqual({ width: 1080, height: 1920, durationS: 62.5, audio: true });
    expect(() => parseProbe('x.mp4: Invalid data found when processing input')).toThrow(LadderError);
    expect(() => parseProbe('Stream #0:0: Audio: mp3')).toThrow('文件中没有视频画面');
  });
});

describe.each(EVERY_DB_KIND)('the job queue on %s', (kind) => {
  it('runs a failing locked script as a transaction rolled back, and goes on', async () => {
    const db = await openTestDb(kind);
    try {
      const boss = bossDb(db);
      await db.exec('CREATE TABLE probe (n integer)');
      await expect(
        boss.executeSql('BEGIN;\nINSERT INTO probe VALUES (1);\nSELECT 1/0;\nCOMMIT;\n', []),
      ).rejects.toThrow(/division by zero/);
      expect(await db.query('SELECT * FROM probe')).toEqual([]);
      expect((await boss.executeSql('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }]);
    } finally {
      await db.close();
    }
  });

  it('retries a failed job with backoff and counts its attempts', async () => {
    const db = await openTestDb(kind);
    const queue = new JobQueue(db, configWith({ JOBS_POLL_SECONDS: 0.5 }), silent);
    try {
      await queue.define({ name: 'probe', retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30 });
      const seen: number[] = [];
      await queue.work<{ n: number }>('probe', async (job) => {
        seen.push(job.retryCount);
        if (seen.length === 1) throw new Error('first attempt fails');
        return { n: job.data.n * 2 };
      });
      const id = await queue.send('probe', { n: 21 });
      const end = Date.now() + 30_000;
      while ((await queue.unfinished('probe')) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      const job = await queue.getJobById<{ n: number }>('probe', id);
      expect(job).toMatchObject({ state: 'completed', retryCount: 1, output: { n: 42 } });
      expect(seen).toEqual([0, 1]);
    } finally {
      await queue.stop();
      await db.close();
    }
  });
});
