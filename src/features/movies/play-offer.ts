/**
 * What the detail page's play button offers, from where the viewer is in the title (the watch
 * history): 立即播放 when never watched (or left in the first seconds), 继续观看 [第N集] m:ss part-way,
 * 继续观看 第N+1集 after a series' episode watched to the end, 重新播放 after a film's end or a
 * series' last episode. Pure: the detail page reads the history and renders the offer.
 */
import type { EpisodeBrief } from '../../../contract/calls/content.ts';
import { isFinished } from '../history/history-store.ts';

/** Positions under this count as not watched yet (the player just opened). */
const MIN_RESUME_S = 5;

export type PlayOffer =
  | { kind: 'start' }
  | { kind: 'resume'; episode: number; position: number }
  | { kind: 'next'; episode: number }
  | { kind: 'replay'; episode: number };

interface Watched {
  episode: number;
  position: number;
  duration: number;
}

export function playOffer(watched: Watched | null, episodes: readonly Pick<EpisodeBrief, 'number'>[]): PlayOffer {
  if (!watched) return { kind: 'start' };
  const { episode, position, duration } = watched;
  if (isFinished(position, duration)) {
    const next = episodes.find((candidate) => candidate.number > episode);
    return next ? { kind: 'next', episode: next.number } : { kind: 'replay', episode: episodes[0]?.number ?? 1 };
  }
  return position < MIN_RESUME_S ? { kind: 'start' } : { kind: 'resume', episode, position };
}
