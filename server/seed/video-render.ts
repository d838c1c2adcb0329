/**
 * The packaged ffmpeg (the binary @ffmpeg-installer/ffmpeg ships in node_modules, so nothing is
 * downloaded; for the demo's own pictures only), the HLS output options of every ladder and clip,
 * and the demo videos' pictures: lavfi test sources drawn at 640x360 into a mezzanine file
 * (renderSource), which server/seed/demo-video.ts turns into a ladder.
 */
import { execFile } from 'node:child_process';
import { access, chmod, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HLS_FIRST_SEGMENT_SECONDS, HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';

const run = promisify(execFile);
/** Demo videos are drawn at 15 frames a second: enough for test patterns, and quick to encode. */
const FPS = 15;

/** Video and audio sources, one per demo video; numbering starts at 1 and wraps. */
const SOURCES: readonly { video: string; tone: number }[] = [
  { video: `testsrc2=s=640x360:r=${FPS}`, tone: 440 },
  {
    video: `life=s=128x72:r=${FPS}:mold=25:ratio=0.2:life_color=#7fd4ff:death_color=#0b1d3a,scale=640:360:flags=neighbor`,
    tone: 330,
  },
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
    video: `cellauto=s=320x180:r=${FPS}:rule=30,scale=640:360:flags=neighbor,lutrgb=r=val*0.9:g=val*0.5:b=val*0.8`,
    tone: 392,
  },
  { video: `testsrc2=s=640x360:r=${FPS},hue=H=PI/2+t/4:s=1.5`, tone: 494 },
];

export const VIDEO_SOURCE_COUNT = SOURCES.length;

let ffmpegPath: Promise<string> | undefined;

/**
 * The packaged ffmpeg binary (a 2018 build), made executable if the package's install script did
 * not run. It draws the demo's own pictures and their ladders, and never decodes an upload: that is
 * the maintained ffmpeg of server/media/upload-ffmpeg.ts.
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

/**
 * x264's keyframes where the segments are cut: at HLS_FIRST_SEGMENT_SECONDS, then on the grid of
 * HLS_SEGMENT_SECONDS (n_forced counts the keyframes forced so far: 0 at 0 s, 1 at 1 s, then 4, 8, ...).
 */
export const hlsKeyframeArgs = (): string[] => [
  '-force_key_frames',
  `expr:if(lte(n_forced,1),gte(t,n_forced*${HLS_FIRST_SEGMENT_SECONDS}),gte(t,(n_forced-1)*${HLS_SEGMENT_SECONDS}))`,
];

/**
 * ffmpeg output options of a VOD playlist in `dir`: a first segment of HLS_FIRST_SEGMENT_SECONDS,
 * then HLS_SEGMENT_SECONDS on the grid (the keyframes of hlsKeyframeArgs).
 */
export const hlsOutputArgs = (dir: string): string[] => [
  '-f',
  'hls',
  '-hls_init_time',
  String(HLS_FIRST_SEGMENT_SECONDS),
  '-hls_time',
  String(HLS_SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  join(dir, 'seg-%03d.ts'),
  join(dir, 'index.m3u8'),
];

/**
 * Draws demo video `n`'s source, `seconds` long, into the file `path` (an MP4 at 640x360, H.264 +
 * AAC, quickly encoded: it is the mezzanine server/seed/demo-video.ts makes the ladder from).
 */
export async function renderSource(path: string, n: number, seconds: number): Promise<void> {
  const source = SOURCES[(n - 1) % SOURCES.length]!;
  // prettier-ignore
  await run(await ffmpeg(), [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', source.video,
    '-f', 'lavfi', '-i', `sine=frequency=${source.tone}:beep_factor=2:sample_rate=44100`,
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', path,
  ]);
}
