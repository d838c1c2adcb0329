/**
 * The HLS ladder of an uploaded video, made by the ffmpeg the caller names (for uploads the one of
 * upload-ffmpeg.ts, for the demo's own pictures the packaged one) with the source opened as
 * upload-ffmpeg.ts's inputOf says (its demuxer named, the file protocol only):
 *
 *   <dir>/index.m3u8          master playlist: one EXT-X-STREAM-INF per rung (BANDWIDTH measured
 *                             from the segments, RESOLUTION, CODECS), lowest first
 *   <dir>/<360|720|1080>p/    each rung's media playlist (index.m3u8) and its seg-NNN.ts
 *   <dir>/poster.jpg          a frame of the video, at most 640 px wide
 *
 * Rungs: 360p, 720p and 1080p, only those the source fills (its shorter side at least the rung's
 * height, so a portrait video gets the same rungs as its landscape twin); a source under 360p gets
 * one rung at its own size. All rungs come from one decode of the source (ffmpeg's split filter),
 * H.264 Main + AAC, 4 s segments with keyframes forced on the bounds, so the rungs' segments line
 * up and a trial cut (server/media/hls-playlist.ts) ends at the same second on each.
 *
 * Everything is written into a temporary sibling of `dir` and renamed when whole; the leftovers of an
 * attempt whose process was killed are removed first.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { LADDER_HEIGHTS } from '../../contract/admin/ingest.ts';
import { parsePlaylist } from './hls-playlist.ts';
import { playlistSeconds } from './transcode-video.ts';
import { NOT_A_VIDEO, inputOf } from './upload-ffmpeg.ts';
import { tempSibling } from '../seed/atomic-file.ts';
import { hlsKeyframeArgs, hlsOutputArgs } from '../seed/video-render.ts';

export interface Rung {
  /** The shorter side: 360, 720, 1080, or the source's own under 360. */
  height: number;
  width: number;
  /** Pixel height of the picture (the longer side for a portrait video). */
  pixelHeight: number;
  maxrateK: number;
  /** H.264 level, e.g. "3.1", and its CODECS token, e.g. "avc1.4d401f". */
  level: string;
  codec: string;
}

export interface Probe {
  width: number;
  height: number;
  durationS: number;
  audio: boolean;
}

export interface Ladder {
  rungs: number[];
  durationS: number;
}

/** A failure with a short reason for the console (zh-CN); `permanent`: trying again cannot help. */
export class LadderError extends Error {
  override name = 'LadderError';
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);
const MAXRATE_K: Record<number, number> = { 360: 1000, 720: 3000, 1080: 6000 };
const AUDIO = 'mp4a.40.2';

function levelOf(width: number, height: number): { level: string; codec: string } {
  const pixels = width * height;
  const [level, hex] = pixels <= 414_720 ? ['3.0', '1e'] : pixels <= 921_600 ? ['3.1', '1f'] : ['4.0', '28'];
  return { level, codec: `avc1.4d40${hex}` };
}

/** The rungs a source of width x height (as displayed) can fill. */
export function ladderOf(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const landscape = width >= height;
  const heights: number[] = LADDER_HEIGHTS.filter((p) => short >= p);
  if (heights.length === 0) heights.push(even(Math.floor(short / 2) * 2));
  return heights.map((p) => {
    const other = even((long * p) / short);
    const w = landscape ? other : p;
    const h = landscape ? p : other;
    return { height: p, width: w, pixelHeight: h, maxrateK: MAXRATE_K[p] ?? 800, ...levelOf(w, h) };
  });
}

/** Size, rotation, duration and audio of a source, from ffmpeg's report of its input. */
export function parseProbe(report: string): Probe {
  if (/Invalid data found|moov atom not found|could not find codec parameters|End of file/i.test(report)) {
    throw new LadderError('文件无法解码：不是有效的视频文件', true, lastLine(report));
  }
  const video = /Stream #[^\n]*Video:[^\n]*?(\d{2,5})x(\d{2,5})/.exec(report);
  if (!video) throw new LadderError('文件中没有视频画面', true, lastLine(report));
  let width = Number(video[1]);
  let height = Number(video[2]);
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+) degrees/.exec(report);
  const degrees = Math.abs(Math.round(Number(rotation?.[1] ?? rotation?.[2] ?? 0))) % 180;
  if (degrees === 90) [width, height] = [height, width];
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const durationS = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0;
  return { width, height, durationS, audio: /Stream #[^\n]*Audio:/.test(report) };
}

const lastLine = (text: string): string =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-1)[0]
    ?.trim()
    .slice(0, 300) ?? '';

interface RunOptions {
  signal?: AbortSignal;
  onStdout?: (text: string) => void;
}

/** Runs the ffmpeg `bin`; resolves with its exit code and the end of its stderr. */
async function runFfmpeg(
  bin: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number; stderr: string }> {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-64 * 1024);
  });
  child.stdout.setEncoding('utf8').on('data', (text: string) => options.onStdout?.(text));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** The input options of `source` (upload-ffmpeg.ts), or a permanent failure. */
async function sourceInput(source: string): Promise<string[]> {
  try {
    await stat(source);
  } catch {
    throw new LadderError('源文件不存在：请重新上传', true, source);
  }
  const input = await inputOf(source);
  if (!input) throw new LadderError(NOT_A_VIDEO, true, source);
  return input;
}

/** Size, rotation, duration and audio of a source, as the ffmpeg `bin` reports its input. */
async function probe(bin: string, input: string[], signal?: AbortSignal): Promise<Probe> {
  const { stderr } = await runFfmpeg(bin, ['-hide_banner', '-nostdin', ...input], { signal });
  return parseProbe(stderr);
}

