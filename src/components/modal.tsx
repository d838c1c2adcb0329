/**
 * A modal dialog on the native <dialog> (showModal: focus kept inside, Escape closes, the page
 * behind inert). Bottom sheet on phones, centred card from 768 px. It is closed while its page is
 * hidden by the keep-alive (effects cleaned up), so a hidden page never leaves the app inert, and
 * opens again when the page is shown. Once closed, the focus goes back to the control that had it
 * when the modal opened (its opener), as for a keyboard user who pressed Escape.
 */
import '../styles/modal.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '../messages.ts';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  /** Closing by Escape, the backdrop or the × (off while something is being sent). */
  dismissible?: boolean;
  className?: string;
  testId?: string;
}

export function Modal({ open, onClose, title, children, actions, dismissible = true, className, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      dialog.showModal();
      dialog.focus(); // the dialog itself, not its first button (which would show a focus ring)
    }
    return () => {
      dialog.close();
      // Unmounted while open, the dialog gives the focus to nothing: back to the opener.
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: closing is the owner's decision
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose(); // the backdrop
      }}
    >
      <div className="modal__panel">
        <header className="modal__head">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" onClick={onClose} aria-label={messages.modal.close}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {actions && <footer className="modal__actions">{actions}</footer>}
      </div>
    </dialog>
  );
}

interface ConfirmModalProps extends Omit<ModalProps, 'actions'> {
  confirmLabel: string;
  onConfirm: () => void;
  /** While the confirmed action runs: both buttons disabled, the modal not dismissible. */
  busy?: boolean;
  confirmTestId?: string;
}

/** A question with 取消 and one primary button that confirms it. */
export function ConfirmModal({
  confirmLabel,
  onConfirm,
  busy = false,
  confirmTestId,
  onClose,
  ...modal
}: ConfirmModalProps) {
  return (
    <Modal
      {...modal}
      onClose={onClose}
      dismissible={!busy}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {messages.modal.cancel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
