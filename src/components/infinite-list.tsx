/**
 * A list that loads its next page when a sentinel below it nears the viewport (IntersectionObserver)
 * and, once long, keeps only the rows near the viewport in the DOM (window-scroll virtualisation by
 * @tanstack/react-virtual): spacers above and below stand in for the others, so the document keeps
 * its height and the app's scroll memory (src/app/scroll-memory.ts) restores the position on back.
 * Measured row heights are remembered per `virtualKey` for a list that is mounted again.
 */
import '../styles/content.css';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { gridColumns } from '../lib/grid-columns.ts';
import { messages } from '../messages.ts';
import { ErrorState } from './error-state.tsx';

const VIRTUAL_MIN_ROWS = 24;
const OVERSCAN_PX = 900;
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

/** Row measurements of lists no longer mounted, by virtualKey (and the columns they were measured with). */
const savedRows = new Map<string, { columns: number; rows: VirtualItem[] }>();

/** The list's top in document coordinates (the virtualiser's scroll margin), kept up to date on resize. */
function useDocumentTop(container: RefObject<HTMLDivElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      if (element.offsetParent !== null) setTop(element.getBoundingClientRect().top + scrollY); // not while hidden
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [container]);
  return top;
}

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

export function InfiniteList<T>({
  items,
  loading,
  done,
  error,
  onMore,
  render,
  keyOf,
  layout = 'grid',
  skeleton,
  empty,
  virtualKey,
}: InfiniteListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const columns = useColumns(container, layout);
  const rowCount = Math.ceil(items.length / columns);
  const virtual = rowCount > VIRTUAL_MIN_ROWS;

  const documentTop = useDocumentTop(container);
  const saved = virtualKey ? savedRows.get(virtualKey) : undefined;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    enabled: virtual,
    estimateSize: () => ESTIMATE[layout],
    overscan: Math.ceil(OVERSCAN_PX / ESTIMATE[layout]),
    scrollMargin: documentTop,
    initialMeasurementsCache: saved?.columns === columns ? saved.rows : [],
    // A row of a hidden (kept-alive) page measures 0: keep what it measured while shown.
    measureElement: (element, _entry, instance) => {
      const index = Number((element as HTMLElement).dataset.index);
      return (element as HTMLElement).offsetParent === null
        ? (instance.measurementsCache[index]?.size ?? ESTIMATE[layout])
        : (element as HTMLElement).offsetHeight;
    },
  });
  // The scroll position is the app's (scroll memory restores it on back): rows measured above the
  // viewport change the spacer's height, never the scroll position.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;
  // Other columns, other rows: measure again (only then: a page shown again keeps its measurements).
  const measuredColumns = useRef(columns);
  useLayoutEffect(() => {
    if (measuredColumns.current === columns) return;
    measuredColumns.current = columns;
    virtualizer.measure();
  }, [virtualizer, columns]);
  useEffect(() => {
    if (!virtualKey) return;
    return () => void savedRows.set(virtualKey, { columns, rows: virtualizer.measurementsCache });
  }, [virtualizer, virtualKey, columns]);

  const shown = virtual ? virtualizer.getVirtualItems() : [];
  const rowIndexes = virtual ? shown.map((item) => item.index) : Array.from({ length: rowCount }, (_, row) => row);
  const first = shown[0];
  const last = shown[shown.length - 1];
  const spaceAbove = first ? first.start - documentTop : 0;
  const spaceBelow = last ? virtualizer.getTotalSize() - (last.end - documentTop) : 0;

  // The next page loads when the sentinel comes within 800 px; observing anew after each change
  // fires at once when it is still in view (a short page).
  const wantsMore = !loading && !done && !error;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !wantsMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wantsMore, items.length, onMore]);

  if (items.length === 0 && error) return <ErrorState error={error} onRetry={onMore} />;
  if (items.length === 0 && done) return <>{empty ?? <p className="list-state">{messages.content.empty}</p>}</>;

  const rows: ReactNode[] = [];
  for (const row of rowIndexes) {
    const slice = items.slice(row * columns, row * columns + columns);
    rows.push(
      <div
        key={row}
        data-index={row}
        ref={virtual ? virtualizer.measureElement : undefined}
        className={layout === 'grid' ? 'vlist__row card-grid' : 'vlist__row'}
      >
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
      {virtual && <div style={{ height: spaceAbove }} aria-hidden="true" />}
      {rows}
      {virtual && <div style={{ height: Math.max(0, spaceBelow) }} aria-hidden="true" />}
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
