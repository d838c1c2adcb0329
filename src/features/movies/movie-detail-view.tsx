/**
 * One movie's page (the screen: src/routes/movie-detail.tsx; also rendered by the server's first
 * paint, src/entry-server.tsx): the large poster (the page's LCP image), title, year · region ·
 * language · the site's 评分 · category path, 又名 when set, views, likes and duration, tags, the play button (继续观看 or 重新播放 from the
 * watch history) and its gate (VIP, coins), like, favourite and 分享, the score (the comments'
 * stars, "8.6分 · N 人评分"), 选集 for a series (the episode watched last highlighted), the
 * description, related movies and the comments (features/replies/, opened at ?floor=N).
 */
import './movies.css';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import type { MovieDetail } from '../../../contract/calls/content.ts';
import { useFirstPaintHandover } from '../../components/page/first-paint.ts';
import { usePageTitle } from '../../components/page/page-context.tsx';
import { paths } from '../../lib/route-paths.ts';
import { MediaImage } from '../../components/media-image.tsx';
import { MovieActionBar } from './movie-actions.tsx';
import { MovieCard } from './movie-card.tsx';
import { MovieGate } from './movie-gate.tsx';
import { SectionHeader } from '../../components/section-header.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { TagChips } from '../tags/tag-chips.tsx';
import { formatCount, formatDuration } from '../../lib/format.ts';
import { messages } from '../../messages.ts';
import { historyState } from '../history/history-store.ts';
import { useLikeCount } from '../../stores/like-counts.ts';
import { MovieScore } from '../replies/movie-score.tsx';
import { RepliesAtFloor } from '../replies/replies-at-floor.tsx';
import { EpisodeList } from './episode-list.tsx';
import { playOffer } from './play-offer.ts';

const d = messages.movieDetail;
const POSTER_SIZES = '(min-width: 768px) 300px, 40vw';
const RELATED_IN_FIRST_SCREEN = 2;

export function MovieDetailSkeleton() {
  return (
    <div className="movie-detail" aria-busy="true">
      <div className="movie-hero">
        <Skeleton className="movie-hero__poster skeleton--media" style={{ aspectRatio: '2/3' }} />
        <div className="movie-hero__info">
          <Skeleton className="skeleton--line" style={{ height: 26, width: '70%' }} />
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}

/** The episode watched last and where, from the watch history (null: never watched). */
function useLastWatched(movieId: number): { episode: number; position: number; duration: number } | null {
  const { watch } = useSnapshot(historyState);
  const entry = watch.find((item) => item.movie.id === movieId);
  return entry ? { episode: entry.episode ?? 1, position: entry.position, duration: entry.duration } : null;
}

/** The play button, offering to go on (or again) from where the watch history has the viewer. */
function PlayGate({ movie }: { movie: MovieDetail }) {
  const episodes = episodesOf(movie);
  return <MovieGate movie={movie} offer={playOffer(useLastWatched(movie.id), episodes)} series={episodes.length > 1} />;
}

/** A detail saved offline before titles had episodes has none: a film. */
const episodesOf = (movie: MovieDetail): MovieDetail['episodes'] =>
  (movie.episodes as MovieDetail['episodes'] | undefined) ?? [];

function Episodes({ movie }: { movie: MovieDetail }) {
  const last = useLastWatched(movie.id);
  const episodes = episodesOf(movie);
  if (episodes.length < 2) return null;
  return (
    <section className="movie-detail__section">
      <EpisodeList movieId={movie.id} episodes={episodes} finished={movie.finished} current={last?.episode ?? null} />
    </section>
  );
}

/** The like count of the stats: a like on this page shows here at once (stores/like-counts.ts). */
function LikeCount({ movieId, likes }: { movieId: number; likes: number }) {
  return formatCount(useLikeCount(`movie:${movieId}`, likes));
}

/** Exported for the server's first paint (server/first-paint/). */
export function MovieDetailView({ movie }: { movie: MovieDetail }) {
  usePageTitle(movie.title);
  useFirstPaintHandover();
  const meta = [
    movie.year > 0 ? String(movie.year) : null,
    movie.region || null,
    movie.language || null,
    movie.editorScore !== undefined ? d.editorScore(movie.editorScore) : null,
  ].filter(Boolean);
  return (
    <article className="movie-detail">
      <div className="movie-hero" data-testid="detail-content">
        <div className="movie-hero__poster">
          <MediaImage
            mediaKey={movie.poster.small}
            largeKey={movie.poster.large}
            sizes={POSTER_SIZES}
            alt={movie.title}
            ratio="2/3"
            priority
          />
        </div>
        <div className="movie-hero__info">
          <h1 className="movie-hero__title">{movie.title}</h1>
          <p className="movie-hero__meta">
            {meta.join(' · ')}
            {movie.categoryPath.slice(1).map((node) => (
              <span key={node.categoryId}>
                {' · '}
                <Link href={paths.category(node.categoryId)} className="movie-hero__category">
                  {node.name}
                </Link>
              </span>
            ))}
          </p>
          {movie.alias && <p className="movie-hero__meta">{d.alias(movie.alias)}</p>}
          <MovieScore movieId={movie.id} score={movie.score} />
          <dl className="movie-stats">
            <div>
              <dt>{d.views}</dt>
              <dd data-testid="movie-views">{formatCount(movie.views)}</dd>
            </div>
            <div>
              <dt>{d.likes}</dt>
              <dd data-testid="movie-likes">
                <LikeCount movieId={movie.id} likes={movie.likes} />
              </dd>
            </div>
            <div>
              <dt>{d.duration}</dt>
              <dd data-testid="movie-duration">{formatDuration(movie.durationS)}</dd>
            </div>
          </dl>
          <PlayGate movie={movie} />
        </div>
        <MovieActionBar movie={movie} className="movie-hero__actions" />
      </div>

      <Episodes movie={movie} />

      {movie.tags.length > 0 && (
        <section className="movie-detail__section" aria-label={d.tags}>
          <TagChips tags={movie.tags} label={d.tags} />
        </section>
      )}

      <section className="movie-detail__section" aria-labelledby="movie-description">
        <SectionHeader id="movie-description" title={d.description} />
        <p className="movie-detail__description">{movie.description || d.noDescription}</p>
      </section>

      {movie.related.length > 0 && (
        <section className="movie-detail__related" aria-labelledby="movie-related" data-testid="detail-side">
          <SectionHeader
            id="movie-related"
            title={d.related}
            href={`${paths.movieList()}?category=${movie.category.categoryId}`}
          />
          <div className="card-grid">
            {/* On a phone the first row shows in the first screen: loaded at once, not lazily. */}
            {movie.related.map((related, index) => (
              <MovieCard key={related.id} movie={related} priority={index < RELATED_IN_FIRST_SCREEN} />
            ))}
          </div>
        </section>
      )}

      <RepliesAtFloor target={{ type: 'movie', id: movie.id }} count={movie.commentCount} />
    </article>
  );
}
