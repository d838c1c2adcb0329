/**
 * 退款 of a paid order: what it will take back and owe as the server works it out now (the
 * preview: coins left or VIP time ahead, what was used and stays, the money owed), the reason
 * (required), 确认退款. The server's answer (what came back and what was used) goes to the panel;
 * a failure stays in the dialog.
 */
import { useState } from 'react';
import { REASON_MAX, type OrderRow } from '../../../contract/admin/money.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { useLoad } from '../../components/use-load.ts';
import { fetchRefundPreview, refundOrder } from './money-calls.ts';
import { formatFen } from '../../components/console-money.ts';
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
  const preview = useLoad(() => fetchRefundPreview(order.orderNo), order.orderNo);

  async function submit() {
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
    <ConsoleDialog
      title={text.refundTitle}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={text.confirmRefund}
      busyLabel={text.refunding}
      cancelLabel={text.cancel}
      tone="danger-solid"
      testId="refund-dialog"
    >
      <p className="money-dialog__summary">
        <span className="money__mono">{order.orderNo}</span>
        <br />
        {order.title} · {formatFen(order.amountFen)}
      </p>
      <p className="money__muted">{text.refundIntro}</p>
      <p
        className={`money__outcome${preview.data ? (preview.data.partial ? ' is-warn' : ' is-ok') : ''}`}
        role="status"
        data-testid="refund-preview"
      >
        {preview.error ?? (preview.data ? preview.data.message : text.previewLoading)}
      </p>
      <label className="field">
        <span className="field__label">{text.reason}</span>
        <textarea
          className="field__input"
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
    </ConsoleDialog>
  );
}
