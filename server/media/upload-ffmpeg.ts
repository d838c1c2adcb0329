/**
 * The ffmpeg that decodes what members and operators upload, and how it may open a file.
 *
 * - The binary is FFMPEG_PATH (default Debian's /usr/bin/ffmpeg): a maintained build the system's
 *   updates keep patched. A build from node_modules (the 2018 one server/seed/video-render.ts draws
 *   the demo's own pictures with) is refused even when FFMPEG_PATH names it. Each path is checked
 *   once per process by running `-version`; when it is not usable, video uploads are off: the upload
 *   calls refuse them and a job fails with DECODER_MISSING. The start log says which (describeUploadFfmpeg).
 * - The input is opened with the demuxer its first bytes name (sniff-file.ts: mov for MP4 and
 *   QuickTime, matroska for WebM and MKV), never ffmpeg's own guess: a guess takes a playlist (HLS,
 *   DASH, ffconcat) hidden behind a video's first bytes and opens every file and URL it names. Only
 *   that demuxer may open anything, even inside it, and only through the file protocol.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { sniffVideoFile, type VideoType } from '../uploads/sniff-file.ts';

export interface UploadFfmpeg {
  path: string;
  /** The first line of `-version`, when the binary is usable. */
  version?: string;
  /** Why it is not usable (for the start log): video uploads are off. */
  problem?: string;
}

/** A job's failure reason when this process has no usable ffmpeg (zh-CN, shown in the console). */
export const DECODER_MISSING = '服务器没有可用的 ffmpeg：视频转码已关闭';
/** A job's failure reason when the source's first bytes are no video the product takes. */
export const NOT_A_VIDEO = '文件内容不是 MP4、MOV、WebM 或 MKV 视频';

const DEMUXERS: Record<VideoType, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska' };
const run = promisify(execFile);
const checked = new Map<string, Promise<UploadFfmpeg>>();

async function check(path: string): Promise<UploadFfmpeg> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return { path, problem: 'not found' };
  }
  if (real.split(sep).includes('node_modules')) {
    return { path, problem: `${real} is a packaged build from node_modules, not kept patched` };
  }
  try {
    const { stdout } = await run(path, ['-hide_banner', '-version'], { timeout: 10_000 });
    const version = stdout.split('\n')[0]?.trim() ?? '';
    if (!version.startsWith('ffmpeg version ')) return { path, problem: `not ffmpeg: ${version.slice(0, 100)}` };
    return { path, version };
  } catch (error) {
    return { path, problem: `does not run: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** The ffmpeg of FFMPEG_PATH as found (checked once per path). */
export function uploadFfmpeg(config: Pick<Config, 'FFMPEG_PATH'>): Promise<UploadFfmpeg> {
  let found = checked.get(config.FFMPEG_PATH);
  if (!found) {
    found = check(config.FFMPEG_PATH);
    checked.set(config.FFMPEG_PATH, found);
  }
  return found;
}

/** Whether video uploads are taken: a usable ffmpeg decodes them. */
export const videoUploadsOn = async (config: Pick<Config, 'FFMPEG_PATH'>): Promise<boolean> =>
  (await uploadFfmpeg(config)).problem === undefined;

/** The start log's line about it. */
export const describeUploadFfmpeg = (found: UploadFfmpeg): string =>
  found.problem === undefined
    ? `uploaded videos are decoded by ${found.path} (${found.version})`
    : `video uploads: off, FFMPEG_PATH=${found.path}: ${found.problem}; install Debian's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH`;

/**
 * ffmpeg's input options for the file `source` (an absolute path): its demuxer and nothing else,
 * the file protocol only. Null when its first bytes are no video the product takes.
 */
export async function inputOf(source: string): Promise<string[] | null> {
  const type = await sniffVideoFile(source);
  if (!type) return null;
  const demuxer = DEMUXERS[type];
  // prettier-ignore
  return [
    '-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer,
    // QuickTime's references to other files (dref) stay off, whatever a later default says.
    ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
    '-i', `file:${source}`,
  ];
}
