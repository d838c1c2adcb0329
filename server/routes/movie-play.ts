/**
 * Playback: /movie/play answers a playlist key signed for this viewer (server/media/play-ticket.ts).
 * A viewer who may not play the movie in full gets a playlist cut to the movie's trial, and the
 * media server refuses that ticket's segments past the trial, so calling the play URL directly
 * does not reach them either. A movie without a trial is code 4 for such a viewer.
 *
 * The call plays one episode (number `episode`, default 1) of the title: access is the title's
 * (trial, VIP and coins hold for each of its episodes alike). An episode the title does not have,
 * or whose video is not ready, is code 6 naming its number; one whose demo video this server is
 * still making is code 6 "视频处理中，请稍后再试" (server/media/pending-media.ts). Without a number
 * it plays the episode this viewer watched last (else 1), and the answer carries where the viewer
 * is in the title (server/db/watch-progress.ts), so a second device resumes at the right episode
 * and second.
 *
 * An episode plays from the title's own video, from its 播放源 (a collected title's external HLS
 * URLs, server/db/episodes.ts), or both: `sources` lists them in the order the player tries them,
 * the own video first. A 播放源 plays in full or not at all (it cannot be cut), so a viewer who may
 * not play in full gets the own trial alone, and code 4 for an episode without its own video.
 */
import { join } from 'node:path';
import { playSchema, type PlayInfo, type PlaySourceChoice } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { canPlayInFull } from '../db/access.ts';
import { countPlay } from '../db/daily-stats.ts';
import { externalSources, playableEpisode } from '../db/episodes.ts';
import { findMovie } from '../db/movies.ts';
import { siteDay } from '../db/site-day.ts';
import { progressOf } from '../db/watch-progress.ts';
import { startFiles } from '../media/hls-playlist.ts';
import { videoName } from '../media/media-layout.ts';
import { pendingMedia, VIDEO_IN_THE_MAKING } from '../media/pending-media.ts';
import { issuePlaylistKey, servedTrialSeconds } from '../media/play-ticket.ts';
import { ApiError } from '../api-error.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';
import { movieNotFound } from './movies.ts';

const NEEDS: Record<string, string> = {
  vip: '该影片需开通 VIP 观看',
  coins: '该影片需购买后观看',
};

/** The name of the title's own video among an episode's sources. */
export const OWN_SOURCE = '本站';

export const episodeNotFound = (number: number): string => `没有第 ${number} 集`;

export const moviePlayCalls: readonly Call[] = [
  defineCall({
    path: API.moviePlay,
    schema: playSchema,
    auth: 'user',
    handler: async ({ db, payload, user, config, site, now }): Promise<PlayInfo> => {
      const movie = found(await findMovie(db, payload.id), movieNotFound(payload.id));
      const progress = await progressOf(db, user.id, movie.id);
      let number = payload.episode ?? progress?.episode ?? 1;
      let { episode, count } = await playableEpisode(db, movie.id, number);
      if (!episode && payload.episode === undefined && number !== 1) {
        number = 1; // the episode watched last is gone: the first
        ({ episode, count } = await playableEpisode(db, movie.id, number));
      }
      if (!episode) throw new ApiError(Code.NotFound, episodeNotFound(number));
      const external = await externalSources(db, movie.id, episode.number);
      if (!episode.video && external.length === 0) throw new ApiError(Code.NotFound, episodeNotFound(number));
      const full = await canPlayInFull(db, user, movie);
      // 播放源 cannot be cut to a trial: without the title's own video there is none.
      if (!full && (movie.trialS <= 0 || !episode.video)) {
        throw new ApiError(Code.NotAllowed, NEEDS[movie.access] ?? '没有观看权限');
      }
      const trialSeconds = full ? null : movie.trialS;
      const sources: PlaySourceChoice[] = full ? external.map(({ name, url }) => ({ name, playlist: url })) : [];
      if (episode.video) {
        // A demo video still being made (server/seed/background-media.ts): made next, played then;
        // meanwhile its 播放源 play, when it has any.
        const pending = pendingMedia(config.MEDIA_DIR);
        const videoKey = `videos/${videoName(episode.video)}`;
        if (pending?.has(videoKey)) {
          void pending.hurry(videoKey);
          if (sources.length === 0) throw new ApiError(Code.NotFound, VIDEO_IN_THE_MAKING);
        } else {
          const playlist = issuePlaylistKey({
            movieId: movie.id,
            video: episode.video,
            trialSeconds,
            secret: config.MEDIA_SECRET,
          });
          const start = await startFiles(join(config.MEDIA_DIR, videoKey));
          sources.unshift({ name: OWN_SOURCE, playlist, ...(start && { start }) });
        }
      }
      await countPlay(db, site.id, siteDay(now), movie.id, user.id);
      return {
        movieId: movie.id,
        episode: { id: episode.id, number: episode.number, title: episode.title, durationS: episode.durationS },
        episodeCount: count,
        playlist: sources[0]!.playlist,
        sources,
        trial: !full,
        trialSeconds: trialSeconds === null ? 0 : servedTrialSeconds(trialSeconds, episode.durationS),
        durationS: episode.durationS,
        introEndS: movie.introEndS,
        outroStartS: movie.outroStartS,
        progress,
      };
    },
  }),
];
