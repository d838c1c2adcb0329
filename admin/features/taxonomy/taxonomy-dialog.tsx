/**
 * The page's dialogs on the native <dialog> (showModal: focus kept inside, Escape closes): a title,
 * the form's fields, the server's message inline, 取消 and a submit button. `onSubmit` answers when
 * the call succeeded; a failure's message stays in the dialog.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { adminMessages } from '../../admin-messages.ts';
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

export const messageOf = (failure: unknown): string =>
  failure instanceof Error && failure.message ? failure.message : adminMessages.loadFailed;

export function TaxonomyDialog({
  title,
  children,
  submitLabel = text.save,
  danger,
  canSubmit = true,
  onSubmit,
  onClose,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <dialog
      ref={ref}
      className="tx-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className="tx-dialog__form" onSubmit={(event) => void submit(event)}>
        <h2 className="tx-dialog__title" id={titleId}>
          {title}
        </h2>
        {children}
        {error && (
          <p className="tx-error" role="alert">
            {error}
          </p>
        )}
        <div className="tx-dialog__actions">
          <button className="button" type="button" disabled={busy} onClick={onClose}>
            {text.cancel}
          </button>
          <button
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            type="submit"
            disabled={busy || !canSubmit}
          >
            {busy ? text.saving : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
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
