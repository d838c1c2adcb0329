/**
 * A list that loads its next page when a sentinel below it nears the viewport (IntersectionObserver)
 * and, once long, keeps only the rows near the viewport in the DOM (window-scroll virtualisation,
 * lib/virtual-rows.ts): spacers above and below stand in for the others, so the document keeps its
 * height and the app's scroll memory (app/scroll-memory.ts) restores the position on back.
 * Measured row heights are remembered per `virtualKey` for a list that is mounted again.
 */
import '../styles/content.css';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { averageHeight, gridColumns, heightBetween, visibleRows, type RowRange } from '../lib/virtual-rows.ts';
import { messages } from '../messages.ts';
import { ErrorState } from './error-state.tsx';

const VIRTUAL_MIN_ROWS = 24;
const OVERSCAN_PX = 900;
const INITIAL_ROWS = 10;
const GRID = { minCard: 158, gap: 12 } as const;
const ESTIMATE = { grid: 320, list: 110 } as const;

interface InfiniteListProps<T> {
  items: readonly T[];
  loading: boolean;
  done: boolean;
  error: Error | null;
  /** Loads the next page (and retries a failed one). */
  onMore: () => void;
  render: (item: T, index: number) => ReactNode;
  keyOf: (item: T) => string | number;
  layout?: 'grid' | 'list';
  /** Shown while the first page loads. */
  skeleton?: ReactNode;
  /** Shown when the list is complete and empty. */
  empty?: ReactNode;
  /** Remembers row heights under this key (pass the list's cacheKey). */
  virtualKey?: string;
}

const savedHeights = new Map<string, { columns: number; measured: Map<number, number> }>();

function useColumns(container: RefObject<HTMLDivElement | null>, layout: 'grid' | 'list'): number {
  const [columns, setColumns] = useState(layout === 'grid' ? 2 : 1);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || layout === 'list') return;
    const measure = () => setColumns(gridColumns(element.clientWidth, GRID.minCard, GRID.gap));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, layout]);
  return layout === 'list' ? 1 : columns;
}

export function InfiniteList<T>({ items, loading, done, error, onMore, render, keyOf, layout = 'grid', skeleton, empty, virtualKey }: InfiniteListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const columns = useColumns(container, layout);
  const rowCount = Math.ceil(items.length / columns);
  const virtual = rowCount > VIRTUAL_MIN_ROWS;

  const heights = useRef<Map<number, number>>(new Map());
  const heightsColumns = useRef(columns);
  if (heightsColumns.current !== columns) {
    heights.current = new Map(); // other columns, other rows
    heightsColumns.current = columns;
  }
  if (virtualKey && savedHeights.get(virtualKey)?.columns === columns && heights.current.size === 0) {
    heights.current = savedHeights.get(virtualKey)!.measured;
  }
  const [range, setRange] = useState<RowRange>({ start: 0, end: INITIAL_ROWS });
  const rowHeights = { measured: heights.current, estimate: averageHeight(heights.current, ESTIMATE[layout]) };
  const start = virtual ? Math.min(range.start, Math.max(0, rowCount - 1)) : 0;
  const end = virtual ? Math.min(Math.max(range.end, start + 1), rowCount) : rowCount;

  // Measure the rendered rows after each render.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    for (const row of element.querySelectorAll<HTMLElement>('[data-row]')) heights.current.set(Number(row.dataset.row), row.offsetHeight);
    if (virtualKey) savedHeights.set(virtualKey, { columns, measured: heights.current });
  });

  // Recompute the visible rows on scroll and resize (at most once a frame).
  useEffect(() => {
    if (!virtual) return;
    let frame = 0;
    const compute = () => {
      frame = 0;
      const element = container.current;
      if (!element || element.offsetParent === null) return; // hidden (kept-alive page)
      const top = element.getBoundingClientRect().top;
      const next = visibleRows(rowCount, { measured: heights.current, estimate: averageHeight(heights.current, ESTIMATE[layout]) }, -top, innerHeight - top, OVERSCAN_PX);
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(compute);
    };
    compute();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [virtual, rowCount, layout]);

  // The next page loads when the sentinel comes within 800 px; observing anew after each change
  // fires at once when it is still in view (a short page).
  const wantsMore = !loading && !done && !error;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !wantsMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    }, { rootMargin: '0px 0px 800px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wantsMore, items.length, onMore]);

  if (items.length === 0 && error) return <ErrorState error={error} onRetry={onMore} />;
  if (items.length === 0 && done) return <>{empty ?? <p className="list-state">{messages.content.empty}</p>}</>;

  const rows: ReactNode[] = [];
  for (let row = start; row < end; row++) {
    const slice = items.slice(row * columns, row * columns + columns);
    rows.push(
      <div key={row} data-row={row} className={layout === 'grid' ? 'vlist__row card-grid' : 'vlist__row'}>
        {slice.map((item, i) => (
          <div key={keyOf(item)} className="vlist__cell">
            {render(item, row * columns + i)}
          </div>
        ))}
      </div>,
    );
  }
  return (
    <div className={`vlist vlist--${layout}`} ref={container} style={{ '--columns': columns } as CSSProperties}>
      {items.length === 0 && loading && skeleton}
      {virtual && <div style={{ height: heightBetween(rowHeights, 0, start) }} aria-hidden="true" />}
      {rows}
      {virtual && <div style={{ height: heightBetween(rowHeights, end, rowCount) }} aria-hidden="true" />}
      <div ref={sentinel} className="vlist__sentinel" aria-hidden="true" />
      {items.length > 0 && error && <ErrorState error={error} onRetry={onMore} compact />}
      {items.length > 0 && loading && (
        <p className="list-state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {messages.content.loadingMore}
        </p>
      )}
      {items.length > 0 && done && <p className="list-state">{messages.content.noMore}</p>}
    </div>
  );
}
