/**
 * The page's form dialog: the console dialog with the page's labels (保存 / 保存中… / 取消), the
 * server's message under the fields, and a red outline button for deletions.
 */
import type { ReactNode } from 'react';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
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
  return (
    <ConsoleDialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      error={error}
      submitLabel={submitLabel ?? text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      tone={danger ? 'danger' : 'primary'}
      width="wide"
    >
      {children}
    </ConsoleDialog>
  );
}
