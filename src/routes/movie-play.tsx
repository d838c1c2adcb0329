/**
 * Playback (/movie/play/{id}?ep=N) in the full-screen layout, always dark: the player (hls.js is
 * loaded by it only here), a back button and the title over the video, the trial banner and, when
 * the trial playlist ends, an overlay leading to VIP. Below the video: the title and the facts,
 * 选集 for a series, 相关推荐 and the comments; from 1024 px 相关推荐 is a column beside them
 * (play.css). The play ticket is fetched fresh for each episode (never cached); the movie's detail
 * comes with it for the title, the episodes and the watch history.
 * Without ?ep the episode watched last plays (in the server's history, or this device's when it is
 * newer, else episode 1), from where it was left; choosing another sets ?ep and loads
 * its stream in the same player, the page staying as it is.
 */
import '../features/player/play.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { MovieDetail, PlayInfo } from '../../contract/calls/content.ts';
import { getMovieDetail, getPlayInfo } from '../features/movies/movie-calls.ts';
import { usePageTitle } from '../components/page/page-context.tsx';
import { paths } from '../lib/route-paths.ts';
import type { ScreenProps } from '../components/page/screen.ts';
import { BackButton } from '../components/back-button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { VideoPlayer } from '../features/player/video-player.tsx';
import { preloadHls } from '../features/player/hls-source.ts';
import { fetchPlayStart } from '../features/player/play-start.ts';
import { TrialEndOverlay } from '../features/player/trial-end-overlay.tsx';
import { AutoNextOverlay } from '../features/player/auto-next-overlay.tsx';
import { adjacentEpisodes } from '../features/player/use-auto-next.ts';
import { seriesMessages } from '../features/player/series-messages.ts';
import { RepliesAtFloor } from '../features/replies/replies-at-floor.tsx';
import { RelatedList } from '../features/movies/related-list.tsx';
import { useResource } from '../components/hooks/use-resource.ts';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';
import { usePageColorMode } from '../theme/use-page-color-mode.ts';
import { usePageQuery } from '../components/page/use-page-query.ts';
import { devicePosition } from '../features/history/history-store.ts';
import { usePlaySource } from '../features/downloads/offline-play.ts';
import { PlayFacts, PlayHeader, playHeading } from '../features/player/play-layout.tsx';
import { isOwnSource } from '../features/player/play-sources.ts';
import { useFirstPaintHandover } from '../components/page/first-paint.ts';
import { PriorityImagesOnly } from '../components/media-image.tsx';

const p = messages.play;

interface PlaybackProps {
  movie: MovieDetail;
  /** The ticket of the episode playing (the previous one while the next one's is on its way). */
  play: PlayInfo;
  /** The episode asked for (highlighted at once). */
  episode: number;
  onEpisode: (number: number) => void;
  /** The film was bought at the trial's end: the full stream's ticket is fetched. */
  onPurchased: () => void;
}

function Playback({ movie, play, episode, onEpisode, onPurchased }: PlaybackProps) {
  const { previous, next } = adjacentEpisodes(movie.episodes, play.episode.number);
  // The playlist whose countdown to the next episode was cancelled (取消).
  const [cancelled, setCancelled] = useState<string | null>(null);
  const toNext = next ? () => onEpisode(next.number) : undefined;
  const heading = playHeading(movie, play.episode);
  usePageTitle(heading);
  useFirstPaintHandover();
  const videoFirst = useVideoFirst();
  const header = (
    <>
      <PlayHeader heading={heading} />
      {play.trial && (
        <p className="play-trial" data-testid="trial-banner">
          {movie.access === 'coins'
            ? seriesMessages.trialBannerCoins(play.trialSeconds)
            : p.trialBanner(play.trialSeconds)}
          {movie.access !== 'coins' && (
            <Link href={paths.mineVip()} className="play-trial__link">
              {p.openVip}
            </Link>
          )}
        </p>
      )}
    </>
  );
  return (
    <section className="play-stage">
      <VideoPlayer
        movie={movie}
        episode={play.episode.number}
        sources={play.sources}
        header={header}
        endOverlay={
          play.trial ? (
            <TrialEndOverlay movie={movie} onPurchased={onPurchased} />
          ) : next && toNext && cancelled !== play.playlist ? (
            <AutoNextOverlay
              key={play.playlist}
              next={next}
              onPlay={toNext}
              onCancel={() => setCancelled(play.playlist)}
            />
          ) : undefined
        }
        onNextEpisode={toNext}
        onPreviousEpisode={previous ? () => onEpisode(previous.number) : undefined}
        marks={play.trial ? null : play}
        progress={play.progress}
        onSettled={videoFirst.release}
      />
      <PlayFacts
        movie={movie}
        episode={episode}
        durationS={play.durationS}
        downloadable={play.sources.some(isOwnSource)}
        onEpisode={onEpisode}
      />
      <PriorityImagesOnly value={videoFirst.held}>
        <RelatedList movies={movie.related} />
      </PriorityImagesOnly>
      <div className="play-comments">
        <RepliesAtFloor target={{ type: 'movie', id: movie.id }} count={movie.commentCount} />
      </div>
    </section>
  );
}

