/**
 * 选集: a title's episodes, counted (全N集, or 更新至第N集 while it is being released), as a grid
 * of numbered chips (the full name on hover and for screen readers), the current one highlighted;
 * a long list scrolls inside its box. A film (one episode) shows no list. Each chip is a link to
 * the episode's play page; the play page passes `onChoose` to switch in place instead.
 */
import './episode-list.css';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import type { EpisodeBrief } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { episodeMessages as e } from './episode-messages.ts';

interface EpisodeListProps {
  movieId: number;
  episodes: readonly EpisodeBrief[];
  /** The title is 已完结 (MovieCard.finished). */
  finished: boolean;
  /** The episode playing or watched last; null: none highlighted. */
  current: number | null;
  /** Switches in place (the play page); without it a chip opens the play page. */
  onChoose?: (number: number) => void;
  /** The play page's dark stage. */
  tone?: 'page' | 'dark';
}

export function EpisodeList({ movieId, episodes, finished, current, onChoose, tone = 'page' }: EpisodeListProps) {
  if (episodes.length < 2) return null;
  const choose = (number: number) => (event: MouseEvent) => {
    if (!onChoose || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onChoose(number);
  };
  return (
    <section className={`episodes episodes--${tone}`} aria-labelledby={`episodes-${movieId}`} data-testid="episodes">
      <div className="episodes__head">
        <h2 className="episodes__title" id={`episodes-${movieId}`}>
          {e.heading}
        </h2>
        <span className="episodes__count">{e.count(episodes.length, finished)}</span>
      </div>
      <ol className="episodes__grid">
        {episodes.map((episode) => {
          const label = e.label(episode.number, episode.title);
          const isCurrent = episode.number === current;
          return (
            <li key={episode.id}>
              <Link
                href={paths.moviePlay(movieId, episode.number)}
                className={isCurrent ? 'episodes__chip is-current' : 'episodes__chip'}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={isCurrent ? `${label}（${e.playing}）` : label}
                title={label}
                onClick={choose(episode.number)}
                data-testid="episode-chip"
              >
                {episode.number}
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
