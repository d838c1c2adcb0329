/**
 * Stars of a rating: `StarsShown` draws 0-5 (fractions filled in part: an average), `StarsInput`
 * is the composer's 1-5 picker (a radio group; tapping the chosen star again clears it).
 */
import './score.css';
import type { CSSProperties } from 'react';
import { replyMessages as t } from './reply-messages.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export function StarsShown({ value, size = 14, label }: { value: number; size?: number; label?: string }) {
  const filled = Math.max(0, Math.min(5, value));
  return (
    <span
      className="stars"
      style={{ '--stars-fill': `${(filled / 5) * 100}%`, fontSize: size } as CSSProperties}
      role="img"
      aria-label={label ?? t.ratingStar(filled)}
    >
      ★★★★★
    </span>
  );
}

export function StarsInput({ value, onChange }: { value: number | null; onChange: (stars: number | null) => void }) {
  return (
    <div className="stars-input" role="radiogroup" aria-label={t.rating}>
      {STARS.map((stars) => (
        <button
          key={stars}
          type="button"
          role="radio"
          aria-checked={value === stars}
          aria-label={t.ratingStar(stars)}
          className={`stars-input__star${value !== null && stars <= value ? ' is-on' : ''}`}
          onClick={() => onChange(value === stars ? null : stars)}
          data-testid={`rating-${stars}`}
        >
          ★
        </button>
      ))}
      <span className="stars-input__word">{value ? t.ratingWords[value] : ''}</span>
    </div>
  );
}
