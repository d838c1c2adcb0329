/**
 * The zh-CN strings of the app's shell: what the entry bundle shows before any screen's chunk has
 * loaded (the top bar, the tab bar, page titles, the search box, the error and loading pages).
 * Every other string is in messages.ts, loaded with the screens; nothing user-visible is written
 * inline elsewhere.
 */
import { ROUTE_TITLES } from '../contract/page-head.ts';

export const shellMessages = {
  app: {
    fallbackTitle: '影视社区',
    loading: '加载中…',
    comingSoon: '内容即将上线',
    comingSoonHint: '这个页面正在建设中，敬请期待。',
  },
  tabs: {
    home: '首页',
    movie: '电影',
    forum: '论坛',
    chigua: '吃瓜',
    mine: '我的',
    /** The unread badge on 我的 (the inbox's notices). */
    unread: (count: number) => `${count} 条未读消息`,
  },
  /** Each route's page title (the server's heads use the same: contract/page-head.ts). */
  titles: ROUTE_TITLES,

  nav: {
    back: '返回',
    search: '搜索',
    searchPlaceholder: '搜索影片、话题、用户',
    mainNavigation: '主导航',
  },
  errors: {
    network: '网络连接失败',
    notFoundTitle: '您访问的页面不存在',
    genericTitle: '页面出错了',
    loadFailedTitle: '页面未能加载',
    loadFailedPrompt: '网络连接失败或网站刚刚更新，请检查网络后重试',
    retry: '重试',
    backHomePrompt: '请点击下方按钮返回首页',
    backHome: '返回首页',
  },
  /** The search box's suggestions (search-suggestions.tsx). */
  suggestions: {
    heading: '搜索建议',
    kinds: { movie: '影片', post: '帖子', user: '用户', tag: '标签', query: '搜索' },
  },
} as const;
