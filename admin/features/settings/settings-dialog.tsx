/**
 * The page's dialogs: the console dialog with the page's labels (保存 / 保存中… / 取消), the server's
 * message under the fields, and a red outline button for deletions. `FieldsDialog` and
 * `DeleteDialog` are a tab's 新增/编辑 and 删除 dialogs over its `useEditDialog` state, and
 * `RowButtons` a row's 编辑 and 删除 that open them.
 */
import type { ReactNode } from 'react';
import { ConsoleDialog } from '../../components/console-dialog.tsx';
import { FormFields, type FieldSpec } from './form-fields.tsx';
import { settingsText as text } from './settings-messages.ts';
import type { EditDialog, Editing } from './use-edit-dialog.ts';

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

interface FieldsDialogProps<T> {
  dialog: EditDialog<T>;
  /** The dialog's title for the item edited (null: one being added). */
  title: (item: T | null) => string;
  fields: readonly FieldSpec[];
  onSubmit: (editing: Editing<T>) => void;
  /** Shown under the fields. */
  children?: ReactNode;
}

/** The 新增/编辑 dialog while `dialog.editing`: the fields, the field the server named marked. */
export function FieldsDialog<T>({ dialog, title, fields, onSubmit, children }: FieldsDialogProps<T>) {
  const { editing } = dialog;
  if (!editing) return null;
  return (
    <SettingsDialog
      title={title(editing.item)}
      busy={dialog.busy}
      error={dialog.error?.message ?? null}
      onClose={dialog.close}
      onSubmit={() => onSubmit(editing)}
    >
      <FormFields
        fields={fields}
        values={editing.values}
        creating={editing.item === null}
        badField={dialog.error?.field ?? null}
        onChange={dialog.change}
      />
      {children}
    </SettingsDialog>
  );
}

interface DeleteDialogProps<T> {
  dialog: EditDialog<T>;
  /** What one item is called, e.g. 轮播图. */
  noun: string;
  /** The item's name in the question. */
  nameOf: (item: T) => string;
  onSubmit: (item: T) => void;
}

/** The 删除 confirmation while `dialog.deleting`. */
export function DeleteDialog<T>({ dialog, noun, nameOf, onSubmit }: DeleteDialogProps<T>) {
  const { deleting } = dialog;
  if (deleting === null) return null;
  return (
    <SettingsDialog
      title={`${text.delete}${noun}`}
      busy={dialog.busy}
      danger
      submitLabel={text.delete}
      error={dialog.error?.message ?? null}
      onClose={dialog.close}
      onSubmit={() => onSubmit(deleting)}
    >
      <p>{text.confirmDelete(nameOf(deleting))}</p>
    </SettingsDialog>
  );
}

interface RowButtonsProps {
  onEdit: () => void;
  /** Without it, no 删除. */
  onDelete?: () => void;
  /** More buttons, between 编辑 and 删除. */
  children?: ReactNode;
}

/** A table row's 编辑 and 删除 buttons. */
export function RowButtons({ onEdit, onDelete, children }: RowButtonsProps) {
  return (
    <>
      <button className="link-button" type="button" onClick={onEdit}>
        {text.edit}
      </button>
      {children}
      {onDelete && (
        <button className="link-button link-button--danger" type="button" onClick={onDelete}>
          {text.delete}
        </button>
      )}
    </>
  );
}
