/**
 * Helpers of the publishing browser tests: a big test video (made once by the packaged ffmpeg and
 * kept in .cache/), a counter of the chunk uploads the page sends with a switch that cuts the
 * network for them, the chunk index a request carries, and topics published through the API for
 * the naughty-strings page test.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { newDeviceId } from '../contract/protocol/ids.ts';
import { ffmpeg } from '../server/seed/video-render.ts';
import { apiData } from './content-api.ts';

export const BIG_VIDEO = '.cache/release-upload-video.mp4';
export const MIN_VIDEO_BYTES = 30 * 1024 * 1024;

/** A 1280x720 H.264 MP4 of about 35 MB (a test pattern padded to a constant 14 Mbit/s), made once. */
export async function bigVideo(): Promise<{ path: string; size: number }> {
  const size = () => statSync(BIG_VIDEO, { throwIfNoEntry: false })?.size ?? 0;
  if (size() < MIN_VIDEO_BYTES) {
    mkdirSync('.cache', { recursive: true });
    const temp = `${BIG_VIDEO}.${process.pid}.tmp.mp4`;
    // prettier-ignore
    await promisify(execFile)(await ffmpeg(), [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30',
      '-f', 'lavfi', '-i', 'sine=frequency=523:sample_rate=44100',
      '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '14M', '-minrate', '14M', '-maxrate', '14M',
      '-bufsize', '4M', '-x264-params', 'nal-hrd=cbr', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', temp,
    ]);
    await rename(temp, BIG_VIDEO);
  }
  return { path: BIG_VIDEO, size: size() };
}

/** A 2400x1600 photo-like PNG (a gradient), for the image picker. */
export async function photo(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g" x2="1" y2="1">
    <stop offset="0" stop-color="#ff6a00"/><stop offset="1" stop-color="#3a1c71"/></linearGradient></defs>
    <rect width="2400" height="1600" fill="url(#g)"/><circle cx="1700" cy="520" r="300" fill="#ffd86b"/></svg>`;
  return { name: 'photo.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

const UPLOAD_PATH = '/api/file/chunk/upload';

/** The chunk index of a /file/chunk/upload request (its "index" form field), or null when unreadable. */
export function chunkIndexOf(request: Request): number | null {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  const match = /name="index"\r\n\r\n(\d+)\r\n/.exec(body);
  return match ? Number(match[1]) : null;
}

/**
 * Watches the page's chunk uploads: every request (index when readable) and the ones the server
 * answered. Each is held `delayMs` (so the page can be seen mid-upload); once `cutAfter` were
 * answered, or while `cut` is true, they fail as if the network were gone.
 */
export async function watchChunkUploads(page: Page, options: { delayMs: number; cutAfter: number | null }) {
  const state = { ...options, cut: false, sent: [] as (number | null)[], answered: [] as (number | null)[] };
  await page.route(`**${UPLOAD_PATH}`, async (route) => {
    state.sent.push(chunkIndexOf(route.request()));
    await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.cutAfter !== null && state.answered.length >= state.cutAfter) state.cut = true;
    if (state.cut) return route.abort('internetdisconnected');
    const response = await route.fetch();
    if (response.ok()) state.answered.push(chunkIndexOf(route.request()));
    return route.fulfill({ response });
  });
  return state;
}

/** A new member (device sign-in) through the API; its token. */
export async function newMemberToken(): Promise<string> {
  return (await apiData('/register/deviceId', { deviceId: newDeviceId(), deviceType: 3 })).token;
}

/** Publishes a topic through the API in the first forum group; its id. */
export async function publishThroughApi(token: string, title: string, body: string): Promise<number> {
  const groups = await apiData('/forum/getList', {});
  return (await apiData('/topic/publish', { title, body, topicId: groups[0]!.topicId, tags: [], images: [] }, token))
    .id;
}