/** The longest the posters under the player wait for the video's first data. */
const VIDEO_FIRST_CAP_MS = 5_000;

/**
 * The video's first segment before the pictures under the player (相关推荐): on a slow line a dozen
 * posters fetched beside it share the line with it and delay the first picture by a second or more.
 * Held until the stream's first data has come (or failed), at most VIDEO_FIRST_CAP_MS.
 */
function useVideoFirst(): { held: boolean; release: () => void } {
  const [held, setHeld] = useState(true);
  const release = useCallback(() => setHeld(false), []);
  useEffect(() => {
    const timer = setTimeout(release, VIDEO_FIRST_CAP_MS);
    return () => clearTimeout(timer);
  }, [release]);
  return { held, release };
}

/** ?ep=N when it is a positive integer. */
function askedEpisode(query: URLSearchParams): number | undefined {
  const asked = Number(query.get('ep'));
  return Number.isSafeInteger(asked) && asked > 0 ? asked : undefined;
}

/**
 * Without ?ep, /movie/play plays the episode the server's history has (another device's, too);
 * when this device watched another episode later (offline, not yet synced), that one plays instead.
 */
function useDeviceEpisode(
  asked: number | undefined,
  play: PlayInfo | null | undefined,
  set: (episode: number) => void,
) {
  useEffect(() => {
    if (asked !== undefined || !play) return;
    const device = devicePosition(play.movieId);
    if (!device || device.episode === play.episode.number) return;
    if (!play.progress || device.at > play.progress.at) set(device.episode);
  }, [asked, play, set]);
}

export default function MoviePlayScreen({ params }: ScreenProps) {
  usePageColorMode('dark');
  // hls.js on its way while the page's calls are (hls-source.ts).
  useEffect(preloadHls, []);
  const id = Number(params.id);
  const [query, setQuery] = usePageQuery();
  const asked = askedEpisode(query);
  // The episode shown until the ticket says (and the one a download plays offline).
  const episode = asked ?? devicePosition(id)?.episode ?? 1;
  // A downloaded episode (?offline=1, or the device offline) plays from the device (features/downloads).
  const source = usePlaySource(query, episode);
  const movie = useResource(`movie:${id}${source.key}`, () =>
    source.movie(id, episode, () => getMovieDetail(id, { toast: false })),
  );
  const ticket = useResource(`play:${id}:${asked ?? 'last'}${source.key}`, () =>
    source.play(id, episode, () => getPlayInfo(id, asked, { toast: false }).then(fetchPlayStart)),
  );
  const chooseEpisode = useCallback((number: number) => setQuery({ ep: String(number) }), [setQuery]);
  useDeviceEpisode(asked, ticket.data, chooseEpisode);
  // While another episode's ticket loads, the player keeps the one it has.
  const shown = useRef<PlayInfo | null>(null);
  if (ticket.data) shown.current = ticket.data;
  if (shown.current?.movieId !== id) shown.current = null;
  const error = movie.error ?? ticket.error;
  const playback = { error, retry: movie.error ? movie.retry : ticket.retry };
  if (playback.error) {
    return (
      <section className="play-stage play-stage--message">
        <div className="play-header">
          <BackButton className="icon-button play-header__back" />
        </div>
        <ErrorState error={playback.error} onRetry={playback.retry} />
        <p className="play-stage__links">
          <Link href={paths.movie(id)}>{shellMessages.titles.movieDetail}</Link>
          <Link href={paths.mineVip()}>{p.openVip}</Link>
        </p>
      </section>
    );
  }
  if (!movie.data || !shown.current) {
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
  return (
    <Playback
      movie={movie.data}
      play={shown.current}
      episode={asked ?? shown.current.episode.number}
      onEpisode={chooseEpisode}
      onPurchased={ticket.retry}
    />
  );
}
