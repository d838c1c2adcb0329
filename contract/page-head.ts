/**
 * A page's title, as the server's first paint writes it into the head (server/first-paint/page-head.ts)
 * and the app sets it after every navigation (src/app/page-frame.tsx), so both always agree
 * (docs/architecture.md, "The head"): the thing shown, its section and the site's name, e.g.
 * `雾都来信 - 电影 - 影视社区`; a list: `电影 - 影视社区`; home: the site's name alone.
 */

import type { RouteName } from './route-patterns.ts';

/** Each route's page title, by route name: a list's or a member's page is titled by it. */
export const ROUTE_TITLES = {
  home: '首页',
  tagList: '标签',
  tagDetail: '标签详情',
  userList: '用户',
  userPage: '用户主页',
  forumList: '论坛',
  forumPage: '版块',
  topicList: '话题',
  topicDetail: '话题详情',
  movieList: '电影',
  movieDetail: '影片详情',
  moviePlay: '播放',
  chiguaList: '吃瓜',
  chiguaDetail: '吃瓜详情',
  categoryList: '分类',
  categoryPage: '分类详情',
  featured: '专题',
  search: '搜索',
  archiveList: '文章',
  archives: '文章详情',
  release: '发布',
  login: '登录',
  register: '注册',
  typePage: '内容',
  mine: '我的',
  mineBuy: '我的购买',
  mineVip: '会员中心',
  mineLike: '我的喜欢',
  mineMall: '积分商城',
  mineWallet: '我的钱包',
  mineHistory: '观看历史',
  mineDownloads: '离线缓存',
  mineSetting: '设置',
  minePersonal: '个人资料',
  mineMessage: '消息',
} as const satisfies Record<RouteName, string>;

/** The section a detail page names in its title, by route name. */
export const TITLE_SECTIONS: Readonly<Partial<Record<RouteName, string>>> = {
  movieDetail: '电影',
  moviePlay: '电影',
  topicDetail: '话题',
  chiguaDetail: '吃瓜',
  archives: '文章',
  userPage: '用户',
  tagDetail: '标签',
  categoryPage: '分类',
  forumPage: '论坛',
  featured: '专题',
  search: '搜索',
};

/** `item - section - site`, leaving out what is empty (and a section the item repeats). */
export function pageTitle(site: string, section?: string | null, item?: string | null): string {
  const parts = [item?.trim(), item?.trim() === section ? null : section, site];
  return parts.filter((part): part is string => Boolean(part)).join(' - ');
}
