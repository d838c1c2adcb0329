/**
 * The play page's pieces that the server's first paint draws too (src/entry-server.tsx; the screen:
 * src/routes/movie-play.tsx): the heading over the video, the title, facts and actions (the score,
 * 点赞, 收藏, 分享) under it (beside the title from 1280 px, play.css), and the
 * page before the player runs, the movie's poster in the player's box (PlayFirstScreen): the same
 * box as the player's <video> (play.css), so that box is the page's largest paint from the start
 * and the video's first frame, no larger, does not become a later LCP.
 */
import './play.css';
import type { EpisodeBrief, MovieDetail } from '../../../contract/calls/content.ts';
import { BackButton } from '../../components/back-button.tsx';
import { MediaImage } from '../../components/media-image.tsx';
import { formatCount, formatDuration } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { DownloadButton } from '../downloads/download-button.tsx';
import { EpisodeList } from '../movies/episode-list.tsx';
import { episodeMessages } from '../movies/episode-messages.ts';
import { RelatedList } from '../movies/related-list.tsx';
import { MovieActionBar } from '../movies/movie-actions.tsx';
import { MovieScore } from '../replies/movie-score.tsx';

/** The poster fills the player's box: the whole width of the page (its column from 1024 px). */
const POSTER_SIZES = '(min-width: 1024px) 66vw, 100vw';

/** The title over the video: a series names its episode. */
export const playHeading = (movie: MovieDetail, episode: EpisodeBrief | undefined): string =>
  movie.episodes.length > 1 && episode
    ? `${movie.title} ${episodeMessages.label(episode.number, episode.title)}`
    : movie.title;

export function PlayHeader({ heading }: { heading: string }) {
  return (
    <div className="play-header">
      <BackButton className="icon-button play-header__back" />
      <h1 className="play-header__title" data-testid="play-title">
        {heading}
      </h1>
    </div>
  );
}

interface PlayFactsProps {
  movie: MovieDetail;
  /** The episode shown (highlighted in 选集; 1 for a film). */
  episode: number;
  /** The episode's length; 0 when not known (one playing from 播放源 only): not shown. */
  durationS: number;
  /** The episode plays from the title's own video (a download saves that; 播放源 are other sites'). */
  downloadable: boolean;
  onEpisode?: (number: number) => void;
}

/**
 * Under the video: the title, year · region · category · length · views, the score with 点赞 收藏
 * 分享, 下载, 选集 and the description.
 */
export function PlayFacts({ movie, episode, durationS, downloadable, onEpisode }: PlayFactsProps) {
  return (
    <div className="play-info">
      <h2 className="play-info__title">{movie.title}</h2>
      <p className="play-info__meta">
        {[
          movie.year || null,
          movie.region || null,
          movie.category.name,
          durationS > 0 ? formatDuration(durationS) : null,
          messages.content.views(formatCount(movie.views)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="play-actions" data-testid="play-actions">
        <MovieScore movieId={movie.id} score={movie.score} />
        <MovieActionBar movie={movie} className="play-actions__buttons" />
      </div>
      {downloadable && <DownloadButton movie={movie} episode={episode} />}
      <EpisodeList
        movieId={movie.id}
        episodes={movie.episodes}
        finished={movie.finished}
        current={episode}
        onChoose={onEpisode}
        tone="dark"
      />
      {movie.description && <p className="play-info__description">{movie.description}</p>}
    </div>
  );
}

/**
 * The first paint of /movie/play/{id}: the player's box with the poster (the LCP image) and the
 * heading, the loading ring, then what the page shows under the player.
 */
export function PlayFirstScreen({ movie, episode: number }: { movie: MovieDetail; episode: number }) {
  const episode = movie.episodes.find((candidate) => candidate.number === number) ?? movie.episodes[0];
  return (
    <section className="play-stage">
      <div className="video-player is-controls">
        <MediaImage
          className="video-player__poster"
          mediaKey={movie.poster.small}
          largeKey={movie.poster.large}
          sizes={POSTER_SIZES}
          alt={movie.title}
          ratio="16/9"
          priority
        />
        <div className="video-player__top">
          <PlayHeader heading={playHeading(movie, episode)} />
        </div>
        <span className="spinner video-player__spinner" role="status" aria-label={messages.play.loading} />
      </div>
      <PlayFacts
        movie={movie}
        episode={episode?.number ?? 1}
        durationS={episode?.durationS ?? movie.durationS}
        // Until the ticket says: an episode of a known length is one of the title's own videos.
        downloadable={(episode?.durationS ?? movie.durationS) > 0}
      />
      <RelatedList movies={movie.related} />
    </section>
  );
}
