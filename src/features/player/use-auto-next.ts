/**
 * Auto-next for a series: the episodes before and after the one playing (by number, in the list's
 * order), and the countdown the overlay shows when an episode ends (5 s, then the next plays).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { EpisodeBrief } from '../../../contract/calls/content.ts';

export const AUTO_NEXT_SECONDS = 5;

/** The episodes just before and after number `current` (null at either end, or when it is not listed). */
export function adjacentEpisodes(
  episodes: readonly EpisodeBrief[],
  current: number,
): { previous: EpisodeBrief | null; next: EpisodeBrief | null } {
  const sorted = [...episodes].sort((a, b) => a.number - b.number);
  const at = sorted.findIndex((e) => e.number === current);
  if (at < 0) return { previous: null, next: null };
  return { previous: sorted[at - 1] ?? null, next: sorted[at + 1] ?? null };
}

/** Seconds left of a countdown from `seconds` that calls `onDone` at 0; restarts when mounted again. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useEffectEvent(() => onDone());
  useEffect(() => {
    if (left <= 0) {
      done();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}
