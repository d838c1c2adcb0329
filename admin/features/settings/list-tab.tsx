/**
 * One per-site list of 站点设置 as a table: its columns, 上移/下移 (the whole order is sent), an
 * inline 启用/停用 switch where the kind has one, 编辑 and 新增 in a dialog of the kind's fields,
 * 删除 behind a confirmation where the kind allows it. Errors show as the server's message; the
 * field it names is marked in the dialog. A save the server stored other than as asked (a CDN line
 * saved 停用 because it is 不可达) says so above the table.
 */
import { useState, type ReactNode } from 'react';
import type { SiteList } from '../../../contract/admin/settings.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { toForm, toInput, type FieldSpec } from './form-fields.tsx';
import { createRow, deleteRow, fetchRows, reorderRows, updateRow, type Row } from './settings-calls.ts';
import { DeleteDialog, FieldsDialog, RowButtons } from './settings-dialog.tsx';
import { settingsText as text } from './settings-messages.ts';
import { useEditDialog, type Editing } from './use-edit-dialog.ts';

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

export function ListTab(props: ListTabProps) {
  const { siteId, list } = props;
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
  const dialog = useEditDialog<Row>(load);
  // The last save's word, for the list it was said of.
  const [notice, setNotice] = useState<{ of: string; text: string } | null>(null);
  const shownNotice = notice?.of === `${siteId}/${list}` ? notice.text : null;

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    setNotice(null);
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

  const save = ({ item, values }: Editing<Row>) =>
    void dialog.submit(async () => {
      setNotice(null);
      const input = toInput(props.fields, values, item === null);
      const saved =
        item === null ? await createRow(siteId, list, input) : await updateRow(siteId, list, item.id, input);
      if (saved.notice) setNotice({ of: `${siteId}/${list}`, text: saved.notice });
    });

  const hasSwitch = props.fields.some((field) => field.name === 'enabled');
  return (
    <div className="settings-tab" data-testid={`tab-${list}`}>
      <div className="settings-tab__bar">
        <button
          className="button button--primary"
          type="button"
          onClick={() => dialog.edit(null, toForm(props.fields, null))}
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
      {shownNotice && (
        <p className="settings-tab__notice" role="status">
          {shownNotice}
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
                  <RowButtons
                    onEdit={() => dialog.edit(row, toForm(props.fields, row))}
                    onDelete={props.deletable ? () => dialog.remove(row) : undefined}
                  >
                    {props.rowActions?.(row, () => void load())}
                  </RowButtons>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus loading={rows === null && !error} empty={rows?.length === 0} error={null} emptyText={text.empty} />
      </div>
      <FieldsDialog
        dialog={dialog}
        title={(row) => `${row ? text.edit : text.add}${props.noun}`}
        fields={props.fields}
        onSubmit={save}
      />
      <DeleteDialog
        dialog={dialog}
        noun={props.noun}
        nameOf={props.nameOf}
        onSubmit={(row) => void dialog.submit(() => deleteRow(siteId, list, row.id))}
      />
    </div>
  );
}
