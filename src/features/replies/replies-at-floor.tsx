/**
 * A reply section opened at the floor of the page's ?floor=N (the links of notices and pushes, e.g.
 * "/topic/12?floor=5", "/movie/3?floor=2"); leaving the jump drops the parameter. The section's
 * code loads apart from the page's (it sits below the fold), so a detail screen's chunk and the
 * shared content chunk stay small.
 */
import { lazy, Suspense } from 'react';
import { usePageQuery } from '../../components/page/use-page-query.ts';
import type { ReplyTargetRef } from './reply-calls.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

const ReplySection = lazy(() => loadChunk(() => import('./reply-section.tsx')));

export function RepliesAtFloor({ target, count }: { target: ReplyTargetRef; count: number }) {
  const [query, setQuery] = usePageQuery();
  const floor = Number(query.get('floor'));
  return (
    <Suspense fallback={<section className="replies" aria-busy="true" />}>
      <ReplySection
        target={target}
        count={count}
        floor={Number.isSafeInteger(floor) && floor > 0 ? floor : null}
        onLeaveFloor={() => setQuery({ floor: null })}
      />
    </Suspense>
  );
}
