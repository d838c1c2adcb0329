/**
 * The console's form dialog, one for every section: the visitors' modal (src/components/modal.tsx,
 * native <dialog>: focus kept inside, Escape closes) in the console's colours and width, with the
 * fields, the server's message under them, and 取消 beside a submit button that shows its busy
 * label while the call runs. While busy the dialog cannot be dismissed and both buttons are off.
 */
import './console-dialog.css';
import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../../src/components/modal.tsx';
import { adminMessages } from '../admin-messages.ts';

export interface ConsoleDialogProps {
  title: string;
  onClose: () => void;
  /** Enter or the submit button, unless busy; the event's default is already prevented. */
  onSubmit: () => void;
  busy: boolean;
  /** The message shown under the fields (role=alert), null for none. */
  error: string | null;
  children: ReactNode;
  submitLabel: string;
  /** The submit button's text while busy; the submit label when not given. */
  busyLabel?: string;
  cancelLabel?: string;
  /** primary (blue), danger (red outline), danger-solid (red, for what cannot be undone). */
  tone?: 'primary' | 'danger' | 'danger-solid';
  /** Off while a required choice is missing. */
  canSubmit?: boolean;
  /** narrow 480 px (the default), wide 560 px. */
  width?: 'narrow' | 'wide';
  testId?: string;
}

export function ConsoleDialog({
  title,
  onClose,
  onSubmit,
  busy,
  error,
  children,
  submitLabel,
  busyLabel,
  cancelLabel = adminMessages.cancel,
  tone = 'primary',
  canSubmit = true,
  width = 'narrow',
  testId,
}: ConsoleDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      dismissible={!busy}
      className={`console-dialog console-dialog--${width}`}
      testId={testId}
    >
      <form className="console-dialog__form" onSubmit={submit} noValidate>
        {children}
        {error && (
          <p className="console-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="console-dialog__actions">
          <button className="button" type="button" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button className={`button button--${tone}`} type="submit" disabled={busy || !canSubmit}>
            {busy ? (busyLabel ?? submitLabel) : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A dialog that shows something and closes with one button (no form). */
export function ConsoleNotice({
  title,
  onClose,
  onDismiss = onClose,
  closeLabel,
  children,
  testId,
}: {
  title: string;
  /** The button's close. */
  onClose: () => void;
  /** ×, Escape or a tap outside; the button's close unless given (a notice that must not be lost asks first). */
  onDismiss?: () => void;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Modal open title={title} onClose={onDismiss} className="console-dialog console-dialog--narrow" testId={testId}>
      {children}
      <div className="console-dialog__actions">
        <button className="button button--primary" type="button" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </Modal>
  );
}
