/**
 * A member's video → HLS VOD like the seeded ones (H.264 + AAC, 4 s segments, keyframes forced on
 * the segment bounds) with the maintained ffmpeg of upload-ffmpeg.ts, the source opened as its
 * inputOf says (demuxer named, file protocol only), scaled to fit 1280x1280, plus a poster frame
 * (poster.jpg, 640 px wide). Everything is written into a
 * temporary sibling directory that is renamed to `dir` when complete, so a clip directory only
 * ever appears whole.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parsePlaylist } from './hls-playlist.ts';
import { NOT_A_VIDEO, inputOf } from './upload-ffmpeg.ts';
import { exists, tempSibling } from '../seed/atomic-file.ts';
import { hlsKeyframeArgs, hlsOutputArgs } from '../seed/video-render.ts';

const run = promisify(execFile);

/** A stuck ffmpeg is killed after this long (a 2 GiB upload takes minutes, not hours). */
const TIMEOUT_MS = 60 * 60 * 1000;
const FIT = 'min(1,min(1280/iw,1280/ih))';

export interface Transcoded {
  durationS: number;
}

/** Seconds of a VOD playlist: the sum of its #EXTINF durations. */
export function playlistSeconds(text: string): number {
  const seconds = parsePlaylist(text).segments.reduce(
    (sum, segment) => sum + Number(/^#EXTINF:([\d.]+)/.exec(segment.tags[0] ?? '')?.[1] ?? 0),
    0,
  );
  return Math.round(seconds);
}

export interface TranscodeOptions {
  /** The ffmpeg binary (upload-ffmpeg.ts). */
  ffmpeg: string;
  signal?: AbortSignal;
}

export async function transcodeVideo(source: string, dir: string, options: TranscodeOptions): Promise<Transcoded> {
  const input = await inputOf(source);
  if (!input) throw new Error(NOT_A_VIDEO);
  const bin = options.ffmpeg;
  await mkdir(dirname(dir), { recursive: true });
  const temp = tempSibling(dir);
  await mkdir(temp);
  const runOptions = { signal: options.signal, timeout: TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 };
  try {
    // prettier-ignore
    await run(bin, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...input,
      '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn',
      '-vf', `scale='trunc(${FIT}*iw/2)*2':'trunc(${FIT}*ih/2)*2'`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p',
      ...hlsKeyframeArgs(),
      '-c:a', 'aac', '-b:a', '96k', '-ac', '2',
      ...hlsOutputArgs(temp),
    ], runOptions);
    const durationS = playlistSeconds(await readFile(join(temp, 'index.m3u8'), 'utf8'));
    // prettier-ignore
    await run(bin, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', String(Math.min(1, durationS / 3)), ...input,
      '-frames:v', '1', '-vf', "scale='trunc(min(640,iw)/2)*2':-2", '-q:v', '4', join(temp, 'poster.jpg'),
    ], runOptions);
    await rm(dir, { recursive: true, force: true });
    await rename(temp, dir);
    return { durationS };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Whether a finished clip is in `dir`. */
export const hasClip = (dir: string): Promise<boolean> => exists(join(dir, 'index.m3u8'));
