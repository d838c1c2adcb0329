/**
 * The href builders of the routes of docs/spec.md section 2 (their patterns: contract/route-patterns.ts,
 * which feed the route table); screens and links build hrefs only through `paths`.
 */
import { inAppPath } from '../../contract/in-app-path.ts';
import { ROUTE_PATTERNS } from '../../contract/route-patterns.ts';

type Id = string | number;
const segment = (value: Id): string => encodeURIComponent(String(value));

/** Only in-app paths are accepted as a redirect target (contract/in-app-path.ts: no "//host", "/\\host" or "https:"). */
export const isSafeRedirect = (target: string | null): target is string =>
  target !== null && inAppPath(target) === target;

export const paths = {
  home: () => '/',
  tagList: () => '/tag',
  tag: (key: string) => `/tag/${segment(key)}`,
  userList: () => '/user',
  user: (id: Id) => `/user/${segment(id)}`,
  forumList: () => '/forum',
  forum: (id: Id) => `/forum/${segment(id)}`,
  topicList: () => '/topic',
  topic: (id: Id) => `/topic/${segment(id)}`,
  movieList: () => '/movie',
  movie: (id: Id) => `/movie/${segment(id)}`,
  /** Without an episode: the one watched last, else episode 1. */
  moviePlay: (id: Id, episode?: number) => `/movie/play/${segment(id)}${episode === undefined ? '' : `?ep=${episode}`}`,
  chiguaList: () => '/chigua',
  chigua: (id: Id) => `/chigua/${segment(id)}`,
  categoryList: () => '/category',
  category: (id: Id) => `/category/${segment(id)}`,
  featured: (id: Id) => `/featured/${segment(id)}`,
  search: (key: string) => `/search/${segment(key)}`,
  archiveList: () => '/archives',
  archives: (id: Id) => `/archives/${segment(id)}`,
  /** The publish page; `group` preselects a forum group there. */
  release: (group?: Id) => (group === undefined ? '/release' : `/release?group=${segment(group)}`),
  /** The sign-in page; `redirect` is where to go after signing in. */
  login: (redirect?: string) =>
    isSafeRedirect(redirect ?? null) ? `/login?redirect=${encodeURIComponent(redirect!)}` : '/login',
  register: () => '/register',
  typePage: (type: string) => `/${segment(type)}`,
  mine: () => '/mine',
  mineBuy: () => '/mine/buy',
  mineVip: () => '/mine/vip',
  mineLike: () => '/mine/like',
  mineMall: () => '/mine/mall',
  mineWallet: () => '/mine/wallet',
  mineHistory: () => '/mine/history',
  mineDownloads: () => '/mine/downloads',
  mineSetting: () => '/mine/setting',
  minePersonal: () => '/mine/personal',
  /** The inbox; `tab` opens one of its tabs (回复我的 … 系统通知). */
  mineMessage: (tab?: string) => (tab ? `/mine/message?tab=${encodeURIComponent(tab)}` : '/mine/message'),
} as const;

/** docs/spec.md section 4: the automatic device sign-in is skipped on these pages. */
export const skipsDeviceSignIn = (pathname: string): boolean =>
  pathname === ROUTE_PATTERNS.login || pathname === ROUTE_PATTERNS.register;

/**
 * docs/spec.md section 6: without a token, "any route whose path contains mine" redirects to /login. Read
 * as the member area, /mine and everything under it, so that e.g. a search for "mine" stays open.
 */
export const requiresSignIn = (pathname: string): boolean => /^\/mine(\/|$)/.test(pathname);
