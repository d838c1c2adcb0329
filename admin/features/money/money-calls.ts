/** The money section's calls (docs/admin-api.md, "Money"), one function each. */
import {
  ORDER_LIMITS,
  type AdjustResult,
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

export const fetchOrders = (filters: OrderFilters, cursor: string | null): Promise<OrderPage> =>
  adminCall<OrderPage>('GET', '/orders', { query: { ...filters, userId: filters.userId.trim(), cursor } });

/** A page of the largest size, for 导出 CSV. */
export const fetchOrdersForExport = (filters: OrderFilters, cursor: string | null): Promise<OrderPage> =>
  adminCall<OrderPage>('GET', '/orders', {
    query: { ...filters, userId: filters.userId.trim(), limit: ORDER_LIMITS.pageMax, cursor },
  });

export const fetchRefundPreview = (orderNo: string): Promise<RefundPreview> =>
  adminCall<RefundPreview>('GET', `/orders/${encodeURIComponent(orderNo)}/refund-preview`);

export const fetchOrder = (orderNo: string): Promise<OrderDetail> =>
  adminCall<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`);

export const recheckOrder = (orderNo: string): Promise<RecheckResult> =>
  adminCall<RecheckResult>('POST', `/orders/${encodeURIComponent(orderNo)}/recheck`, { body: {} });

export const refundOrder = (orderNo: string, reason: string): Promise<RefundResult> =>
  adminCall<RefundResult>('POST', `/orders/${encodeURIComponent(orderNo)}/refund`, { body: { reason } });

export const fetchUsers = (q: string, siteId: string, cursor: string | null): Promise<UserPage> =>
  adminCall<UserPage>('GET', '/users', { query: { q: q.trim(), siteId, cursor } });

export const fetchUser = (id: number): Promise<UserDetail> => adminCall<UserDetail>('GET', `/users/${id}`);

export const fetchLedger = (id: number, asset: LedgerAsset, cursor: string | null): Promise<AdminLedgerPage> =>
  adminCall<AdminLedgerPage>('GET', `/users/${id}/ledger`, { query: { asset, cursor } });

export const fetchVipHistory = (id: number): Promise<{ list: VipEvent[] }> =>
  adminCall<{ list: VipEvent[] }>('GET', `/users/${id}/vip`);

export const adjustBalance = (id: number, asset: LedgerAsset, delta: number, reason: string): Promise<AdjustResult> =>
  adminCall<AdjustResult>('POST', `/users/${id}/adjust`, { body: { asset, delta, reason } });
