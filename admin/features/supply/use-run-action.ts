/**
 * A change made from a 资源采集 page (暂停, 继续, 删除): busy while it is on its way, its failure said
 * on the page, and the page read again after it either way.
 */
import { useState } from 'react';
import { messageOf } from '../../components/use-load.ts';

export function useRunAction(reload: () => Promise<unknown>) {
  const [acting, setActing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function act(work: () => Promise<unknown>) {
    setActing(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setActing(false);
      await reload();
    }
  }
  return { acting, error, act };
}
