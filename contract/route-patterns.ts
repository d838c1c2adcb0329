/**
 * The routes of docs/spec.md section 2, by name, as wouter patterns: the app's route table
 * (src/app/route-table.ts) and the server's first screens (server/first-paint/first-screen.ts) read
 * them here; hrefs are built by src/lib/route-paths.ts `paths`.
 */
export const ROUTE_PATTERNS = {
  home: '/',
  tagList: '/tag',
  tagDetail: '/tag/:key',
  userList: '/user',
  userPage: '/user/:id',
  forumList: '/forum',
  forumPage: '/forum/:id',
  topicList: '/topic',
  topicDetail: '/topic/:id',
  movieList: '/movie',
  moviePlay: '/movie/play/:id',
  movieDetail: '/movie/:id',
  chiguaList: '/chigua',
  chiguaDetail: '/chigua/:id',
  categoryList: '/category',
  categoryPage: '/category/:id',
  featured: '/featured/:id',
  search: '/search/:key',
  archiveList: '/archives',
  archives: '/archives/:id',
  release: '/release',
  login: '/login',
  register: '/register',
  mine: '/mine',
  mineBuy: '/mine/buy',
  mineVip: '/mine/vip',
  mineLike: '/mine/like',
  mineMall: '/mine/mall',
  mineWallet: '/mine/wallet',
  mineHistory: '/mine/history',
  mineDownloads: '/mine/downloads',
  mineSetting: '/mine/setting',
  minePersonal: '/mine/personal',
  mineMessage: '/mine/message',
  /** Catch-all single segment: must stay after every named route. */
  typePage: '/:type',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;
