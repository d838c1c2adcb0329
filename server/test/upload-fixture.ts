/**
 * Helpers of the upload and publish tests: the chunk calls as the client sends them (plain JSON or
 * multipart, token header), whole uploads in one go, test files (a real short MP4 made by the
 * packaged ffmpeg, bytes that only look like an MP4, a PNG) and what UPLOAD_DIR holds.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { ChunkCheckResult, UploadedFileInfo } from '../../contract/calls/publish.ts';
import { API } from '../../contract/calls/paths.ts';
import type { Envelope } from '../../contract/protocol/envelope.ts';
import { ffmpeg } from '../seed/video-render.ts';
import type { TestClient } from './test-client.ts';

export const CHUNK = 64 * 1024;

export const md5 = (data: Uint8Array): string => createHash('md5').update(data).digest('hex');

export interface FileSpec {
  data: Buffer;
  mime?: string;
  fileName?: string;
  chunkSize?: number;
  /** Default md5(data). */
  fileId?: string;
}

export function checkPayload(spec: FileSpec) {
  const chunkSize = spec.chunkSize ?? CHUNK;
  return {
    fileId: spec.fileId ?? md5(spec.data),
    fileName: spec.fileName ?? 'clip.mp4',
    fileSize: spec.data.length,
    chunkSize,
    chunkCount: Math.ceil(spec.data.length / chunkSize),
    mime: spec.mime ?? 'video/mp4',
  };
}

export const chunkOf = (spec: FileSpec, index: number): Buffer => {
  const size = spec.chunkSize ?? CHUNK;
  return spec.data.subarray(index * size, (index + 1) * size);
};

export function uploadClient(client: TestClient) {
  const json = async <T>(path: string, payload: unknown, token: string | undefined): Promise<Envelope<T>> =>
    (await client.post<T>(path, JSON.stringify(payload), { token })).envelope;

  const check = (token: string | undefined, spec: FileSpec) =>
    json<ChunkCheckResult>(API.chunkCheck, checkPayload(spec), token);
  const merge = (token: string | undefined, fileId: string) =>
    json<UploadedFileInfo>(API.chunkMerge, { fileId }, token);
  const cancel = async (token: string, fileId: string) =>
    (await client.call<{ cancelled: boolean }>(API.chunkCancel, { fileId }, { token })).envelope;
  const sendChunk = async (token: string | undefined, fileId: string, index: number | string, bytes: Buffer) =>
    (
      await client.postMultipart<{ index: number; received: number }>(
        API.chunkUpload,
        [
          { name: 'fileId', data: fileId },
          { name: 'index', data: String(index) },
          { name: 'chunk', filename: 'blob', contentType: 'application/octet-stream', data: bytes },
        ],
        { token },
      )
    ).envelope;

  /** check, every chunk not held (or only `indexes`), no merge. */
  async function sendAll(token: string, spec: FileSpec, indexes?: number[]): Promise<void> {
    const checked = await check(token, spec);
    if (checked.code !== 0) throw new Error(`check: ${checked.code} ${checked.msg}`);
    const { fileId, chunkCount } = checkPayload(spec);
    for (const index of indexes ?? Array.from({ length: chunkCount }, (_, i) => i)) {
      if (checked.data.uploaded.includes(index)) continue;
      const sent = await sendChunk(token, fileId, index, chunkOf(spec, index));
      if (sent.code !== 0) throw new Error(`chunk ${index}: ${sent.code} ${sent.msg}`);
    }
  }

  /** A whole upload: check, chunks, merge; answers the merge's envelope. */
  async function upload(token: string, spec: FileSpec) {
    await sendAll(token, spec);
    return merge(token, checkPayload(spec).fileId);
  }

  return { check, merge, cancel, sendChunk, sendAll, upload };
}

/** Bytes that start like an MP4 (an ftyp box) but are no video. */
export function fakeMp4(size: number): Buffer {
  const data = randomBytes(size);
  Buffer.from('\0\0\0\x18ftypisom', 'latin1').copy(data, 0);
  return data;
}

export const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A real MP4 (H.264 + AAC, 320x180) of `seconds`, made by the packaged ffmpeg. */
export async function makeMp4(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-video-'));
  try {
    const out = join(dir, 'clip.mp4');
    // prettier-ignore
    await promisify(execFile)(await ffmpeg(), [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
      '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every file under dir (relative paths, sorted); [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
