/**
 * The brief notices over the video for touch and keys: the 3x badge while a press is held, the
 * seek preview (target / duration, and how far) while swiping or after an arrow key, and the
 * brightness or volume level with a bar. One at a time; `useIndicator` shows one, for a while or
 * until replaced or cleared.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { playerMessages as m } from './player-messages.ts';

export type Indicator =
  | { kind: 'hold' }
  | { kind: 'seek'; target: number; duration: number; delta: number }
  /** `level` as the text says it (1 = 100 %), `bar` the share of its range (0-1). */
  | { kind: 'brightness' | 'volume'; level: number; bar: number; muted?: boolean };

/** How long a notice stays after the last change. */
export const INDICATOR_MS = 800;

export type ShowIndicator = (indicator: Indicator | null, forMs?: number) => void;

/** The notice shown and a way to show one: for `forMs` (INDICATOR_MS), or until replaced with `Infinity`. */
export function useIndicator(): [Indicator | null, ShowIndicator] {
  const [indicator, setIndicator] = useState<Indicator | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback<ShowIndicator>((next, forMs = INDICATOR_MS) => {
    clearTimeout(timer.current);
    setIndicator(next);
    if (next && Number.isFinite(forMs)) timer.current = setTimeout(() => setIndicator(null), forMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [indicator, show];
}

const percent = (level: number) => `${Math.round(level * 100)}%`;

export function PlayerIndicator({ indicator }: { indicator: Indicator | null }) {
  if (!indicator) return null;
  if (indicator.kind === 'hold') {
    return (
      <p className="player-badge" role="status" data-testid="hold-badge">
        <span className="player-badge__arrows" aria-hidden="true">
          ▶▶
        </span>
        {m.holdBadge}
      </p>
    );
  }
  if (indicator.kind === 'seek') {
    const delta = Math.round(indicator.delta);
    return (
      <p className="player-indicator player-indicator--seek" role="status" data-testid="seek-preview">
        <span className="player-indicator__time">
          <strong>{formatDuration(indicator.target)}</strong> / {formatDuration(indicator.duration)}
        </span>
        <span className="player-indicator__hint">{m.seekBy(delta)}</span>
      </p>
    );
  }
  const label = indicator.kind === 'volume' ? m.volume : m.brightness;
  const shown = indicator.muted ? 0 : indicator.bar;
  return (
    <p className="player-indicator" role="status" data-testid={`${indicator.kind}-indicator`}>
      <span>
        {label} {indicator.muted ? m.muted : percent(indicator.level)}
      </span>
      <span className="player-indicator__bar" aria-hidden="true">
        <span style={{ width: percent(Math.min(1, Math.max(0, shown))) }} />
      </span>
    </p>
  );
}
