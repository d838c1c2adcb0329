/**
 * The console's 站点设置 (docs/admin-api.md): per-site banners, CDN lines with their health, VIP
 * plans, coin packages, points goods, the shared dictionary and the sites themselves. Types and the
 * fixed paths only; the server validates with zod of its own. Times are ms since the epoch, money
 * is fen.
 */

export const SETTINGS_API = '/settings';

/** The per-site lists, as path segments under /settings/sites/:siteId/. */
export const SITE_LISTS = ['banners', 'cdn-lines', 'vip-plans', 'coin-packages', 'goods'] as const;
export type SiteList = (typeof SITE_LISTS)[number];

export interface SettingsSite {
  id: number;
  accountId: string;
  appId: string;
  host: string;
  title: string;
  description: string;
  primaryColor: string;
  /** The site's own app icons by size, or null: the shared icons of the build. */
  icons: SiteIcons | null;
  /** Days a VIP's offline download stays playable (1..365). */
  downloadDays: number;
  /** The MacCMS feed /api.php/provide/vod (docs/api.md): on, the access levels it lists, its key (null: none). */
  feedEnabled: boolean;
  feedAccess: FeedAccess;
  feedKey: string | null;
}

/** The access levels a site's MacCMS feed lists: free titles always, VIP and priced ones (their trial) by choice. */
export const FEED_ACCESS = ['free', 'free,vip', 'free,vip,coins'] as const;
export type FeedAccess = (typeof FEED_ACCESS)[number];

export interface SiteIcons {
  '192': string;
  '512': string;
  maskable: string;
  apple: string;
  badge: string;
}

export interface AdminBanner {
  id: number;
  title: string;
  /** A media key under the CDN line, or an uploaded image's /uploads/… address. */
  image: string;
  link: string;
  sort: number;
  startsAt: number | null;
  endsAt: number | null;
  clicks: number;
}

export interface AdminCdnLine {
  id: number;
  name: string;
  url: string;
  sort: number;
  enabled: boolean;
}

/**
 * What POST and PATCH of a per-site list may add to the row they answer: why it was not saved quite
 * as asked (a CDN line saved enabled that probes 不可达 is saved 停用: 线路不可达，已保存为停用：…).
 */
export interface SaveNotice {
  notice?: string;
}

export type LineHealthState = 'ok' | 'slow' | 'down';

/** One line's probe: HEAD <url>/ping within 3 s. */
export interface LineHealth {
  id: number;
  state: LineHealthState;
  /** Time to the answer; null when none came. */
  ms: number | null;
  /** Why it is down (HTTP status, timeout, refused). */
  error: string | null;
  checkedAt: number;
}

/** Answers slower than this are 延迟. */
export const SLOW_LINE_MS = 1_000;

export interface AdminVipPlan {
  id: number;
  code: string;
  name: string;
  days: number;
  priceFen: number;
  originalPriceFen: number;
  badge: string | null;
  description: string;
  sort: number;
  enabled: boolean;
}

export interface AdminCoinPackage {
  id: number;
  code: string;
  coins: number;
  bonusCoins: number;
  priceFen: number;
  badge: string | null;
  sort: number;
  enabled: boolean;
}

export const GOODS_KINDS = ['vip_days', 'coins', 'item'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export interface AdminGoods {
  id: number;
  code: string;
  name: string;
  description: string;
  image: string | null;
  kind: GoodsKind;
  /** VIP days or coins granted; 0 for an item. */
  value: number;
  pointsCost: number;
  stock: number;
  perUserLimit: number | null;
  sort: number;
  enabled: boolean;
}

export interface AdminDictEntry {
  type: string;
  key: string;
  label: string;
  sort: number;
}

/** POST /settings/images answers the stored image. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/** What image an upload is for: the size it is made to. */
export const IMAGE_PURPOSES = ['banner', 'goods'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
