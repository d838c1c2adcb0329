/**
 * The save handling every settings dialog shares. `useDialogRun`: a call made from a dialog, with
 * the busy flag and the server's message and the field it names (marked in the form). `useEditDialog`:
 * a tab's 新增/编辑 dialog (what is edited and the form's values) and its 删除 confirmation on top of
 * it; a call that succeeds closes them and runs `afterSave` (the tab reads its list again).
 */
import { useState } from 'react';
import { AdminApiError } from '../../api/admin-client.ts';
import { messageOf } from '../../components/use-load.ts';
import type { FormValues } from './form-fields.tsx';

export interface DialogError {
  message: string;
  /** The field the server named (a 400), or null. */
  field: string | null;
}

export function useDialogRun() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DialogError | null>(null);
  /** Runs `work`, busy meanwhile; answers whether it succeeded, its failure kept in `error`. */
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError({
        message: messageOf(failure),
        field: failure instanceof AdminApiError ? (failure.field ?? null) : null,
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** What the 新增/编辑 dialog edits: `item` null when adding. */
export interface Editing<T> {
  item: T | null;
  values: FormValues;
}

export function useEditDialog<T>(afterSave?: () => Promise<unknown>) {
  const { busy, error, setError, run } = useDialogRun();
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const close = () => {
    setEditing(null);
    setDeleting(null);
  };
  return {
    busy,
    error,
    editing,
    deleting,
    close,
    /** Opens the 新增 (`item` null) or 编辑 dialog with the form's first values. */
    edit: (item: T | null, values: FormValues) => {
      setError(null);
      setEditing({ item, values });
    },
    /** Opens the 删除 confirmation of `item`. */
    remove: (item: T) => {
      setError(null);
      setDeleting(item);
    },
    /** One field of the form changed. */
    change: (name: string, value: string | boolean) =>
      setEditing((current) => current && { ...current, values: { ...current.values, [name]: value } }),
    /** Runs the dialog's call; on success closes it and runs `afterSave`. */
    submit: async (work: () => Promise<unknown>) => {
      if (!(await run(work))) return;
      close();
      await afterSave?.();
    },
  };
}

export type EditDialog<T> = ReturnType<typeof useEditDialog<T>>;
