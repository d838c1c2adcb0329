/**
 * Starting a deposit (VIP or coins): the order is created, the address becomes ?order=NO (so going
 * back from the cashier lands on the polling of src/features/wallet/use-order-return.ts), then the browser goes to
 * the sandbox cashier's payUrl. A page restored from the back-forward cache is usable again.
 */
import { useEffect, useState } from 'react';
import type { DepositOrder } from '../../../contract/calls/member.ts';

export interface Deposit {
  start: (create: () => Promise<DepositOrder>) => Promise<void>;
  busy: boolean;
  error: string | null;
}

export function useDeposit(): Deposit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
  }, []);

  const start = async (create: () => Promise<DepositOrder>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { orderNo, payUrl } = await create();
      history.replaceState(history.state, '', `${location.pathname}?order=${encodeURIComponent(orderNo)}`);
      location.assign(payUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return { start, busy, error };
}
