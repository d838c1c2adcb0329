/**
 * The like counts this tab last set, by target ("movie:12", "post:34"): a like changes the count in
 * every place that shows it at once (the button, the stats header of its page, its cards), not only
 * in the button. Set by the like calls (optimistic, then the server's answer, or put back when the
 * call fails); a target never liked in this tab shows the count of its answer. Not persisted.
 */
import { proxy } from 'valtio/vanilla';
import { useSnapshot } from 'valtio/react';

export type LikeTarget = `${'movie' | 'post'}:${number}`;

const counts = proxy<Partial<Record<LikeTarget, number>>>({});

/** Shows `likes` for the target; answers a function that puts back what was shown before. */
export function setLikeCount(target: LikeTarget, likes: number): () => void {
  const before = counts[target];
  counts[target] = likes;
  return () => {
    if (before === undefined) delete counts[target];
    else counts[target] = before;
  };
}

/** The count to show for the target: the one last set in this tab, else `fromAnswer`. */
export function useLikeCount(target: LikeTarget, fromAnswer: number): number {
  return useSnapshot(counts)[target] ?? fromAnswer;
}
