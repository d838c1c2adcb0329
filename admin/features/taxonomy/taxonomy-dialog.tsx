/**
 * The page's dialogs: the console dialog with the page's labels; `onSubmit` answers when the call
 * succeeded (the dialog then closes), a failure's message stays in the dialog.
 */
import { useState, type ReactNode } from 'react';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { messageOf } from '../../components/use-load.ts';
import { taxonomyText as text } from './taxonomy-messages.ts';

interface DialogProps {
  title: string;
  children?: ReactNode;
  submitLabel?: string;
  danger?: boolean;
  /** Off while a required choice is missing. */
  canSubmit?: boolean;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
}

export function TaxonomyDialog({
  title,
  children,
  submitLabel = text.save,
  danger,
  canSubmit = true,
  onSubmit,
  onClose,
}: DialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
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
      submitLabel={submitLabel}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      tone={danger ? 'danger' : 'primary'}
      canSubmit={canSubmit}
    >
      {children}
    </ConsoleDialog>
  );
}

/** A labelled text input of a dialog. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="field__input"
        value={value}
        maxLength={maxLength}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
