/** The money section's calls (docs/admin-api.md, "Money"), one function each. */
import {
  type AdjustResult,
  type BulkRecheckResult,
  type AdminLedgerPage,
  type LedgerAsset,
  type OrderDetail,
  type OrderPage,
  type RecheckResult,
  type RefundPreview,
  type RefundResult,
  type UserDetail,
  type UserPage,
  type VipEvent,
} from '../../../contract/admin/money.ts';
import { adminCall } from '../../api/admin-client.ts';

/** The order list's filters as the address and the form keep them (empty: any). */
export interface OrderFilters {
  status: string;
  siteId: string;
  userId: string;
  kind: string;
  from: string;
  to: string;
  /** '' (the day the order was made) or 'paid' (the day it was paid). */
  dateBy: string;
}

export const NO_ORDER_FILTERS: OrderFilters = {
  status: '',
  siteId: '',
  userId: '',
  kind: '',
  from: '',
  to: '',
  dateBy: '',
};

/** Where in the list: page `page` (from 1) of `limit` rows in `sort`'s order (`column:dir`, '' newest first). */
export interface PageOf {
  page: number;
  sort: string;
  limit?: number;
}

/** Newest first after `cursor` (null: the first page): the member page's orders with 加载更多. */
export const fetchOrdersAfter = (filters: OrderFilters, cursor: string | null): Promise<OrderPage> =>
  adminCall<OrderPage>('GET', '/orders', { query: { ...filters, userId: filters.userId.trim(), cursor } });

export const fetchOrders = (filters: OrderFilters, at: PageOf): Promise<OrderPage> =>
  adminCall<OrderPage>('GET', '/orders', { query: { ...filters, userId: filters.userId.trim(), ...at } });

export const fetchRefundPreview = (orderNo: string): Promise<RefundPreview> =>
  adminCall<RefundPreview>('GET', `/orders/${encodeURIComponent(orderNo)}/refund-preview`);

export const fetchOrder = (orderNo: string): Promise<OrderDetail> =>
  adminCall<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`);

export const recheckOrders = (orderNos: string[]): Promise<BulkRecheckResult> =>
  adminCall<BulkRecheckResult>('POST', '/orders/recheck', { body: { orderNos } });

export const recheckOrder = (orderNo: string): Promise<RecheckResult> =>
  adminCall<RecheckResult>('POST', `/orders/${encodeURIComponent(orderNo)}/recheck`, { body: {} });

export const refundOrder = (orderNo: string, reason: string): Promise<RefundResult> =>
  adminCall<RefundResult>('POST', `/orders/${encodeURIComponent(orderNo)}/refund`, { body: { reason } });

/** A page of the 用户 search: `sort` as `column:dir` ('' newest first), `page` from 1. */
export interface UserListQuery {
  q: string;
  siteId: string;
  sort?: string;
  page?: number;
  limit?: number;
}

export const fetchUsers = (query: UserListQuery): Promise<UserPage> =>
  adminCall<UserPage>('GET', '/users', { query: { ...query, q: query.q.trim() } });

export const fetchUser = (id: number): Promise<UserDetail> => adminCall<UserDetail>('GET', `/users/${id}`);

export const fetchLedger = (id: number, asset: LedgerAsset, cursor: string | null): Promise<AdminLedgerPage> =>
  adminCall<AdminLedgerPage>('GET', `/users/${id}/ledger`, { query: { asset, cursor } });

export const fetchVipHistory = (id: number): Promise<{ list: VipEvent[] }> =>
  adminCall<{ list: VipEvent[] }>('GET', `/users/${id}/vip`);

export const adjustBalance = (id: number, asset: LedgerAsset, delta: number, reason: string): Promise<AdjustResult> =>
  adminCall<AdjustResult>('POST', `/users/${id}/adjust`, { body: { asset, delta, reason } });
