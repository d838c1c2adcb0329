/**
 * 调整 of a member's coins or points: a signed whole number and a required reason. The server
 * refuses a balance below zero with its own message, shown here; a success reports the new balance.
 */
import { useState } from 'react';
import { ADJUST_MAX, REASON_MAX, type LedgerAsset } from '../../../contract/admin/money.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
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

  async function submit() {
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
    <ConsoleDialog
      title={text.adjustTitle(name)}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={text.confirmAdjust}
      cancelLabel={moneyText.order.cancel}
      testId="adjust-dialog"
    >
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
