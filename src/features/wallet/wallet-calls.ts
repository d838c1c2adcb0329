/**
 * Wallet calls (contract/calls/member.ts): coin packages (a catalogue, cached 60 s), a coin deposit, the
 * state of a deposit order (VIP or coins) and the coin and points ledgers. Balances, orders and
 * ledgers are never cached: a stale one would be wrong, not just old.
 */
import { call, type CallOptions } from '../../api/client.ts';
import type { Page } from '../../../contract/calls/content.ts';
import type { CoinPackage, DepositOrder, LedgerEntry, OpenDeposit, OrderInfo } from '../../../contract/calls/member.ts';
import type { PayType } from '../../../contract/enums.ts';
import { API } from '../../../contract/calls/paths.ts';

type ToastOption = Pick<CallOptions, 'toast'>;

export const getCoinPackages = (options?: ToastOption): Promise<CoinPackage[]> =>
  call(API.coinPackages, {}, { ...options, cache: true });

export const depositCoin = (packageId: number, payType: PayType, options?: ToastOption): Promise<DepositOrder> =>
  call(API.depositCoin, { packageId, payType }, { ...options, cache: false });

/** Code 6 for an unknown order or another user's. */
export const getDepositOrder = (orderNo: string, options?: ToastOption): Promise<OrderInfo> =>
  call(API.depositOrder, { orderNo }, { ...options, cache: false });

/** The member's deposits not credited (pending or failed), newest first. */
export const getOpenDeposits = (options?: ToastOption): Promise<OpenDeposit[]> =>
  call(API.depositOpen, {}, { ...options, cache: false });

/** 查询: asks the gateway about one of the member's orders; code 8 when tapped too often. */
export const recheckDeposit = (orderNo: string, options?: ToastOption): Promise<OrderInfo> =>
  call(API.depositRecheck, { orderNo }, { ...options, cache: false });

export const getCoinLedger = (page: number, pageSize: number, options?: ToastOption): Promise<Page<LedgerEntry>> =>
  call(API.coinLedger, { page, pageSize }, { ...options, cache: false });

export const getPointsLedger = (page: number, pageSize: number, options?: ToastOption): Promise<Page<LedgerEntry>> =>
  call(API.pointsLedger, { page, pageSize }, { ...options, cache: false });
