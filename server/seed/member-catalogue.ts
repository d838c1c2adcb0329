/**
 * The demo member catalogue: VIP plans, coin packages and points-mall goods for every site, and
 * the daily point tasks (shared by all sites). Run by seedDemo on every start, inside its
 * transaction: rows are keyed by fixed natural keys ((site_id, code), task ids) and inserted only
 * when missing (ON CONFLICT DO NOTHING), so a restart, a new site or a second process adds what is
 * missing and never resets what an operator changed (prices) or what members consumed (stock).
 */
import type { Queryable } from '../db/db.ts';
import { insertRows } from './write-rows.ts';

/** code, name, days, price (fen), original price (fen), badge, description. */
const VIP_PLANS = [
  ['week', '体验周卡', 7, 800, 1000, null, '7 天畅看 VIP 影片'],
  ['month', '月度会员', 30, 2500, 3000, null, '30 天畅看全部 VIP 影片'],
  ['quarter', '季度会员', 90, 6800, 9000, '热销', '90 天，平均每月不到 23 元'],
  ['year', '年度会员', 365, 19800, 36000, '超值', '365 天，平均每天 5 毛钱'],
] as const;

/** code, coins, bonus coins, price (fen), badge. */
const COIN_PACKAGES = [
  ['c60', 60, 0, 600, null],
  ['c300', 300, 30, 3000, null],
  ['c680', 680, 100, 6800, '推荐'],
  ['c1280', 1280, 260, 12800, null],
  ['c3280', 3280, 800, 32800, '最划算'],
] as const;

/** code, name, description, kind, value, points cost, stock, per-user limit. */
const GOODS = [
  ['vip-1d', '1 天 VIP 体验', '兑换后立即生效，可叠加', 'vip_days', 1, 100, 100000, null],
  ['vip-7d', '7 天 VIP', '兑换后立即生效，每人限兑 2 次', 'vip_days', 7, 600, 2000, 2],
  ['coins-10', '10 金币', '兑换后立即到账', 'coins', 10, 120, 100000, null],
  ['coins-100', '100 金币', '兑换后立即到账，每人限兑 5 次', 'coins', 100, 1000, 5000, 5],
  ['frame', '限定头像框', '社区限定头像框（演示商品）', 'item', 0, 300, 500, 1],
  ['tote', '社区帆布袋', '限量周边，先到先得（演示商品）', 'item', 0, 2000, 5, 1],
] as const;

/** id, key, name, description, points, target. */
const TASKS = [
  [1, 'checkin', '每日签到', '每天签到领积分', 10, 1],
  [2, 'watch', '观看影片', '今天观看 3 部影片，每部至少 1 分钟', 30, 3],
  [3, 'read', '阅读帖子', '今天阅读 5 篇帖子或文章', 20, 5],
  [4, 'publish', '发布话题', '今天在论坛发布 1 个话题', 50, 1],
] as const;

const KEEP = { update: [] } as const;

/** Inserts the missing catalogue rows of every site; answers how many rows it added. */
export async function seedMemberCatalogue(q: Queryable): Promise<number> {
  const sites = await q.query<{ id: number }>('SELECT id FROM sites ORDER BY id');
  const perSite = <T extends readonly unknown[]>(rows: readonly T[]) =>
    sites.flatMap((site) => rows.map((row, sort) => [site.id, ...row, sort + 1]));
  const bySite = { conflict: ['site_id', 'code'], ...KEEP, returning: 'id' };
  // One statement after another: a transaction's connection runs one query at a time.
  const added = [
    await insertRows(
      q,
      'vip_plans',
      ['site_id', 'code', 'name', 'days', 'price_fen', 'original_price_fen', 'badge', 'description', 'sort'],
      perSite(VIP_PLANS),
      bySite,
    ),
    await insertRows(
      q,
      'coin_packages',
      ['site_id', 'code', 'coins', 'bonus_coins', 'price_fen', 'badge', 'sort'],
      perSite(COIN_PACKAGES),
      bySite,
    ),
    await insertRows(
      q,
      'points_goods',
      ['site_id', 'code', 'name', 'description', 'kind', 'value', 'points_cost', 'stock', 'per_user_limit', 'sort'],
      perSite(GOODS),
      bySite,
    ),
    await insertRows(
      q,
      'point_tasks',
      ['id', 'key', 'name', 'description', 'points', 'target', 'sort'],
      TASKS.map((task) => [...task, task[0]]),
      { conflict: ['id'], ...KEEP, returning: 'id' },
    ),
  ];
  return added.reduce((sum, rows) => sum + rows.length, 0);
}
