/**
 * VIP calls (contract/calls/member.ts): the plans, a catalogue read cached for 60 s, and a VIP deposit,
 * which answers the order and the sandbox cashier's payUrl (wallet.ts polls the order).
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { DepositOrder, VipPlan } from '../../../contract/calls/member.ts';
import type { PayType } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getVipPlans = (options?: ToastOption): Promise<VipPlan[]> =>
  call(API.vipPlans, {}, { ...options, cache: true });

export const depositVip = (planId: number, payType: PayType, options?: ToastOption): Promise<DepositOrder> =>
  call(API.depositVip, { planId, payType }, { ...options, cache: false });
