/**
 * The whole route table of docs/spec.md section 2, defined once: pattern, lazy screen (one module per
 * screen in src/routes/), layout and title. Order matters: wouter's Switch takes the first match,
 * so the single-segment catch-all `/:type` comes last, after every named route.
 */
import { lazy } from 'react';
import { matchRoute, type DefaultParams, type Parser } from 'wouter';
import { shellMessages } from '../shell-messages.ts';
import { ROUTE_PATTERNS, type RouteName } from '../../contract/route-patterns.ts';
import type { LayoutName, RouteEntry, ScreenModule, ScreenParams } from '../components/page/screen.ts';
import { loadChunk } from '../lib/load-chunk.ts';

/** `load` is the screen's `() => import(…)`, through loadChunk (src/lib/load-chunk.ts) like every import. */
const route = (name: RouteName, importScreen: () => ScreenModule, layout: LayoutName, keepAlive = true): RouteEntry => {
  const load = () => loadChunk(importScreen);
  return {
    name,
    pattern: ROUTE_PATTERNS[name],
    screen: lazy(load),
    load,
    layout,
    title: shellMessages.titles[name],
    keepAlive,
  };
};

export const routeTable: readonly RouteEntry[] = [
  route('home', () => import('../routes/home.tsx'), 'default'),
  route('tagList', () => import('../routes/tag-list.tsx'), 'page-insede'),
  route('tagDetail', () => import('../routes/tag-detail.tsx'), 'page-insede'),
  route('userList', () => import('../routes/user-list.tsx'), 'page-insede'),
  route('userPage', () => import('../routes/user-page.tsx'), 'page-insede'),
  route('forumList', () => import('../routes/forum-list.tsx'), 'default'),
  route('forumPage', () => import('../routes/forum-page.tsx'), 'page-insede'),
  route('topicList', () => import('../routes/topic-list.tsx'), 'page-insede'),
  route('topicDetail', () => import('../routes/topic-detail.tsx'), 'page-insede'),
  route('movieList', () => import('../routes/movie-list.tsx'), 'default'),
  route('moviePlay', () => import('../routes/movie-play.tsx'), 'page-full', false),
  route('movieDetail', () => import('../routes/movie-detail.tsx'), 'page-insede'),
  route('chiguaList', () => import('../routes/chigua-list.tsx'), 'default'),
  route('chiguaDetail', () => import('../routes/chigua-detail.tsx'), 'page-insede'),
  route('categoryList', () => import('../routes/category-list.tsx'), 'page-insede'),
  route('categoryPage', () => import('../routes/category-page.tsx'), 'page-insede'),
  route('featured', () => import('../routes/featured.tsx'), 'page-insede'),
  route('search', () => import('../routes/search.tsx'), 'page-search'),
  route('archiveList', () => import('../routes/archive-list.tsx'), 'page-insede'),
  route('archives', () => import('../routes/archives.tsx'), 'page-insede'),
  route('release', () => import('../routes/release.tsx'), 'page-insede'),
  route('login', () => import('../routes/login.tsx'), 'page-insede', false),
  route('register', () => import('../routes/register.tsx'), 'page-insede', false),
  route('mine', () => import('../routes/mine.tsx'), 'default'),
  route('mineBuy', () => import('../routes/mine-buy.tsx'), 'page-insede'),
  route('mineVip', () => import('../routes/mine-vip.tsx'), 'page-insede'),
  route('mineLike', () => import('../routes/mine-like.tsx'), 'page-insede'),
  route('mineMall', () => import('../routes/mine-mall.tsx'), 'page-insede'),
  route('mineWallet', () => import('../routes/mine-wallet.tsx'), 'page-insede'),
  route('mineHistory', () => import('../routes/mine-history.tsx'), 'page-insede'),
  route('mineDownloads', () => import('../routes/mine-downloads.tsx'), 'page-insede'),
  route('mineSetting', () => import('../routes/mine-setting.tsx'), 'page-insede'),
  route('minePersonal', () => import('../routes/mine-personal.tsx'), 'page-insede'),
  route('mineMessage', () => import('../routes/mine-message.tsx'), 'page-insede'),
  route('typePage', () => import('../routes/type-page.tsx'), 'default'),
];

/** Named params only (wouter adds positional ones), URI-decoded (a malformed escape stays as is). */
export function decodeParams(params: DefaultParams): ScreenParams {
  const decoded: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (/^\d+$/.test(name) || value === undefined) continue;
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}

/** The entry a pathname renders with (first match, as the Switch does); null means 404. */
export function findRoute(parser: Parser, pathname: string): RouteEntry | null {
  return routeTable.find((entry) => matchRoute(parser, entry.pattern, pathname)[0]) ?? null;
}
