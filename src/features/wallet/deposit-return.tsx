/**
 * What the VIP and wallet screens show after the cashier sent the user back (?order=NO, polled by
 * src/features/wallet/use-order-return.ts): checking, paid (the screen's own success text), not paid yet (check
 * again, or dismiss), or an unknown order.
 */
import './wallet.css';
import type { OrderInfo } from '../../../contract/calls/member.ts';
import type { OrderReturn } from './use-order-return.ts';
import { walletMessages } from './wallet-messages.ts';
import { IconCheck } from '../../components/member-icons.tsx';

interface DepositReturnProps {
  state: OrderReturn;
  paidTitle: string;
  paidText: (order: OrderInfo) => string;
}

export function DepositReturn({ state, paidTitle, paidText }: DepositReturnProps) {
  const t = walletMessages.pay;
  const { status, order, orderNo } = state;
  if (!status || !orderNo) return null;
  return (
    <section
      className={`card deposit-return deposit-return--${status}`}
      role="status"
      aria-live="polite"
      data-testid="deposit-return"
      data-status={status}
    >
      {status === 'checking' && (
        <div className="deposit-return__row">
          <span className="spinner spinner--small" aria-hidden="true" />
          <p className="deposit-return__title">{t.returnChecking}</p>
        </div>
      )}
      {status === 'paid' && order && (
        <div className="deposit-return__row">
          <span className="deposit-return__check" aria-hidden="true">
            <IconCheck />
          </span>
          <div>
            <p className="deposit-return__title">{paidTitle}</p>
            <p className="deposit-return__text">{paidText(order)}</p>
          </div>
        </div>
      )}
      {status === 'pending' && (
        <div>
          <p className="deposit-return__title">{t.returnPending}</p>
          <p className="deposit-return__text">{t.returnPendingHint}</p>
        </div>
      )}
      {status === 'missing' && <p className="deposit-return__title">{t.returnMissing}</p>}
      <p className="deposit-return__order">{t.orderNo(orderNo)}</p>
      {status !== 'checking' && (
        <div className="deposit-return__actions">
          {status === 'pending' && (
            <button type="button" className="button button--primary" onClick={state.recheck}>
              {t.recheck}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={state.dismiss}>
            {t.dismiss}
          </button>
        </div>
      )}
    </section>
  );
}
