/**
 * The rows of a long InfiniteList (infinite-list.tsx), only those near the viewport in the DOM:
 * window-scroll virtualisation by @tanstack/react-virtual, with spacers above and below that stand
 * in for the others, so the document keeps its height and the app's scroll memory
 * (src/app/scroll-memory.ts) restores the position on back. Measured row heights are remembered
 * per `virtualKey` for a list that is mounted again. Loaded (its own chunk) only once a list is
 * long: most screens never need it.
 */
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

const OVERSCAN_PX = 900;

export interface VirtualRowsProps {
  /** The list's element: where its rows start on the page. */
  container: RefObject<HTMLDivElement | null>;
  rowCount: number;
  /** A row's height before it is measured. */
  estimate: number;
  /** The rows' heights as drawn before the list turned virtual (by index), for the same columns. */
  measured?: readonly number[];
  /** Measurements are valid for this many columns only. */
  columns: number;
  virtualKey?: string | undefined;
  /** Row `index`, with `ref` on its outer element and `data-index` set to the index. */
  renderRow: (index: number, ref: (element: Element | null) => void) => ReactNode;
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

export default function VirtualRows({
  container,
  rowCount,
  estimate,
  measured = [],
  columns,
  virtualKey,
  renderRow,
}: VirtualRowsProps) {
  const documentTop = useDocumentTop(container);
  const saved = virtualKey ? savedRows.get(virtualKey) : undefined;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    overscan: Math.ceil(OVERSCAN_PX / estimate),
    scrollMargin: documentTop,
    // The window's size from the first render: with the default (0 × 0) the first render drew no
    // row and no spacer, the page shrank to one screen, and the reader was thrown back to the top.
    initialRect: { width: innerWidth, height: innerHeight },
    initialMeasurementsCache:
      saved?.columns === columns
        ? saved.rows
        : measured.map((size, index) => ({ key: index, index, start: 0, end: size, size, lane: 0 })),
    // A row of a hidden (kept-alive) page measures 0: keep what it measured while shown.
    measureElement: (element, _entry, instance) => {
      const index = Number((element as HTMLElement).dataset.index);
      return (element as HTMLElement).offsetParent === null
        ? (instance.measurementsCache[index]?.size ?? estimate)
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

  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const spaceAbove = first ? first.start - documentTop : 0;
  // No row in range (yet): one spacer holds the list's whole height.
  const spaceBelow = last ? virtualizer.getTotalSize() - (last.end - documentTop) : virtualizer.getTotalSize();
  return (
    <>
      <div style={{ height: spaceAbove }} aria-hidden="true" />
      {shown.map((item) => renderRow(item.index, virtualizer.measureElement))}
      <div style={{ height: Math.max(0, spaceBelow) }} aria-hidden="true" />
    </>
  );
}
