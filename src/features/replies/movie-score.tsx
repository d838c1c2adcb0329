/**
 * A movie's score as Chinese sites show it: the average of the comments' 1-5 stars on a 10-point
 * scale ("8.6分"), five stars filled to it, and "N 人评分"; 暂无评分 until someone rated.
 *
 * The page's detail may be a cached answer: after the viewer rated (or deleted a comment) the
 * score is read again (refreshMovieScore) and shown instead of the page's.
 */
import './score.css';
import { useSyncExternalStore } from 'react';
import { call } from '../../api/client.ts';
import type { MovieScore as Score } from '../../../contract/calls/content.ts';
import { API } from '../../../contract/calls/paths.ts';
import { formatCount } from '../../lib/format.ts';
import { StarsShown } from './rating-stars.tsx';
import { replyMessages as t } from './reply-messages.ts';

/** 0-5 stars → "8.6" (one decimal on the 10-point scale). */
export const tenPointScore = (average: number): string => (Math.round(average * 20) / 10).toFixed(1);

const fresh = new Map<number, Score>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Reads the movie's score again, uncached, for every MovieScore of it. */
export async function refreshMovieScore(movieId: number): Promise<void> {
  const detail = await call(API.movieDetail, { id: movieId }, { cache: false, toast: false });
  fresh.set(movieId, detail.score);
  listeners.forEach((listener) => listener());
}

export function MovieScore({ movieId, score: given }: { movieId: number; score: Score }) {
  const read = () => fresh.get(movieId);
  const score = useSyncExternalStore(subscribe, read, () => undefined) ?? given;
  if (score.count === 0) {
    return (
      <div className="movie-score movie-score--none" data-testid="movie-score">
        <StarsShown value={0} size={16} label={t.noScore} />
        <span className="movie-score__none">{t.noScore}</span>
      </div>
    );
  }
  const value = tenPointScore(score.average);
  return (
    <div className="movie-score" data-testid="movie-score">
      <strong className="movie-score__value" data-testid="movie-score-value">
        {t.score(value)}
      </strong>
      <span className="movie-score__side">
        <StarsShown value={score.average} size={16} label={`${t.scoreLabel} ${t.score(value)}`} />
        <span className="movie-score__count" data-testid="movie-score-count">
          {t.raters(formatCount(score.count))}
        </span>
      </span>
    </div>
  );
}
