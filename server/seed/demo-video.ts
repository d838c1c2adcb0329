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
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
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
/** The file in a lock directory naming its holder: "<host> <pid>". */
const OWNER = 'owner';
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

/**
 * Removes what killed processes left: working directories older than STALE_MS, and every working
 * directory of video `n` (the caller holds its lock, so no other process works on it).
 */
async function removeStaleWork(parent: string, n: number): Promise<void> {
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (!name.startsWith(WORK_PREFIX)) continue;
    const path = join(parent, name);
    const info = await stat(path).catch(() => null);
    const mine = name.startsWith(`${WORK_PREFIX}v${n}-`);
    if (info && (mine || Date.now() - info.mtimeMs > STALE_MS)) await rm(path, { recursive: true, force: true });
  }
}

/** Whether the lock at `path` is a gone process's: one of this host not running, or older than STALE_MS. */
async function abandoned(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  if (!info) return false; // released meanwhile
  if (Date.now() - info.mtimeMs > STALE_MS) return true;
  const [host, pid] = (await readFile(join(path, OWNER), 'utf8').catch(() => '')).split(' ');
  if (host !== hostname() || !Number.isSafeInteger(Number(pid)) || Number(pid) <= 0) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes videos/.render-v{n}.lock (mkdir is atomic; it names its host and process), so processes
 * started together (the e2e set-up, `npm start`, tests) render each video once: the others wait for
 * the lock to go, then find the ladder. The lock of a process that was killed (gone from this host,
 * or older than STALE_MS) is taken over, so a restart after an interrupted render renders at once.
 */
async function lock(path: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, OWNER), `${hostname()} ${process.pid}`);
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await abandoned(path)) await rm(path, { recursive: true, force: true });
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
    await removeStaleWork(parent, n);
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
