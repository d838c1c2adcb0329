/**
 * Home's 继续观看 row: the titles of the watch history (features/history/) with a saved position
 * not yet watched to the end, newest first, each a poster with its progress bar, the title and
 * 第N集 for a later episode of a series; a tap resumes on the play page at that episode (which
 * starts where it was left). Hidden when there is none. Rendered only after the history store has
 * hydrated on the client, so the server's first paint of home (which has no history) and the
 * app's first render agree, and the row never flashes empty.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { Link } from 'wouter';
import { MediaImage } from '../../components/media-image.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { SectionHeader } from '../../components/section-header.tsx';
import { paths } from '../../lib/route-paths.ts';
import { episodeMessages } from '../movies/episode-messages.ts';
import { homeMessages } from './home-messages.ts';
import {
  historyReady,
  historyState,
  isFinished,
  type HistoryState,
  type WatchEntry,
} from '../history/history-store.ts';

const SHOWN = 12;
/** Like home's other scrolling row (home.css .movie-row). */
const POSTER_SIZES = '(min-width: 1000px) 160px, (min-width: 768px) 200px, 32vw';
const t = homeMessages.continueRow;

/** The entries the row shows: started, not finished, newest first; pure. */
export function unfinished(entries: readonly WatchEntry[], limit = SHOWN): WatchEntry[] {
  return entries
    .filter((entry) => entry.position >= 1 && !isFinished(entry.position, entry.duration))
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
}

function useHistoryHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void historyReady.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

function ContinueCard({ entry }: { entry: WatchEntry }) {
  const { movie } = entry;
  const episode = entry.episode ?? 1;
  const percent = entry.duration > 0 ? Math.round((entry.position / entry.duration) * 100) : 0;
  return (
    <Link href={paths.moviePlay(movie.id, episode)} className="continue-card" data-testid="continue-card">
      <div className="continue-card__poster">
        <MediaImage mediaKey={movie.poster.small} sizes={POSTER_SIZES} alt={movie.title} ratio="2/3" />
        <ProgressBar
          value={entry.position}
          max={entry.duration}
          label={t.progress(percent)}
          className="continue-card__bar"
        />
      </div>
      <h3 className="continue-card__title">{movie.title}</h3>
      <p className="continue-card__meta">
        {episode > 1 ? `${episodeMessages.numbered(episode)} · ${t.progress(percent)}` : t.progress(percent)}
      </p>
    </Link>
  );
}

export function ContinueWatching() {
  const ready = useHistoryHydrated();
  // Snapshots are deeply readonly; the cards only read them.
  const { watch } = useSnapshot(historyState) as HistoryState;
  const entries = ready ? unfinished(watch) : [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="home-continue" className="home__continue" data-testid="continue-watching">
      <SectionHeader id="home-continue" title={t.title} href={paths.mineHistory()} />
      <div className="movie-row">
        {entries.map((entry) => (
          <ContinueCard key={entry.movie.id} entry={entry} />
        ))}
      </div>
    </section>
  );
}
