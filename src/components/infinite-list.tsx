/**
 * A list that loads its next page when a sentinel below it nears the viewport (IntersectionObserver)
 * and, once long, keeps only the rows near the viewport in the DOM (virtual-rows.tsx, loaded then:
 * until it is, every row shows).
 */
import '../styles/content.css';
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
import { loadChunk } from '../lib/load-chunk.ts';

const VIRTUAL_MIN_ROWS = 24;
/** A grid's gap, and the narrowest its cards may be unless the list says (`minCard`). */
const GRID = { minCard: 158, gap: 12 } as const;
const ESTIMATE = { grid: 320, list: 110 } as const;

/**
 * virtual-rows.tsx once loaded. Not React.lazy: a lazy component suspends on its first render even
 * when its module is already here, and the list, drawn as nothing for that moment, lost its height
 * and threw the reader back up the page.
 */
let VirtualRows: typeof import('./virtual-rows.tsx').default | null = null;
const loadVirtualRows = () =>
  loadChunk(() => import('./virtual-rows.tsx')).then((module) => {
    VirtualRows = module.default;
  });

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
  /** A grid's narrowest card in px (e.g. a poster's, movie-card.tsx); the columns follow from it. */
  minCard?: number;
}

function useColumns(container: RefObject<HTMLDivElement | null>, layout: 'grid' | 'list', minCard: number): number {
  const [columns, setColumns] = useState(layout === 'grid' ? 2 : 1);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || layout === 'list') return;
    const measure = () => setColumns(gridColumns(element.clientWidth, minCard, GRID.gap));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, layout, minCard]);
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
  minCard = GRID.minCard,
}: InfiniteListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const columns = useColumns(container, layout, minCard);
  const rowCount = Math.ceil(items.length / columns);
  const virtual = rowCount > VIRTUAL_MIN_ROWS;
  // Loaded ahead, once the list is half as long as it must be to need it.
  const soonVirtual = rowCount > VIRTUAL_MIN_ROWS / 2;
  const [, setVirtualRowsLoaded] = useState(VirtualRows !== null);
  useEffect(() => {
    if (soonVirtual && !VirtualRows)
      loadVirtualRows().then(
        () => setVirtualRowsLoaded(true),
        () => undefined, // every row stays in the DOM
      );
  }, [soonVirtual]);

  // The heights of the rows while every row is in the DOM: the virtual rows start from them, so the
  // document keeps its height when the list turns virtual (estimates alone shrank it by thousands of
  // pixels and threw a reader near the end back up the page).
  const measured = useRef<{ columns: number; heights: number[] }>({ columns, heights: [] });
  const allInDom = !virtual || !VirtualRows;
  useLayoutEffect(() => {
    const element = container.current;
    if (!allInDom || !element || element.offsetParent === null) return;
    const rows = element.querySelectorAll<HTMLElement>(':scope > .vlist__row');
    measured.current = { columns, heights: Array.from(rows, (row) => row.offsetHeight) };
  });
  const known = measured.current.columns === columns ? measured.current.heights : [];
  const estimate = known.length > 0 ? known.reduce((sum, h) => sum + h, 0) / known.length : ESTIMATE[layout];

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

  const renderRow = (row: number, ref?: (element: Element | null) => void) => (
    <div key={row} data-index={row} ref={ref} className={layout === 'grid' ? 'vlist__row card-grid' : 'vlist__row'}>
      {items.slice(row * columns, row * columns + columns).map((item, i) => (
        <div key={keyOf(item)} className="vlist__cell">
          {render(item, row * columns + i)}
        </div>
      ))}
    </div>
  );
  // Every row: a short list, or a long one until virtual-rows.tsx has loaded.
  const allRows = allInDom ? Array.from({ length: rowCount }, (_, row) => renderRow(row)) : null;
  return (
    <div className={`vlist vlist--${layout}`} ref={container} style={{ '--columns': columns } as CSSProperties}>
      {items.length === 0 && loading && skeleton}
      {allInDom || !VirtualRows ? (
        allRows
      ) : (
        <VirtualRows
          container={container}
          rowCount={rowCount}
          estimate={estimate}
          measured={known}
          columns={columns}
          virtualKey={virtualKey}
          renderRow={renderRow}
        />
      )}
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
