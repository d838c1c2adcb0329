/** One row of filter chips: a label, then "全部" and the options; the chosen one is pressed. */
import '../styles/content.css';
import { messages } from '../messages.ts';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterRowProps {
  label: string;
  options: readonly FilterOption[];
  /** The chosen value; null is "全部". */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Offer "全部" (no filter); off for a choice that always has a value (sort). */
  withAll?: boolean;
  testId?: string;
}

export function FilterRow({ label, options, value, onChange, withAll = true, testId }: FilterRowProps) {
  const all: FilterOption[] = withAll ? [{ value: '', label: messages.movieList.all }] : [];
  return (
    <div className="filter-row" role="group" aria-label={label} data-testid={testId}>
      <span className="filter-row__label">{label}</span>
      <div className="chip-row filter-row__chips">
        {[...all, ...options].map((option) => {
          const active = (value ?? '') === option.value;
          return (
            <button
              key={option.value || 'all'}
              type="button"
              className={active ? 'chip is-active' : 'chip'}
              aria-pressed={active}
              onClick={() => onChange(option.value || null)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
