/**
 * 退款 of a paid order: what will happen, the reason (required), 确认退款. The server's answer
 * (what came back and what was used) goes to the panel; a failure stays in the dialog.
 */
import { useState, type FormEvent } from 'react';
import { REASON_MAX, type OrderRow } from '../../../contract/admin/money.ts';
import { Modal } from '../../../src/components/modal.tsx';
import { refundOrder } from './money-calls.ts';
import { formatFen } from './money-format.ts';
import { moneyText } from './money-messages.ts';

const text = moneyText.order;

export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrderRow;
  onClose: () => void;
  onDone: (message: string, partial: boolean) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setError(text.reasonRequired);
    setBusy(true);
    setError(null);
    try {
      const result = await refundOrder(order.orderNo, reason.trim());
      await onDone(result.message, result.refund.partial);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={text.refundTitle}
      onClose={onClose}
      dismissible={!busy}
      className="money-dialog"
      testId="refund-dialog"
    >
      <form className="money-dialog__form" onSubmit={submit} noValidate>
        <p className="money-dialog__summary">
          <span className="money__mono">{order.orderNo}</span>
          <br />
          {order.title} · {formatFen(order.amountFen)}
        </p>
        <p className="money__muted">{text.refundIntro}</p>
        <label className="field">
          <span className="field__label">{text.reason}</span>
          <textarea
            className="field__input money-dialog__text"
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p className="money__state--error" role="alert">
            {error}
          </p>
        )}
        <div className="money-dialog__actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {text.cancel}
          </button>
          <button type="submit" className="button money__danger-solid" disabled={busy}>
            {busy ? text.refunding : text.confirmRefund}
          </button>
        </div>
      </form>
    </Modal>
  );
}
