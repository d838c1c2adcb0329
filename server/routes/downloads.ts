/**
 * Offline downloads (contract/calls/downloads.ts): /download/options lists the qualities of each
 * episode of a title with their sizes; /download/ticket signs one rung's media playlist for a day
 * (the whole video: no trial cut) and says when the downloaded copy expires, by the site's
 * download_days.
 *
 * Who: an active VIP who may play the title in full (canPlayInFull: a VIP title, a free one, or a
 * priced film the VIP bought). Anyone else gets code 4: a non-VIP with 离线下载为 VIP 专享 even when
 * they bought the film (downloads are a VIP benefit, as full streams of VIP titles are), a VIP with
 * the film's price when it is a priced film not bought yet.
 */
import {
  downloadOptionsSchema,
  downloadTicketSchema,
  type DownloadOptions,
  type DownloadTicket,
} from '../../contract/calls/downloads.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { canPlayInFull, isVip } from '../db/access.ts';
import type { Queryable } from '../db/db.ts';
import { downloadableEpisodes, downloadDays } from '../db/downloads.ts';
import { findMovie, type MovieRow } from '../db/movies.ts';
import type { User } from '../db/users.ts';
import { issuePlaylistKey } from '../media/play-ticket.ts';
import { offeredHeights, rungFiles, rungPath } from '../media/rung-files.ts';
import { ApiError } from '../api-error.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';
import { episodeNotFound } from './movie-play.ts';
import { movieNotFound } from './movies.ts';

export const DOWNLOAD_TICKET_TTL_SECONDS = 24 * 3600;
const DAY_MS = 24 * 3600 * 1000;

export const downloadText = {
  vipOnly: '离线下载为 VIP 专享，开通 VIP 即可离线观看',
  buyFirst: '该影片需购买后才能下载',
  noHeight: (height: number, offered: number[]) =>
    `height 不可用：该集可下载的清晰度为 ${offered.map((h) => (h === 0 ? '0（标准）' : `${h}`)).join('、')}`,
  noFiles: '该集的视频文件暂不可用',
};

/** The title when the user may download it; else code 4 (or 6 for an unknown title). */
async function downloadable(q: Queryable, user: User, movieId: number, now: number): Promise<MovieRow> {
  const movie = found(await findMovie(q, movieId), movieNotFound(movieId));
  if (!isVip(user, now)) throw new ApiError(Code.NotAllowed, downloadText.vipOnly);
  if (!(await canPlayInFull(q, user, movie))) throw new ApiError(Code.NotAllowed, downloadText.buyFirst);
  return movie;
}

export const downloadCalls: readonly Call[] = [
  defineCall({
    path: API.downloadOptions,
    schema: downloadOptionsSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, site, now }): Promise<DownloadOptions> => {
      const movie = await downloadable(db, user, payload.id, now);
      const episodes = await downloadableEpisodes(db, movie.id);
      return {
        movieId: movie.id,
        downloadDays: await downloadDays(db, site.id),
        episodes: await Promise.all(
          episodes.map(async (episode) => ({
            number: episode.number,
            title: episode.title,
            durationS: episode.durationS,
            rungs: await Promise.all(
              (await offeredHeights(config.MEDIA_DIR, episode.video, episode.rungs)).map((height) =>
                rungFiles(config.MEDIA_DIR, episode.video, height),
              ),
            ),
          })),
        ),
      };
    },
  }),
  defineCall({
    path: API.downloadTicket,
    schema: downloadTicketSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, site, now }): Promise<DownloadTicket> => {
      const movie = await downloadable(db, user, payload.id, now);
      const episode = (await downloadableEpisodes(db, movie.id)).find((e) => e.number === payload.episode);
      if (!episode) throw new ApiError(Code.NotFound, episodeNotFound(payload.episode));
      const offered = await offeredHeights(config.MEDIA_DIR, episode.video, episode.rungs);
      if (!offered.includes(payload.height)) {
        throw new ApiError(Code.InvalidParams, downloadText.noHeight(payload.height, offered));
      }
      const files = await rungFiles(config.MEDIA_DIR, episode.video, payload.height);
      if (files.segments === 0) throw new ApiError(Code.NotFound, downloadText.noFiles);
      const key = issuePlaylistKey({
        movieId: movie.id,
        video: episode.video,
        trialSeconds: null,
        ttlSeconds: DOWNLOAD_TICKET_TTL_SECONDS,
        secret: config.MEDIA_SECRET,
        now,
      });
      const rung = rungPath(payload.height);
      return {
        movieId: movie.id,
        episode: episode.number,
        height: payload.height,
        playlist: rung ? key.replace(/index\.m3u8$/, () => `${rung}/index.m3u8`) : key,
        segments: files.segments,
        bytes: files.bytes,
        durationS: episode.durationS,
        expiresAt: now + (await downloadDays(db, site.id)) * DAY_MS,
        ticketExpiresAt: now + DOWNLOAD_TICKET_TTL_SECONDS * 1000,
      };
    },
  }),
];
