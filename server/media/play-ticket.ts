/**
 * Signed playback tickets. The content API's /movie/play answers a media key
 * `play/<ticket>/index.m3u8`; the media plugin serves that playlist and its segments only while the
 * ticket verifies. A trial ticket carries the steps of the segment grid the viewer may fetch (n: the
 * trial covers [0, n × HLS_SEGMENT_SECONDS)), so the trial limit holds even for someone who calls
 * segment URLs by hand (docs/architecture.md: "a trial limit ... enforced by the server"). The media
 * plugin serves the segments that start within it, whatever the cut of the first step (a ladder's
 * first segment is HLS_FIRST_SEGMENT_SECONDS long: two segments make the first step).
 *
 * ticket = base64url(JSON {m: movieId, v: video dir, n: grid steps | null, e: expiry s}) "." base64url(HMAC-SHA256)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HLS_SEGMENT_SECONDS, videoName } from './media-layout.ts';

export interface PlayTicket {
  movieId: number;
  /** Directory name under videos/, e.g. "v3". */
  video: string;
  /** Seconds from the start the holder may fetch the segments of (a whole number of grid steps); null: all. */
  trialSeconds: number | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export const DEFAULT_TICKET_TTL_SECONDS = 6 * 3600;

const sign = (payload: string, secret: string): Buffer => createHmac('sha256', secret).update(payload).digest();

/** Steps of the segment grid that cover the first `trialSeconds` (0 → none). */
export const trialSegments = (trialSeconds: number): number =>
  Math.max(0, Math.ceil(trialSeconds / HLS_SEGMENT_SECONDS));

/**
 * The trial a viewer is served of a `durationS`-long video for a movie's `trialSeconds`: whole
 * segments, so at most a segment more, and never more than the video. What the detail and the play
 * answer announce (试看 N 秒), so the announced trial is the one that plays.
 */
export function servedTrialSeconds(trialSeconds: number, durationS: number): number {
  const whole = trialSegments(trialSeconds) * HLS_SEGMENT_SECONDS;
  return durationS > 0 ? Math.min(whole, durationS) : whole;
}

export interface IssueOptions {
  movieId: number;
  /** The movie's video as stored in movies.video ("videos/v3"). */
  video: string;
  /** null: the whole video; a number: the playlist is cut after the segments covering it. */
  trialSeconds: number | null;
  ttlSeconds?: number;
  secret: string;
  /** For tests: the current time in ms. */
  now?: number;
}

/** The media key of a playlist signed for one viewer: `play/<ticket>/index.m3u8`. */
export function issuePlaylistKey(options: IssueOptions): string {
  const video = videoName(options.video);
  if (!video) throw new Error(`not a video media key: ${options.video}`);
  const expiresAt = Math.floor((options.now ?? Date.now()) / 1000) + (options.ttlSeconds ?? DEFAULT_TICKET_TTL_SECONDS);
  const steps = options.trialSeconds === null ? null : trialSegments(options.trialSeconds);
  const payload = Buffer.from(JSON.stringify({ m: options.movieId, v: video, n: steps, e: expiresAt })).toString(
    'base64url',
  );
  return `play/${payload}.${sign(payload, options.secret).toString('base64url')}/index.m3u8`;
}

const TICKET = /^([A-Za-z0-9_-]{10,400})\.([A-Za-z0-9_-]{43})$/;

/** The ticket's content when it is well formed, correctly signed and not expired; else null. */
export function verifyTicket(ticket: string, secret: string, now: number = Date.now()): PlayTicket | null {
  const match = TICKET.exec(ticket);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { m, v, n, e } = (data ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(m) || typeof v !== 'string' || videoName(v) !== v) return null;
  if (!(n === null || (Number.isSafeInteger(n) && (n as number) >= 0)) || !Number.isSafeInteger(e)) return null;
  if ((e as number) * 1000 <= now) return null;
  const trialSeconds = n === null ? null : (n as number) * HLS_SEGMENT_SECONDS;
  return { movieId: m as number, video: v, trialSeconds, expiresAt: e as number };
}