function ladderArgs(input: string[], dir: string, rungs: Rung[], audio: boolean, preset: string): string[] {
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.pixelHeight},setsar=1[v${i}]`);
  // prettier-ignore
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...input,
    '-progress', 'pipe:1', '-nostats',
    '-filter_complex', [split, ...scales].join(';'),
    ...rungs.flatMap((r, i) => [
      '-map', `[v${i}]`, ...(audio ? ['-map', '0:a:0'] : []), '-sn', '-dn',
      '-c:v', 'libx264', '-preset', preset, '-profile:v', 'main', '-level:v', r.level,
      '-crf', '23', '-maxrate', `${r.maxrateK}k`, '-bufsize', `${r.maxrateK * 2}k`, '-pix_fmt', 'yuv420p',
      // The buffer starts a tenth full (x264's default is 0.9): the first second keeps near the
      // rung's rate instead of spending two seconds' worth at once, so the short first segment stays
      // short on the line and the rung's peak BANDWIDTH is not a start burst's.
      '-x264-params', 'vbv-init=0.1',
      ...hlsKeyframeArgs(), '-sc_threshold', '0',
      ...(audio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : []),
      ...hlsOutputArgs(join(dir, `${r.height}p`)),
    ]),
  ];
}

/** BANDWIDTH (peak) and AVERAGE-BANDWIDTH in bit/s of a rung, from its segments' sizes. */
async function bandwidthOf(rungDir: string): Promise<{ peak: number; average: number; seconds: number }> {
  const playlist = parsePlaylist(await readFile(join(rungDir, 'index.m3u8'), 'utf8'));
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of playlist.segments) {
    const length = Number(/^#EXTINF:([\d.]+)/.exec(segment.tags[0] ?? '')?.[1] ?? 0);
    const size = (await stat(join(rungDir, segment.uri))).size;
    bytes += size;
    seconds += length;
    if (length > 0.5) peak = Math.max(peak, (size * 8) / length);
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average), seconds };
}

export async function masterPlaylist(dir: string, rungs: Rung[], audio: boolean): Promise<string> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const { peak, average } = await bandwidthOf(join(dir, `${r.height}p`));
    const codecs = audio ? `${r.codec},${AUDIO}` : r.codec;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${r.width}x${r.pixelHeight},CODECS="${codecs}"`,
      `${r.height}p/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Temporary siblings of `dir` left by an attempt whose process was killed (tempSibling's names). */
async function removeLeftovers(dir: string): Promise<void> {
  const prefix = `.${basename(dir)}.`;
  for (const name of await readdir(dirname(dir)).catch(() => [] as string[])) {
    if (name.startsWith(prefix) && name.endsWith('.tmp'))
      await rm(join(dirname(dir), name), { recursive: true, force: true });
  }
}

export interface LadderOptions {
  /** The ffmpeg binary: upload-ffmpeg.ts's for anything uploaded, the packaged one for the demo's pictures. */
  ffmpeg: string;
  signal?: AbortSignal;
  /** 0-99 while ffmpeg runs (100 is the caller's, once the ladder is in place). */
  onProgress?: (percent: number) => void;
  /** The frame size the rungs are chosen for, when not the source's (the demo videos: 360p drawn, 720p too). */
  size?: { width: number; height: number };
  /** x264's preset: veryfast for members' and operators' videos; the demo's flat test pictures take ultrafast. */
  preset?: 'veryfast' | 'ultrafast';
}

/** Makes the ladder of `source` in `dir` (replaced when it exists). */
export async function makeLadder(source: string, dir: string, options: LadderOptions): Promise<Ladder> {
  const input = await sourceInput(source);
  const info = await probe(options.ffmpeg, input, options.signal);
  const rungs = ladderOf(options.size?.width ?? info.width, options.size?.height ?? info.height);
  await mkdir(dirname(dir), { recursive: true });
  await removeLeftovers(dir);
  const temp = tempSibling(dir);
  try {
    for (const r of rungs) await mkdir(join(temp, `${r.height}p`), { recursive: true });
    let buffered = '';
    let reported = -1;
    const onStdout = (text: string) => {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const time = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (!time || info.durationS <= 0) continue;
        const percent = Math.min(99, Math.floor((Number(time[1]) / 1e6 / info.durationS) * 100));
        if (percent > reported) {
          reported = percent;
          options.onProgress?.(percent);
        }
      }
    };
    const run = await runFfmpeg(
      options.ffmpeg,
      ladderArgs(input, temp, rungs, info.audio, options.preset ?? 'veryfast'),
      {
        signal: options.signal,
        onStdout,
      },
    );
    if (run.code !== 0) {
      const decoding = /Invalid data found|Error while decoding|corrupt/i.test(run.stderr);
      throw new LadderError(
        decoding ? '视频数据损坏，无法转码' : `转码失败（ffmpeg 退出码 ${run.code}）`,
        decoding,
        lastLine(run.stderr),
      );
    }
    const durationS = playlistSeconds(await readFile(join(temp, `${rungs[0]!.height}p`, 'index.m3u8'), 'utf8'));
    await writeFile(join(temp, 'index.m3u8'), await masterPlaylist(temp, rungs, info.audio));
    // prettier-ignore
    const poster = await runFfmpeg(options.ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', String(Math.min(1, durationS / 3)), ...input,
      '-frames:v', '1', '-vf', "scale='trunc(min(640,iw)/2)*2':-2", '-q:v', '4', join(temp, 'poster.jpg'),
    ], { signal: options.signal });
    if (poster.code !== 0) throw new LadderError('封面截取失败', false, lastLine(poster.stderr));
    await rm(dir, { recursive: true, force: true });
    await rename(temp, dir);
    return { rungs: rungs.map((r) => r.height), durationS };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
