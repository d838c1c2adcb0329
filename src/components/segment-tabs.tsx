/**
 * A row of tabs that switch what a screen lists (sort order, result kind). The panels are the
 * screen's; each tab is a button with aria-selected. On phones the row scrolls sideways.
 */
import '../styles/directory.css';

export interface SegmentTab<V extends string> {
  value: V;
  label: string;
  /** A count shown beside the label (unread notices), hidden at 0. */
  count?: number;
}

interface SegmentTabsProps<V extends string> {
  tabs: readonly SegmentTab<V>[];
  value: V;
  onChange: (value: V) => void;
  label: string;
  /** "pills" (filters, e.g. chigua sections) or "underline" (sorts and result kinds). */
  look?: 'underline' | 'pills';
}

export function SegmentTabs<V extends string>({
  tabs,
  value,
  onChange,
  label,
  look = 'underline',
}: SegmentTabsProps<V>) {
  return (
    <div className={`segment-tabs segment-tabs--${look}`} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={`segment-tabs__tab${tab.value === value ? ' is-active' : ''}`}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
          {tab.count !== undefined && tab.count > 0 && (
            <span className="segment-tabs__count">{tab.count > 99 ? '99+' : tab.count}</span>
          )}
        </button>
      ))}
    </div>
  );
}
