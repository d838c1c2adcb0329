/**
 * The demo media of the server (SEED_DEMO=full), made after it listens: `prepareDemoMedia` finds
 * the files of the demo plan that are missing (a stat per image file, the playlists of each video:
 * all a second start costs) and registers them as pending (server/media/pending-media.ts);
 * `start()` then makes them in the background: the images of home first (banners, featured,
 * posters), then the video ladders, then the other images (covers, avatars). Two jobs run at once
 * at most, one of them ffmpeg, so the server keeps answering on a small machine. Meanwhile an image
 * asked for is made at once, and a title whose ladder is missing answers 视频处理中 and has its
 * ladder made next; every title plays as soon as its own ladder is there.
 *
 * Every file appears whole or not at all (atomic-file.ts, demo-video.ts), so an interrupted start
 * leaves nothing that passes for done. The log tells the progress every PROGRESS_MS and the end.
 */
import { buildDemoPlan } from './demo-plan.ts';
import { jobIsDone, jobKeys, runJob } from './generate-media.ts';
import { demoMediaJobs, type MediaJob } from './media-jobs.ts';
import { registerPendingMedia, type PendingMedia } from '../media/pending-media.ts';

export interface MediaLog {
  info(message: string): void;
  error(details: object, message: string): void;
}

export interface BackgroundMedia {
  /** Jobs missing when prepared (0: nothing to do). */
  readonly missing: number;
  /** Starts making them; resolves when all are made or tried. */
  start(): Promise<void>;
  /** Takes no further job; resolves when the jobs under way end. */
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  log: MediaLog;
  /** The jobs (default: the whole demo plan's). */
  jobs?: readonly MediaJob[];
  /** Jobs at once (default 2); a video ladder is one of them at most. */
  workers?: number;
  progressMs?: number;
}

const PROGRESS_MS = 10_000;
const HOME_DIRS = new Set(['banners', 'featured', 'posters']);

/** 0 for the images of home, 1 for the ladders, 2 for the other images. */
const rank = (job: MediaJob): number =>
  job.kind === 'video' ? 1 : HOME_DIRS.has(job.outputs[0]!.key.split('/')[0]!) ? 0 : 2;

interface Waiter {
  done: Promise<boolean>;
  settle: (made: boolean) => void;
}

export async function prepareDemoMedia(mediaDir: string, options: BackgroundOptions): Promise<BackgroundMedia> {
  const { log } = options;
  const jobs = options.jobs ?? demoMediaJobs(buildDemoPlan());
  const done = await Promise.all(jobs.map((job) => jobIsDone(mediaDir, job)));
  const queue = jobs.filter((_, i) => !done[i]).sort((a, b) => rank(a) - rank(b));
  const images = jobs.filter((job) => job.kind === 'image').length;
  const total = { images, ladders: jobs.length - images };
  const pending = new Set(queue);
  const byKey = new Map(queue.flatMap((job) => jobKeys(job).map((key) => [key, job] as const)));
  const running = new Map<MediaJob, Promise<boolean>>();
  const waiters = new Map<MediaJob, Waiter>();
  const missing = queue.length;
  let stopped = false;
  let video: Promise<boolean> | null = null;
  let failed = 0;

  if (missing === 0) {
    log.info(`demo media: all ${jobs.length} present in ${mediaDir}`);
    return { missing, start: async () => undefined, stop: async () => undefined };
  }

  const waiter = (job: MediaJob): Waiter => {
    let entry = waiters.get(job);
    if (!entry) {
      let settle!: (made: boolean) => void;
      const done = new Promise<boolean>((resolve) => (settle = resolve));
      entry = { done, settle };
      waiters.set(job, entry);
    }
    return entry;
  };

  const run = (job: MediaJob): Promise<boolean> => {
    const made = (async () => {
      try {
        await runJob(mediaDir, job);
        return true;
      } catch (error) {
        failed++;
        log.error({ err: error }, `demo media: could not make ${jobKeys(job)[0]}`);
        return false;
      } finally {
        pending.delete(job);
        for (const key of jobKeys(job)) byKey.delete(key);
        running.delete(job);
      }
    })();
    running.set(job, made);
    void made.then((ok) => waiter(job).settle(ok));
    return made;
  };

  const pendingMedia: PendingMedia = {
    has: (key) => byKey.has(key),
    hurry(key) {
      const job = byKey.get(key);
      if (!job) return Promise.resolve(false);
      const under = running.get(job);
      if (under) return under;
      const at = queue.indexOf(job);
      if (at >= 0) queue.splice(at, 1);
      if (job.kind === 'image') return run(job); // a moment's work: at once, the request waits
      queue.unshift(job);
      return waiter(job).done;
    },
  };
  const unregister = registerPendingMedia(mediaDir, pendingMedia);

  const counts = () => {
    let images = 0;
    for (const job of pending) if (job.kind === 'image') images++;
    return { images: total.images - images, ladders: total.ladders - (pending.size - images) };
  };
  const progress = () => {
    const ready = counts();
    log.info(
      `demo media: ${ready.images} of ${total.images} images, ${ready.ladders} of ${total.ladders} video ladders ready; titles play as their ladder is ready`,
    );
  };

  const worker = async (): Promise<void> => {
    while (!stopped && queue.length > 0) {
      const index = queue.findIndex((job) => job.kind === 'image' || video === null);
      if (index < 0) {
        await video; // only ladders left, and one is being made
        continue;
      }
      const job = queue.splice(index, 1)[0]!;
      if (job.kind === 'image') {
        await run(job);
        continue;
      }
      video = run(job);
      try {
        await video;
      } finally {
        video = null;
      }
    }
  };

  let work: Promise<void> | null = null;
  const start = (): Promise<void> => {
    work ??= (async () => {
      const started = Date.now();
      progress();
      const timer = setInterval(progress, options.progressMs ?? PROGRESS_MS);
      timer.unref();
      try {
        await Promise.all(Array.from({ length: options.workers ?? 2 }, worker));
        await Promise.all(running.values()); // images asked for by a request
      } finally {
        clearInterval(timer);
        unregister();
      }
      if (stopped) return;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (failed === 0) log.info(`demo media: all rendered in ${seconds} s (${missing} made)`);
      else log.info(`demo media: done in ${seconds} s; ${failed} of ${missing} could not be made (errors above)`);
    })();
    return work;
  };

  return {
    missing,
    start,
    async stop() {
      stopped = true;
      await Promise.all(running.values());
      unregister();
    },
  };
}
