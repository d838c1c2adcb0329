/**
 * The page's dialogs on the native <dialog> (showModal: focus kept inside, Escape closes): a form
 * dialog with the server's message under its fields, and a confirm dialog for deletions.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { settingsText as text } from './settings-messages.ts';

interface DialogProps {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  children: ReactNode;
  submitLabel?: string;
  danger?: boolean;
}

export function SettingsDialog({ title, onClose, onSubmit, busy, error, children, submitLabel, danger }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className="settings-dialog"
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 className="settings-dialog__title">{title}</h2>
        <div className="settings-dialog__body">{children}</div>
        {error && (
          <p className="settings-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="settings-dialog__actions">
          <button className="button" type="button" disabled={busy} onClick={onClose}>
            {text.cancel}
          </button>
          <button className={`button ${danger ? 'button--danger' : 'button--primary'}`} type="submit" disabled={busy}>
            {busy ? text.saving : (submitLabel ?? text.save)}
          </button>
        </div>
      </form>
    </dialog>
  );
}
