/** The total to pay and the button that goes to the cashier (/mine/vip, /mine/wallet), with the failure shown. */
import './wallet.css';
import { walletMessages } from './wallet-messages.ts';

interface CheckoutBarProps {
  /** Yuan, already formatted; null while nothing is chosen. */
  amount: string | null;
  label: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  note?: string;
}

export function CheckoutBar({ amount, label, busy, error, onSubmit, note }: CheckoutBarProps) {
  const t = walletMessages.pay;
  return (
    <div className="checkout">
      <div className="checkout__row">
        <p className="checkout__total">
          {t.total}
          <strong className="checkout__amount">{amount === null ? '—' : t.yuan(amount)}</strong>
        </p>
        <button
          type="button"
          className="button button--primary checkout__submit"
          onClick={onSubmit}
          disabled={busy || amount === null}
          data-testid="checkout"
        >
          {busy ? t.redirecting : label}
        </button>
      </div>
      {error && (
        <p className="checkout__error" role="alert">
          {error}
        </p>
      )}
      {note && <p className="checkout__note">{note}</p>}
    </div>
  );
}
