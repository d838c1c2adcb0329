/**
 * 调整 of a member's coins or points: a signed whole number and a required reason. The server
 * refuses a balance below zero with its own message, shown here; a success reports the new balance.
 */
import { useState, type FormEvent } from 'react';
import { ADJUST_MAX, REASON_MAX, type LedgerAsset } from '../../../contract/admin/money.ts';
import { Modal } from '../../../src/components/modal.tsx';
import { adjustBalance } from './money-calls.ts';
import { moneyText } from './money-messages.ts';

const text = moneyText.user;

export function AdjustDialog({
  userId,
  asset,
  onClose,
  onDone,
}: {
  userId: number;
  asset: LedgerAsset;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = moneyText.assets[asset];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(delta);
    if (!/^-?\d+$/.test(delta.trim()) || value === 0 || Math.abs(value) > ADJUST_MAX)
      return setError(text.deltaRequired);
    if (reason.trim() === '') return setError(text.reasonRequired);
    setBusy(true);
    setError(null);
    try {
      const result = await adjustBalance(userId, asset, value, reason.trim());
      await onDone(text.adjusted(name, result.delta, result.balance));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={text.adjustTitle(name)}
      onClose={onClose}
      dismissible={!busy}
      className="money-dialog"
      testId="adjust-dialog"
    >
      <form className="money-dialog__form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{text.delta}</span>
          <input
            className="field__input"
            name="delta"
            inputMode="numeric"
            value={delta}
            onChange={(event) => setDelta(event.target.value)}
          />
        </label>
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
            {moneyText.order.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {text.confirmAdjust}
          </button>
        </div>
      </form>
    </Modal>
  );
}
