import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/calls/account.ts';
import {
  SEARCH_HISTORY_LIMIT,
  addSearchTerm,
  clearSearchHistory,
  initialUserState,
  logout,
  markDialogShown,
  setUserInfo,
  userState,
  withSearchTerm,
} from './user.ts';

const user: UserInfo = {
  id: 7,
  nickname: '游客7',
  avatar: '',
  account: null,
  isVip: false,
  vipExpireAt: null,
  coins: 0,
  points: 0,
  createdAt: 0,
};

beforeEach(() => {
  Object.assign(userState, initialUserState());
});

describe('search history', () => {
  it('adds a new term at the front', () => {
    addSearchTerm('电影');
    addSearchTerm('论坛');
    expect(userState.searchHistory).toEqual(['论坛', '电影']);
  });

  it('moves a repeated term to the front without duplicating it', () => {
    for (const term of ['a', 'b', 'c']) addSearchTerm(term);
    addSearchTerm('a');
    expect(userState.searchHistory).toEqual(['a', 'c', 'b']);
  });

  it('trims terms and ignores empty ones', () => {
    addSearchTerm('  吃瓜  ');
    addSearchTerm('   ');
    addSearchTerm('');
    addSearchTerm('吃瓜');
    expect(userState.searchHistory).toEqual(['吃瓜']);
  });

  it(`keeps the newest ${SEARCH_HISTORY_LIMIT}`, () => {
    for (let i = 0; i < SEARCH_HISTORY_LIMIT + 5; i++) addSearchTerm(`t${i}`);
    expect(userState.searchHistory).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(userState.searchHistory[0]).toBe(`t${SEARCH_HISTORY_LIMIT + 4}`);
    expect(userState.searchHistory).not.toContain('t0');
  });

  it('clears', () => {
    addSearchTerm('x');
    clearSearchHistory();
    expect(userState.searchHistory).toEqual([]);
  });

  it('the rule is pure', () => {
    const history = ['b', 'a'];
    expect(withSearchTerm(history, 'a')).toEqual(['a', 'b']);
    expect(history).toEqual(['b', 'a']);
    expect(withSearchTerm(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });
});

describe('user info and dialogs', () => {
  it('logout clears the info but keeps the search history', () => {
    setUserInfo(user);
    addSearchTerm('x');
    logout();
    expect(userState.info).toBeNull();
    expect(userState.searchHistory).toEqual(['x']);
  });

  it('records when a dialog was shown', () => {
    markDialogShown('dialog9', 123);
    expect(userState.dialogTimes).toEqual({ dialog: null, dialog4: null, dialog9: 123, dialog16: null });
  });
});
