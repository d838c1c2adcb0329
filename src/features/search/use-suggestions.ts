/**
 * Suggestions for what is being typed: asked SUGGEST_DELAY_MS after the last keystroke, each new
 * keyword cancelling the request of the one before (its answer would be stale), an empty keyword
 * clearing them. A failed request leaves the list empty, without a toast.
 */
import { useEffect, useState } from 'react';
import type { Suggestion } from '../../../contract/calls/search.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

/** The calls load on first use: the bar is in the boot bundle, the API client is not. */
const suggestionsOf = async (keyword: string, signal: AbortSignal): Promise<Suggestion[]> =>
  (await loadChunk(() => import('./suggest-call.ts'))).searchSuggestions(keyword, signal);

export const SUGGEST_DELAY_MS = 150;

export interface SuggestionsState {
  /** The keyword the suggestions answer (may trail what is typed). */
  keyword: string;
  suggestions: Suggestion[];
}

const NONE: SuggestionsState = { keyword: '', suggestions: [] };

export function useSuggestions(typed: string, enabled: boolean): SuggestionsState {
  const keyword = typed.trim();
  const [state, setState] = useState<SuggestionsState>(NONE);
  const active = enabled && keyword !== '';

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const settle = (suggestions: Suggestion[]) => {
        if (!controller.signal.aborted) setState({ keyword, suggestions });
      };
      suggestionsOf(keyword, controller.signal).then(settle, () => settle([]));
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, active]);

  return active ? state : NONE;
}
