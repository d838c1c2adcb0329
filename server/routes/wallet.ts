/**
 * The wallet: coin packages, a coin deposit, the state of a deposit order (VIP or coins; the app
 * polls it on its return from the cashier and on focus), the member's deposits not credited
 * (pending or failed) with 查询 at the gateway (server/payment/recheck.ts, rate-limited), and the
 * coin ledger.
 */
import { emptySchema } from '../../contract/calls/account.ts';
import { pageSchema } from '../../contract/calls/content.ts';
import {
  depositCoinSchema,
  OPEN_DEPOSIT_DAYS,
  orderNoSchema,
  type OpenDeposit,
  type OrderInfo,
} from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { ledgerPage } from '../db/ledger.ts';
import { findCoinPackage, listCoinPackages } from '../db/member-catalogue.ts';
import { findOrder, type Order } from '../db/orders.ts';
import { toUserInfo, USER_COLUMNS, type User } from '../db/users.ts';
import { startDeposit } from '../payment/deposit.ts';
import { recheckOrder } from '../payment/recheck.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';
import { UNPAID_ORDER_STATUSES } from '../../contract/enums.ts';

const toOrderInfo = (order: Order, user: User, now: number): OrderInfo => ({
  orderNo: order.orderNo,
  kind: order.kind,
  status: order.status,
  amountFen: order.amountFen,
  payType: order.payType,
  title: order.title,
  createdAt: order.createdAt.getTime(),
  paidAt: order.paidAt?.getTime() ?? null,
  vip: order.kind === 'vip' ? { planId: order.planId ?? 0, days: order.vipDays ?? 0 } : null,
  coin:
    order.kind === 'coin'
      ? { packageId: order.packageId ?? 0, coins: order.coins ?? 0, bonusCoins: order.bonusCoins ?? 0 }
      : null,
  user: toUserInfo(user, now),
});

export const walletCalls: readonly Call[] = [
  defineCall({
    path: API.coinPackages,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, site }) => listCoinPackages(db, site.id),
  }),
  defineCall({
    path: API.depositCoin,
    schema: depositCoinSchema,
    auth: 'user',
    handler: async (ctx) => {
      const { packageId, payType } = ctx.payload;
      const pack = found(await findCoinPackage(ctx.db, ctx.site.id, packageId), `金币套餐不存在：${packageId}`);
      return startDeposit(ctx, {
        kind: 'coin',
        siteId: ctx.site.id,
        userId: ctx.user.id,
        payType,
        title: pack.bonusCoins > 0 ? `${pack.coins} 金币（赠送 ${pack.bonusCoins}）` : `${pack.coins} 金币`,
        amountFen: pack.priceFen,
        packageId: pack.id,
        coins: pack.coins,
        bonusCoins: pack.bonusCoins,
      });
    },
  }),
  defineCall({
    path: API.depositOrder,
    schema: orderNoSchema,
    auth: 'user',
    handler: async ({ db, payload, user, now }) => {
      const order = await findOrder(db, payload.orderNo);
      // Another user's order is as unknown as a missing one.
      const mine = found(order?.userId === user.id ? order : undefined, `订单不存在：${payload.orderNo}`);
      return toOrderInfo(mine, user, now);
    },
  }),
  defineCall({
    path: API.depositOpen,
    schema: emptySchema,
    auth: 'user',
    handler: async ({ db, user, now }) => {
      const rows = await db.query<Omit<OpenDeposit, 'createdAt'> & { createdAt: Date }>(
        `SELECT order_no AS "orderNo", kind, status, amount_fen AS "amountFen", pay_type AS "payType", title,
                created_at AS "createdAt"
           FROM orders WHERE user_id = $1 AND status = ANY($3::text[]) AND created_at > $2::timestamptz
          ORDER BY created_at DESC, order_no DESC LIMIT 10`,
        [user.id, new Date(now - OPEN_DEPOSIT_DAYS * 86_400_000).toISOString(), UNPAID_ORDER_STATUSES],
      );
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
    },
  }),
  defineCall({
    path: API.depositRecheck,
    schema: orderNoSchema,
    auth: 'user',
    handler: async ({ db, config, payload, user, now }) => {
      const order = await findOrder(db, payload.orderNo);
      const mine = found(order?.userId === user.id ? order : undefined, `订单不存在：${payload.orderNo}`);
      const done = await recheckOrder({ db, config, now }, mine);
      // The user as of now: a credited order changed the balance or the VIP expiry.
      const fresh = await db.one<User>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [user.id]);
      return toOrderInfo(done.order, fresh ?? user, now);
    },
  }),
  defineCall({
    path: API.coinLedger,
    schema: pageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => ledgerPage(db, user.id, 'coins', payload),
  }),
];
