/**
 * A dialog asking for a reason before a moderation action: the common reasons as one-click
 * choices plus free text, required unless told otherwise, with room for extra fields (a sanction's
 * period) above. The server's message shows in the dialog when the action fails.
 */
import { useState, type ReactNode } from 'react';
import { AdminApiError } from '../../api/admin-client.ts';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { COMMON_REASONS, moderationText as text } from './moderation-messages.ts';

export function ReasonDialog({
  title,
  confirmLabel,
  required = true,
  label = text.reason,
  danger = false,
  children,
  onSubmit,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  required?: boolean;
  label?: string;
  danger?: boolean;
  /** Fields shown above the reason. */
  children?: ReactNode;
  /** Throws to keep the dialog open with the error shown. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (required && reason.trim() === '') return setError(text.reasonRequired);
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
    } catch (failure) {
      setError(failure instanceof AdminApiError || failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <ConsoleDialog
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel={confirmLabel}
      busyLabel={text.sending}
      cancelLabel={text.cancel}
      tone={danger ? 'danger-solid' : 'primary'}
      width="wide"
      testId="reason-dialog"
    >
      {children}
      {required && (
        <div className="reason-dialog__chips" role="group" aria-label={text.commonReasons}>
          {COMMON_REASONS.map((common) => (
            <button
              key={common}
              type="button"
              className={`reason-dialog__chip${reason === common ? ' is-picked' : ''}`}
              onClick={() => {
                setReason(common);
                setError(null);
              }}
            >
              {common}
            </button>
          ))}
        </div>
      )}
      <label className="field">
        <span className="field__label">{label}</span>
        <textarea
          className="field__input"
          name="reason"
          value={reason}
          maxLength={200}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {required && <span className="field__hint">{text.reasonHint}</span>}
      </label>
    </ConsoleDialog>
  );
}
