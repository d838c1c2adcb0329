/**
 * Serves MEDIA_DIR under every CDN line path, `/cdn/:line/...` (here the lines are aliases of one
 * directory; in production each would be a CDN host in front of this server):
 *
 *   GET|HEAD /cdn/:line, /cdn/:line/ping        a cheap target for the client's CDN line race
 *   GET|HEAD /cdn/:line/{posters,covers,...}/…   images, cached for 30 days, byte ranges; one the
 *                                                 demo is still making is made first and then sent
 *   GET|HEAD /cdn/:line/play/:ticket/index.m3u8  the video's playlist, cut to the ticket's trial, or
 *                                                 a ladder's master playlist as it is
 *   GET|HEAD /cdn/:line/play/:ticket/seg-NNN.ts  a segment, refused (403) past the trial
 *   GET|HEAD /cdn/:line/play/:ticket/<rung>/index.m3u8, …/<rung>/seg-NNN.ts
 *                                                 a ladder's rung (720p): the same, per rung
 *   GET|HEAD /cdn/:line/videos/<video>/poster.jpg  a ladder's poster frame (a plain file)
 *
 * Raw videos/… are never served: that would bypass the trial. Bad, expired or tampered tickets get
 * 403, odd paths 404; nothing here answers 5xx. Every answer allows any origin (a line may be
 * another host than the app).
 */
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { isMaster, loadPlaylist, renderPlaylist, segmentsWithin } from './hls-playlist.ts';
import { PUBLIC_DIRS, videoName } from './media-layout.ts';
import { pendingMedia } from './pending-media.ts';
import { verifyTicket } from './play-ticket.ts';
import { sendFile, sendText } from './send-file.ts';

export interface MediaPluginOptions {
  mediaDir: string;
  /** MEDIA_SECRET: the key play tickets are signed with. */
  secret: string;
  now?: () => number;
}

const LINE = /^[A-Za-z0-9_-]{1,32}$/;
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const SEGMENT_FILE = /^seg-(\d{3,5})\.ts$/;
const PLAYLIST_CACHE = 'private, max-age=600';
const PUBLIC = new Set<string>(PUBLIC_DIRS);
const FILE_CACHE = 'public, max-age=2592000';

type LineParams = { line: string };
const RUNG = /^\d{3,4}p$/;

/** The parts after /play/ (a wildcard: a ticket is longer than the router's 100-character params). */
interface PlayParams {
  ticket: string;
  rung?: string;
  file: string;
}
type FileRequest = FastifyRequest<{ Params: LineParams & { '*': string } }>;

const ping = (_req: FastifyRequest, reply: FastifyReply) => sendText(reply, 200, 'ok');

/** The playlist and segments of a play ticket. */
async function play(req: FileRequest, reply: FastifyReply, root: string, options: MediaPluginOptions, now: number) {
  const parts = req.params['*'].split('/');
  if (parts.length < 2 || parts.length > 3) return sendText(reply, 404, 'Not Found');
  const params: PlayParams =
    parts.length === 2
      ? { ticket: parts[0]!, file: parts[1]! }
      : { ticket: parts[0]!, rung: parts[1]!, file: parts[2]! };
  const ticket = verifyTicket(params.ticket, options.secret, now);
  if (!ticket) return sendText(reply, 403, 'invalid or expired play ticket');
  const { rung } = params;
  if (rung !== undefined && !RUNG.test(rung)) return sendText(reply, 404, 'Not Found');
  const videoDir = rung === undefined ? join(root, 'videos', ticket.video) : join(root, 'videos', ticket.video, rung);
  if (params.file === 'index.m3u8') {
    const playlist = await loadPlaylist(join(videoDir, 'index.m3u8'));
    if (!playlist) return sendText(reply, 404, 'Not Found');
    // Kept by the viewer's browser a while: a ticket's playlist never changes (its video and trial
    // are the ticket's), and the player's start fetches it beside its first files (PlaySourceChoice.start).
    return reply
      .header('cache-control', PLAYLIST_CACHE)
      .type('application/vnd.apple.mpegurl')
      .send(renderPlaylist(playlist, ticket.trialSeconds));
  }
  const segment = SEGMENT_FILE.exec(params.file);
  if (!segment) return sendText(reply, 404, 'Not Found');
  if (ticket.trialSeconds !== null) {
    // The trial's segments are the ones its playlist lists (those starting within it).
    const playlist = await loadPlaylist(join(videoDir, 'index.m3u8'));
    if (!playlist) return sendText(reply, 404, 'Not Found');
    if (isMaster(playlist) || Number(segment[1]) >= segmentsWithin(playlist, ticket.trialSeconds)) {
      return sendText(reply, 403, 'segment beyond the trial: VIP or purchase needed');
    }
  }
  return sendFile(req, reply, join(videoDir, params.file), 'private, max-age=3600');
}

/** A plain file of one of the public directories. */
async function publicFile(req: FileRequest, reply: FastifyReply, root: string) {
  if (req.params['*'] === '') return ping(req, reply);
  const parts = req.params['*'].split('/');
  if (parts[0] === 'videos') {
    const poster = parts.length === 3 && videoName(parts[1]!) === parts[1] && parts[2] === 'poster.jpg';
    if (!poster) return sendText(reply, 403, 'videos are served through play tickets only');
    return sendFile(req, reply, join(root, ...parts), FILE_CACHE);
  }
  if (!PUBLIC.has(parts[0] ?? '') || parts.length < 2 || !parts.every((part) => SAFE_SEGMENT.test(part))) {
    return sendText(reply, 404, 'Not Found');
  }
  const path = resolve(root, ...parts);
  if (!path.startsWith(root + sep)) return sendText(reply, 404, 'Not Found');
  // An image the demo is still making (pending-media.ts) is made now, while this request waits.
  const pending = pendingMedia(root);
  if (pending?.has(parts.join('/'))) await pending.hurry(parts.join('/'));
  return sendFile(req, reply, path, FILE_CACHE);
}

export async function mediaPlugin(app: FastifyInstance, options: MediaPluginOptions): Promise<void> {
  const root = resolve(options.mediaDir);
  const now = options.now ?? Date.now;

  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.addHook('preHandler', async (req, reply) => {
    if (!LINE.test((req.params as Partial<LineParams>).line ?? '')) return sendText(reply, 404, 'Not Found');
  });

  // GET and HEAD declared together: Fastify's automatic HEAD routes would read a whole file only to
  // drop it, and a HEAD answered here keeps the file's content-length.
  const method: HTTPMethods[] = ['GET', 'HEAD'];
  app.route({ method, url: '/cdn/:line', handler: ping });
  app.route({ method, url: '/cdn/:line/ping', handler: ping });
  app.route({
    method,
    url: '/cdn/:line/play/*',
    handler: (req, reply) => play(req as FileRequest, reply, root, options, now()),
  });
  app.route({ method, url: '/cdn/:line/*', handler: (req, reply) => publicFile(req as FileRequest, reply, root) });
}
