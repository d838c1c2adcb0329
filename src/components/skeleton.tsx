/**
 * Loading placeholders in the shape of what is coming: a plain block, a grid of cards (poster of a
 * fixed ratio and two text lines) and list rows. Hidden from assistive technology; the container
 * announces "加载中" once.
 */
import '../styles/content.css';
import type { CSSProperties } from 'react';
import { shellMessages } from '../shell-messages.ts';
import type { MediaRatio } from './media-image.tsx';

export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={style} aria-hidden="true" />;
}

export function SkeletonCard({ ratio = '2/3' }: { ratio?: MediaRatio }) {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <Skeleton className="skeleton--media" style={{ aspectRatio: ratio }} />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line skeleton--short" />
    </div>
  );
}

export function SkeletonRow() {
  return (
    <div className="skeleton-row" aria-hidden="true">
      <Skeleton className="skeleton--thumb" />
      <div className="skeleton-row__text">
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

/** `count` placeholders laid out as the real list will be ("card-grid" or "row-list"). */
export function SkeletonList({
  count = 6,
  layout = 'grid',
  ratio = '2/3',
}: {
  count?: number;
  layout?: 'grid' | 'list';
  ratio?: MediaRatio;
}) {
  return (
    <div className={layout === 'grid' ? 'card-grid' : 'row-list'} role="status" aria-live="polite">
      <span className="visually-hidden">{shellMessages.app.loading}</span>
      {Array.from({ length: count }, (_, i) =>
        layout === 'grid' ? <SkeletonCard key={i} ratio={ratio} /> : <SkeletonRow key={i} />,
      )}
    </div>
  );
}
