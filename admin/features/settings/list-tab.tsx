/**
 * One per-site list of 站点设置 as a table: its columns, 上移/下移 (the whole order is sent), an
 * inline 启用/停用 switch where the kind has one, 编辑 and 新增 in a dialog of the kind's fields,
 * 删除 behind a confirmation where the kind allows it. Errors show as the server's message; the
 * field it names is marked in the dialog.
 */
import { useState, type ReactNode } from 'react';
import type { SiteList } from '../../../contract/admin/settings.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { FormFields, toForm, toInput, type FieldSpec, type FormValues } from './form-fields.tsx';
import { createRow, deleteRow, fetchRows, reorderRows, updateRow, type Row } from './settings-calls.ts';
import { SettingsDialog } from './settings-dialog.tsx';
import { settingsText as text } from './settings-messages.ts';

export interface ColumnSpec {
  label: string;
  render: (row: Row) => ReactNode;
  className?: string;
}

export interface ListTabProps {
  siteId: number;
  list: SiteList;
  /** What one row is called, e.g. 轮播图. */
  noun: string;
  columns: readonly ColumnSpec[];
  fields: readonly FieldSpec[];
  /** The name shown in the delete confirmation. */
  nameOf: (row: Row) => string;
  deletable: boolean;
  /** Buttons of the table's head (e.g. 检测线路). */
  toolbar?: ReactNode;
  /** More buttons of a row (e.g. 调整库存); `reload` reads the list again. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** Told the rows whenever they are read. */
  onRows?: (rows: Row[]) => void;
}

type Editing = { row: Row | null; values: FormValues };

export function ListTab(props: ListTabProps) {
  const { siteId, list } = props;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<{ message: string; field: string | null } | null>(null);
  const { onRows } = props;

  const loaded = useLoad(
    async () => {
      const answer = await fetchRows(siteId, list);
      onRows?.(answer.list);
      return answer.list;
    },
    `${siteId}/${list}`,
    { clearOnKey: true },
  );
  const { data: rows, error, setError, reload: load } = loaded;

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const move = (index: number, by: number) => {
    if (!rows) return;
    const ids = rows.map((row) => row.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void act(() => reorderRows(siteId, list, ids));
  };

  const save = async () => {
    if (!editing) return;
    setBusy(true);
    setDialogError(null);
    try {
      const creating = editing.row === null;
      const input = toInput(props.fields, editing.values, creating);
      if (creating) await createRow(siteId, list, input);
      else await updateRow(siteId, list, editing.row!.id, input);
      setEditing(null);
      await load();
    } catch (failure) {
      setDialogError({
        message: messageOf(failure),
        field: failure instanceof AdminApiError ? (failure.field ?? null) : null,
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDialogError(null);
    try {
      await deleteRow(siteId, list, deleting.id);
      setDeleting(null);
      await load();
    } catch (failure) {
      setDialogError({ message: messageOf(failure), field: null });
    } finally {
      setBusy(false);
    }
  };

  const hasSwitch = props.fields.some((field) => field.name === 'enabled');
  return (
    <div className="settings-tab" data-testid={`tab-${list}`}>
      <div className="settings-tab__bar">
        <button
          className="button button--primary"
          type="button"
          onClick={() => {
            setDialogError(null);
            setEditing({ row: null, values: toForm(props.fields, null) });
          }}
        >
          {text.add}
          {props.noun}
        </button>
        {props.toolbar}
      </div>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover">
          <thead>
            <tr>
              <th className="settings-table__order">{text.order}</th>
              {props.columns.map((column) => (
                <th key={column.label}>{column.label}</th>
              ))}
              {hasSwitch && <th>{text.status}</th>}
              <th>{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((row, index) => (
              <tr key={row.id} data-testid={`row-${row.id}`}>
                <td className="settings-table__order">
                  <button
                    className="icon-button"
                    type="button"
                    title={text.up}
                    aria-label={text.up}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    className="icon-button"
                    type="button"
                    title={text.down}
                    aria-label={text.down}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                </td>
                {props.columns.map((column) => (
                  <td key={column.label} className={column.className}>
                    {column.render(row)}
                  </td>
                ))}
                {hasSwitch && (
                  <td className="table__nowrap">
                    <button
                      className={`switch${row.enabled ? ' is-on' : ''}`}
                      type="button"
                      role="switch"
                      aria-checked={row.enabled === true}
                      aria-label={`${props.nameOf(row)} ${row.enabled ? text.enabled : text.disabled}`}
                      onClick={() => void act(() => updateRow(siteId, list, row.id, { enabled: !row.enabled }))}
                    >
                      <span className="switch__knob" />
                    </button>
                    <span className={`state-text${row.enabled ? '' : ' state-text--off'}`}>
                      {row.enabled ? text.enabled : text.disabled}
                    </span>
                  </td>
                )}
                <td className="table__nowrap">
                  <button
                    className="link-button"
                    type="button"
                    onClick={() => {
                      setDialogError(null);
                      setEditing({ row, values: toForm(props.fields, row) });
                    }}
                  >
                    {text.edit}
                  </button>
                  {props.rowActions?.(row, () => void load())}
                  {props.deletable && (
                    <button className="link-button link-button--danger" type="button" onClick={() => setDeleting(row)}>
                      {text.delete}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows === null && !error && <p className="table__status">{text.loading}</p>}
        {rows?.length === 0 && <p className="table__status">{text.empty}</p>}
      </div>
      {editing && (
        <SettingsDialog
          title={`${editing.row ? text.edit : text.add}${props.noun}`}
          busy={busy}
          error={dialogError?.message ?? null}
          onClose={() => setEditing(null)}
          onSubmit={() => void save()}
        >
          <FormFields
            fields={props.fields}
            values={editing.values}
            creating={editing.row === null}
            badField={dialogError?.field ?? null}
            onChange={(name, value) =>
              setEditing((current) => current && { ...current, values: { ...current.values, [name]: value } })
            }
          />
        </SettingsDialog>
      )}
      {deleting && (
        <SettingsDialog
          title={`${text.delete}${props.noun}`}
          busy={busy}
          danger
          submitLabel={text.delete}
          error={dialogError?.message ?? null}
          onClose={() => setDeleting(null)}
          onSubmit={() => void remove()}
        >
          <p>{text.confirmDelete(props.nameOf(deleting))}</p>
        </SettingsDialog>
      )}
    </div>
  );
}
