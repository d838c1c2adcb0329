/**
 * Sends one media file: content type by extension, the given Cache-Control, a weak ETag with
 * If-None-Match (304), HEAD without reading the file, and single byte ranges (206 / 416) for
 * players that seek. Any file-system error is a 404: the media routes never answer 5xx.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf } from './media-layout.ts';

export const sendText = (reply: FastifyReply, status: number, text: string): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

/** The byte range a Range header asks for, 'unsatisfiable', or null to send the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // multi-range or junk: whole file (RFC 9110 allows)
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  cacheControl: string,
): Promise<FastifyReply> {
  let size: number;
  let mtimeMs: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return sendText(reply, 404, 'Not Found');
    ({ size, mtimeMs } = info);
  } catch {
    return sendText(reply, 404, 'Not Found');
  }
  const etag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag).header('accept-ranges', 'bytes');
  reply.type(contentTypeOf(path));
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .type('text/plain; charset=utf-8')
      .send('Range Not Satisfiable');
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(end - start + 1));
  if (req.method === 'HEAD' || size === 0) return reply.send();
  const stream = createReadStream(path, { start, end });
  return reply.send(stream);
}
