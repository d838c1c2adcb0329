/** VIP: the site's plans, and a VIP deposit (an order paid at the sandbox cashier; wallet.ts polls it). */
import { emptySchema } from '../../contract/calls/account.ts';
import { depositVipSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { findVipPlan, listVipPlans } from '../db/member-catalogue.ts';
import { startDeposit } from '../payment/deposit.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';
import { found } from './lookups.ts';

export const vipCalls: readonly Call[] = [
  defineCall({
    path: API.vipPlans,
    schema: emptySchema,
    auth: 'user',
    handler: ({ db, site }) => listVipPlans(db, site.id),
  }),
  defineCall({
    path: API.depositVip,
    schema: depositVipSchema,
    auth: 'user',
    handler: async (ctx) => {
      const { planId, payType } = ctx.payload;
      const plan = found(await findVipPlan(ctx.db, ctx.site.id, planId), `VIP 套餐不存在：${planId}`);
      return startDeposit(ctx, {
        kind: 'vip',
        siteId: ctx.site.id,
        userId: ctx.user.id,
        payType,
        title: `${plan.name}（${plan.days} 天）`,
        amountFen: plan.priceFen,
        planId: plan.id,
        vipDays: plan.days,
      });
    },
  }),
];
