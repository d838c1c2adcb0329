/**
 * The user store (docs/spec.md section 3, persisted): the signed-in user's record, the search history,
 * the last download time and when each dialog was last shown.
 */
import { proxy } from 'valtio/vanilla';
import type { UserInfo } from '../../contract/calls/account.ts';
import { dropToken } from './auth.ts';

export const SEARCH_HISTORY_LIMIT = 20;

export type DialogName = 'dialog' | 'dialog4' | 'dialog9' | 'dialog16';
export type DialogTimes = Record<DialogName, number | null>;

export interface UserState {
  info: UserInfo | null;
  searchHistory: string[];
  downloadTime: number | null;
  dialogTimes: DialogTimes;
}

export const initialUserState = (): UserState => ({
  info: null,
  searchHistory: [],
  downloadTime: null,
  dialogTimes: { dialog: null, dialog4: null, dialog9: null, dialog16: null },
});

export const userState = proxy<UserState>(initialUserState());

/**
 * The search-history rule of docs/spec.md section 4: the term is trimmed, an empty one ignored; a repeated
 * term moves to the front, a new one is added at the front; the list keeps the newest `limit`.
 */
export function withSearchTerm(history: readonly string[], term: string, limit = SEARCH_HISTORY_LIMIT): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...history];
  return [trimmed, ...history.filter((item) => item !== trimmed)].slice(0, limit);
}

export function setUserInfo(info: UserInfo): void {
  userState.info = info;
}

export function addSearchTerm(term: string): void {
  userState.searchHistory = withSearchTerm(userState.searchHistory, term);
}

export function clearSearchHistory(): void {
  userState.searchHistory = [];
}

export function setDownloadTime(at: number = Date.now()): void {
  userState.downloadTime = at;
}

export function markDialogShown(name: DialogName, at: number = Date.now()): void {
  userState.dialogTimes[name] = at;
}

/** docs/spec.md section 4: logging out clears the user info; the session token goes with it. */
export function logout(): void {
  userState.info = null;
  dropToken();
}
