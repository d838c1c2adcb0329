/**
 * Offline downloads for VIP members (docs/api.md, 离线下载): which qualities each episode of a
 * title can be downloaded at (/download/options), and a download ticket for one episode at one
 * rung (/download/ticket): a signed media playlist of that rung, full length, valid for a day, and
 * when the downloaded copy expires (the site's download_days, set in the console).
 *
 * Only an active VIP may download, and only a title the VIP may play in full (a priced film once
 * bought); anyone else gets code 4. Both calls need a session. Zod schemas for the server; the
 * client imports the types only.
 */
import { z } from 'zod';

const int = (name: string, max: number) =>
  z
    .number({ message: `${name} 必须是数字` })
    .int(`${name} 必须是整数`)
    .min(1, `${name} 必须是正整数`)
    .max(max, `${name} 超出范围`);

export const downloadOptionsSchema = z.object({ id: int('id', 2_147_483_647) });

/** height: a ladder rung (360, 720, 1080); 0 for a video of a single rung (标准). */
export const downloadTicketSchema = z.object({
  id: int('id', 2_147_483_647),
  episode: int('episode', 100_000),
  height: z
    .number({ message: 'height 必须是数字' })
    .int('height 必须是整数')
    .min(0, 'height 不能为负')
    .max(4320, 'height 超出范围'),
});

/** One quality of an episode: the rung's height (0: the only one), its segments and bytes. */
export interface DownloadRung {
  height: number;
  segments: number;
  /** Total bytes of its segments; 0 when not known. */
  bytes: number;
}

export interface DownloadOptions {
  movieId: number;
  /** Days a download stays playable once saved. */
  downloadDays: number;
  episodes: { number: number; title: string; durationS: number; rungs: DownloadRung[] }[];
}

export interface DownloadTicket {
  movieId: number;
  episode: number;
  height: number;
  /** Media key of the rung's media playlist, relative to a CDN line; its segment URIs are relative. */
  playlist: string;
  segments: number;
  bytes: number;
  durationS: number;
  /** When the downloaded copy stops playing (ms since the epoch). */
  expiresAt: number;
  /** When the playlist's ticket stops answering (ms): a download not finished by then asks again. */
  ticketExpiresAt: number;
}

export interface DownloadCalls {
  '/download/options': { payload: z.input<typeof downloadOptionsSchema>; data: DownloadOptions };
  '/download/ticket': { payload: z.input<typeof downloadTicketSchema>; data: DownloadTicket };
}
