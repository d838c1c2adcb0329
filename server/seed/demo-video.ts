/**
 * A demo video as the console's ingest makes one: videos/v{n} holding a master playlist over a
 * 360p and a 720p rung (server/media/hls-ladder.ts, 4 s segments), `seconds` long. The picture is
 * drawn at 640x360 into a mezzanine file (video-render.ts renderSource) and the ladder is made from
 * it for a 1280x720 frame, so the 720p rung is the 360p picture scaled up: a real second rung for
 * the player's 清晰度 and hls.js's switching, at a fraction of the cost of drawing 720p.
 *
 * Everything is made in a private working directory beside videos/v{n} and renamed into place when
 * whole, by one process at a time per video (a lock directory). A directory that is not the current ladder (an older demo's single 640x360 playlist, or
 * another length) is replaced, so a media cache from an older version renews itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeLadder } from '../media/hls-ladder.ts';
import { parsePlaylist } from '../media/hls-playlist.ts';
import { HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';
import { playlistSeconds } from '../media/transcode-video.ts';
import { ffmpeg, renderSource } from './video-render.ts';

/** The rungs every demo video has (hls-ladder.ts names their directories 360p, 720p). */
export const DEMO_RUNGS = [360, 720] as const;
const FRAME = { width: 1280, height: 720 };
const WORK_PREFIX = '.render-';
/** A working directory older than this belongs to a process that was killed. */
const STALE_MS = 3600_000;

/** Whether `dir` holds the current ladder of a `seconds`-long video. */
export async function isDemoLadder(dir: string, seconds: number): Promise<boolean> {
  try {
    const master = parsePlaylist(await readFile(join(dir, 'index.m3u8'), 'utf8'));
    if (master.variants.map((v) => v.uri).join() !== DEMO_RUNGS.map((h) => `${h}p/index.m3u8`).join()) return false;
    for (const height of DEMO_RUNGS) {
      const length = playlistSeconds(await readFile(join(dir, `${height}p`, 'index.m3u8'), 'utf8'));
      if (Math.abs(length - seconds) >= HLS_SEGMENT_SECONDS / 2) return false;
    }
    return true;
  } catch {
    return false;
  }
}

async function removeStaleWork(parent: string): Promise<void> {
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (!name.startsWith(WORK_PREFIX)) continue;
    const path = join(parent, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Takes videos/.render-v{n}.lock (mkdir is atomic), so processes started together (the e2e set-up,
 * `npm start`, tests) render each video once: the others wait for the lock to go, then find the
 * ladder. A lock older than STALE_MS is a killed process's and is taken over.
 */
async function lock(path: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(path);
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Makes videos/v{n} (`dir`) unless it already holds the current ladder; true when it made it. */
export async function renderVideo(dir: string, n: number, seconds: number): Promise<boolean> {
  if (await isDemoLadder(dir, seconds)) return false;
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const unlock = await lock(join(parent, `${WORK_PREFIX}v${n}.lock`));
  const work = join(parent, `${WORK_PREFIX}v${n}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    if (await isDemoLadder(dir, seconds)) return false; // made by the process that held the lock
    await removeStaleWork(parent);
    await mkdir(work);
    const mezzanine = join(work, 'source.mp4');
    await renderSource(mezzanine, n, seconds);
    // The packaged ffmpeg: this is the demo's own picture, never an upload (upload-ffmpeg.ts).
    await makeLadder(mezzanine, join(work, 'ladder'), { ffmpeg: await ffmpeg(), size: FRAME, preset: 'ultrafast' });
    await rm(dir, { recursive: true, force: true });
    await rename(join(work, 'ladder'), dir);
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
    await unlock();
  }
}
