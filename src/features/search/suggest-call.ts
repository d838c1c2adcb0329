/**
 * The suggestions call, apart from the screen's calls: the search bar (in the boot bundle) loads it
 * on the first keystroke, and it alone (with the API client) then.
 */
import { call } from '../../api/client.ts';
import type { Suggestion } from '../../../contract/calls/search.ts';
import { API } from '../../../contract/calls/paths.ts';

/** Completions of what is typed; `signal` cancels a request gone stale. Failures show no toast. */
export const searchSuggestions = (keyword: string, signal: AbortSignal): Promise<Suggestion[]> =>
  call(API.searchSuggest, { keyword }, { cache: true, offline: false, toast: false, signal }).then(
    (data) => data.suggestions,
  );
