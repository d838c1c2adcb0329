/**
 * The return from the sandbox cashier, shared by /mine/vip and /mine/wallet: the cashier sends the
 * user back to the screen with ?order=NO; the order is then polled (src/features/wallet/order-poll.ts) on return
 * and again whenever the window regains focus or becomes visible, until it is paid. A paid order
 * carries the user as of now (new VIP expiry or balance), stored at once, and /current refreshes.
 * dismiss() drops ?order from the address.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../api/api-error.ts';
import type { OrderInfo } from '../../../contract/calls/member.ts';
import { getDepositOrder } from './wallet-calls.ts';
import { Code } from '../../../contract/protocol/codes.ts';
import { setUserInfo } from '../../stores/user.ts';
import { createPoller } from './order-poll.ts';
import { refreshUser } from '../account/use-user-refresh.ts';

export type OrderReturnStatus = 'checking' | 'paid' | 'pending' | 'missing';

export interface OrderReturn {
  orderNo: string | null;
  status: OrderReturnStatus | null;
  order: OrderInfo | null;
  /** Checks again now (after a round ended unpaid). */
  recheck: () => void;
  dismiss: () => void;
}

const ORDER_PARAM = 'order';
const ORDER_NO = /^[0-9A-Z]{20,32}$/;

export function useOrderReturn(): OrderReturn {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const raw = new URLSearchParams(search).get(ORDER_PARAM);
  const orderNo = raw && ORDER_NO.test(raw) ? raw : null;
  const [state, setState] = useState<{
    orderNo: string | null;
    status: OrderReturnStatus | null;
    order: OrderInfo | null;
  }>({
    orderNo: null,
    status: null,
    order: null,
  });
  const current =
    state.orderNo === orderNo ? state : { orderNo, status: orderNo ? ('checking' as const) : null, order: null };
  if (current !== state) setState(current);

  const poller = useMemo(() => {
    if (!orderNo) return null;
    const update = (status: OrderReturnStatus, order: OrderInfo | null) =>
      setState((s) => (s.orderNo === orderNo ? { orderNo, status, order: order ?? s.order } : s));
    return createPoller({
      attempt: async () => {
        try {
          const order = await getDepositOrder(orderNo, { toast: false });
          if (order.status !== 'paid') return false;
          setUserInfo(order.user);
          update('paid', order);
          void refreshUser();
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.code === Code.NotFound) {
            update('missing', null);
            return true;
          }
          return false; // offline or a hiccup: the next attempt tries again
        }
      },
      onExhausted: () => update('pending', null),
    });
  }, [orderNo]);

  useEffect(() => {
    if (!poller) return;
    const again = () => {
      if (document.visibilityState !== 'visible' || poller.finished) return;
      setState((s) => (s.status === 'pending' ? { ...s, status: 'checking' } : s));
      poller.start();
    };
    poller.start();
    addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      poller.stop();
      removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [poller]);

  const recheck = useCallback(() => {
    if (!poller || poller.finished) return;
    setState((s) => ({ ...s, status: 'checking' }));
    poller.start();
  }, [poller]);
  const dismiss = useCallback(() => navigate(pathname, { replace: true }), [navigate, pathname]);

  return { ...current, recheck, dismiss };
}
