/** What a site sells for money: VIP plans and coin packages (the points mall is goods.ts). */
import type { CoinPackage, VipPlan } from '../../contract/calls/member.ts';
import type { Queryable } from './db.ts';

const PLAN_COLUMNS = `id, name, days, price_fen AS "priceFen", original_price_fen AS "originalPriceFen", badge, description`;
const PACKAGE_COLUMNS = `id, coins, bonus_coins AS "bonusCoins", price_fen AS "priceFen", badge`;

export const listVipPlans = (q: Queryable, siteId: number): Promise<VipPlan[]> =>
  q.query<VipPlan>(`SELECT ${PLAN_COLUMNS} FROM vip_plans WHERE site_id = $1 AND enabled ORDER BY sort, id`, [siteId]);

export const findVipPlan = (q: Queryable, siteId: number, id: number): Promise<VipPlan | undefined> =>
  q.one<VipPlan>(`SELECT ${PLAN_COLUMNS} FROM vip_plans WHERE site_id = $1 AND id = $2 AND enabled`, [siteId, id]);

export const listCoinPackages = (q: Queryable, siteId: number): Promise<CoinPackage[]> =>
  q.query<CoinPackage>(
    `SELECT ${PACKAGE_COLUMNS} FROM coin_packages WHERE site_id = $1 AND enabled ORDER BY sort, id`,
    [siteId],
  );

export const findCoinPackage = (q: Queryable, siteId: number, id: number): Promise<CoinPackage | undefined> =>
  q.one<CoinPackage>(`SELECT ${PACKAGE_COLUMNS} FROM coin_packages WHERE site_id = $1 AND id = $2 AND enabled`, [
    siteId,
    id,
  ]);
