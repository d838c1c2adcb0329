/**
 * Playback (/movie/play/{id}) in the full-screen layout, always dark: the player (hls.js is loaded
 * by it only here), a back button and the title over the video, the trial banner and, when the
 * trial playlist ends, an overlay leading to VIP. Below the video on wide screens: the title and
 * the facts. The play ticket is fetched fresh (never cached); the movie's card comes with it for
 * the title and the watch history.
 */
import '../features/player/play.css';
import { Link } from 'wouter';
import type { MovieDetail, PlayInfo } from '../../contract/calls/content.ts';
import { getMovieDetail, getPlayInfo } from '../features/movies/movie-calls.ts';
import { usePageTitle } from '../components/page/page-context.tsx';
import { paths } from '../lib/route-paths.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { BackButton } from '../components/back-button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { VideoPlayer } from '../features/player/video-player.tsx';
import { RepliesAtFloor } from '../features/replies/replies-at-floor.tsx';
import { formatCount, formatDuration } from '../lib/format.ts';
import { useResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';
import { usePageColorMode } from '../theme/use-page-color-mode.ts';

const p = messages.play;

function TrialEnd({ movieId }: { movieId: number }) {
  return (
    <div className="play-overlay" role="dialog" aria-label={p.trialEnded} data-testid="trial-ended">
      <p className="play-overlay__title">{p.trialEnded}</p>
      <p className="play-overlay__hint">{p.trialEndedHint}</p>
      <Link href={paths.mineVip()} className="button button--primary">
        {p.openVip}
      </Link>
      <Link href={paths.movie(movieId)} className="play-overlay__link">
        {messages.titles.movieDetail}
      </Link>
    </div>
  );
}

function Playback({ movie, play }: { movie: MovieDetail; play: PlayInfo }) {
  usePageTitle(movie.title);
  const header = (
    <>
      <div className="play-header">
        <BackButton className="icon-button play-header__back" />
        <h1 className="play-header__title">{movie.title}</h1>
      </div>
      {play.trial && (
        <p className="play-trial" data-testid="trial-banner">
          {p.trialBanner(play.trialSeconds)}
          <Link href={paths.mineVip()} className="play-trial__link">
            {p.openVip}
          </Link>
        </p>
      )}
    </>
  );
  return (
    <section className="play-stage">
      <VideoPlayer
        movie={movie}
        playlist={play.playlist}
        header={header}
        endOverlay={play.trial ? <TrialEnd movieId={movie.id} /> : undefined}
      />
      <div className="play-info">
        <h2 className="play-info__title">{movie.title}</h2>
        <p className="play-info__meta">
          {[
            movie.year || null,
            movie.region || null,
            movie.category.name,
            formatDuration(movie.durationS),
            messages.content.views(formatCount(movie.views)),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {movie.description && <p className="play-info__description">{movie.description}</p>}
        <RepliesAtFloor target={{ type: 'movie', id: movie.id }} count={movie.commentCount} />
      </div>
    </section>
  );
}

async function loadPlayback(id: number): Promise<{ movie: MovieDetail; play: PlayInfo }> {
  const [movie, play] = await Promise.all([getMovieDetail(id, { toast: false }), getPlayInfo(id, { toast: false })]);
  return { movie, play };
}

export default function MoviePlayScreen({ params }: ScreenProps) {
  usePageColorMode('dark');
  const id = Number(params.id);
  const playback = useResource(`play:${id}`, () => loadPlayback(id));
  if (playback.error) {
    return (
      <section className="play-stage play-stage--message">
        <div className="play-header">
          <BackButton className="icon-button play-header__back" />
        </div>
        <ErrorState error={playback.error} onRetry={playback.retry} />
        <p className="play-stage__links">
          <Link href={paths.movie(id)}>{messages.titles.movieDetail}</Link>
          <Link href={paths.mineVip()}>{p.openVip}</Link>
        </p>
      </section>
    );
  }
  if (!playback.data) {
    return (
      <section className="play-stage">
        <div className="video-player">
          <div className="video-player__top">
            <div className="play-header">
              <BackButton className="icon-button play-header__back" />
            </div>
          </div>
          <span className="spinner video-player__spinner" role="status" aria-label={p.loading} />
        </div>
      </section>
    );
  }
  return <Playback movie={playback.data.movie} play={playback.data.play} />;
}
