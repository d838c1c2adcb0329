/**
 * Demo videos: HLS VOD (H.264 + AAC, 640x360, 4 s segments) made by the ffmpeg binary that
 * @ffmpeg-installer/ffmpeg ships in node_modules, from lavfi test sources, so nothing is downloaded.
 * Each video is written into a temporary directory and renamed to videos/v{n} when complete.
 */
import { execFile } from 'node:child_process';
import { access, chmod, constants, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';
import { exists, tempSibling } from './atomic-file.ts';

const run = promisify(execFile);
const FPS = 25;

/** Video and audio sources, one per demo video; numbering starts at 1 and wraps. */
const SOURCES: readonly { video: string; tone: number }[] = [
  { video: `testsrc2=s=640x360:r=${FPS}`, tone: 440 },
  { video: `mandelbrot=s=640x360:r=${FPS}`, tone: 330 },
  {
    video: `life=s=160x90:r=${FPS}:mold=10:ratio=0.12:life_color=#ffb347:death_color=#5c0a14,scale=640:360:flags=neighbor`,
    tone: 523,
  },
  {
    video: `cellauto=s=320x180:r=${FPS}:rule=110,scale=640:360:flags=neighbor,lutrgb=r=val*0.3:g=val*0.75:b=val`,
    tone: 262,
  },
  { video: `smptehdbars=s=640x360:r=${FPS},hue=H=2*PI*t/12`, tone: 660 },
  {
    video: `mandelbrot=s=640x360:r=${FPS}:start_x=-0.743643887:start_y=0.131825904:start_scale=2.5:end_scale=0.001:end_pts=800`,
    tone: 392,
  },
  { video: `testsrc2=s=640x360:r=${FPS},hue=H=PI/2+t/4:s=1.5`, tone: 494 },
];

export const VIDEO_SOURCE_COUNT = SOURCES.length;

let ffmpegPath: Promise<string> | undefined;

/**
 * The packaged ffmpeg binary, made executable if the package's install script did not run. Also
 * used for members' videos (server/media/transcode-video.ts).
 */
export function ffmpeg(): Promise<string> {
  ffmpegPath ??= (async () => {
    const { default: installer } = await import('@ffmpeg-installer/ffmpeg');
    try {
      await access(installer.path, constants.X_OK);
    } catch {
      await chmod(installer.path, 0o755);
    }
    return installer.path;
  })();
  return ffmpegPath;
}

/** ffmpeg output options of a VOD playlist of HLS_SEGMENT_SECONDS segments in `dir`. */
export const hlsOutputArgs = (dir: string): string[] => [
  '-f',
  'hls',
  '-hls_time',
  String(HLS_SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  join(dir, 'seg-%03d.ts'),
  join(dir, 'index.m3u8'),
];

/**
 * Makes `dir` (…/videos/v{n}) holding index.m3u8 and seg-NNN.ts, `seconds` long. Does nothing when
 * the directory exists: it only ever appears complete.
 */
export async function renderVideo(dir: string, n: number, seconds: number): Promise<boolean> {
  if (await exists(join(dir, 'index.m3u8'))) return false;
  const source = SOURCES[(n - 1) % SOURCES.length]!;
  const gop = String(FPS * (HLS_SEGMENT_SECONDS / 2));
  await mkdir(dirname(dir), { recursive: true });
  const temp = tempSibling(dir);
  await mkdir(temp);
  try {
    // prettier-ignore
    await run(await ffmpeg(), [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', source.video,
      '-f', 'lavfi', '-i', `sine=frequency=${source.tone}:beep_factor=2:sample_rate=44100`,
      '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0',
      '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
      ...hlsOutputArgs(temp),
    ]);
    await rename(temp, dir);
    return true;
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    // Another process finished the same video first: that one is complete, keep it.
    if (await exists(join(dir, 'index.m3u8'))) return false;
    throw error;
  }
}
