/**
 * Makes the media files of a job list under a media directory, skipping files that exist (every
 * file appears complete or not at all, see atomic-file.ts), so a second run costs a few stat calls
 * and several processes or test runs can share one directory (e.g. ./.cache/demo-media).
 * Jobs run on a small pool sized to the machine's cores: ffmpeg and libvips use them fully.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { exists } from './atomic-file.ts';
import { renderImage } from './image-render.ts';
import type { MediaJob } from './media-jobs.ts';
import { isDemoLadder, renderVideo } from './demo-video.ts';

/**
 * Where the test suites and the bench keep the generated demo media: they are deterministic, so
 * they are kept across runs instead of made anew. DEMO_MEDIA_CACHE may name a folder outside the
 * clone, as CI's does (.ci/run: one per version of the code that makes them), so that a fresh
 * clone on the same machine renders nothing.
 */
export const DEMO_MEDIA_CACHE = process.env.DEMO_MEDIA_CACHE || '.cache/demo-media';

export interface MediaReport {
  /** Jobs that wrote files now. */
  created: number;
  /** Jobs whose files were all there already. */
  skipped: number;
  ms: number;
}

export interface GenerateOptions {
  concurrency?: number;
}

/** The media keys a job makes: an image's files, or a video's directory. */
export const jobKeys = (job: MediaJob): string[] =>
  job.kind === 'video' ? [job.key] : job.outputs.map((output) => output.key);

/** Whether every file of the job is there (a video: its whole current ladder). */
export async function jobIsDone(mediaDir: string, job: MediaJob): Promise<boolean> {
  if (job.kind === 'video') return isDemoLadder(join(mediaDir, job.key), job.seconds);
  const present = await Promise.all(job.outputs.map((output) => exists(join(mediaDir, output.key))));
  return present.every(Boolean);
}

/** Makes the job's files unless they are all there; true when it made them. */
export async function runJob(mediaDir: string, job: MediaJob): Promise<boolean> {
  if (job.kind === 'video') return renderVideo(join(mediaDir, job.key), job.n, job.seconds);
  if (await jobIsDone(mediaDir, job)) return false;
  await renderImage(
    job.spec,
    job.outputs.map((output) => ({ path: join(mediaDir, output.key), ...output.size })),
  );
  return true;
}

export async function generateMedia(
  mediaDir: string,
  jobs: readonly MediaJob[],
  options: GenerateOptions = {},
): Promise<MediaReport> {
  const started = Date.now();
  const report: MediaReport = { created: 0, skipped: 0, ms: 0 };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        if (await runJob(mediaDir, job)) report.created++;
        else report.skipped++;
      } catch (error) {
        next = jobs.length; // the other workers stop after their current job
        throw error;
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), jobs.length));
  await Promise.all(Array.from({ length: workers }, worker));
  report.ms = Date.now() - started;
  return report;
}
