/** 字典: entries by type (type / key / label / sort), shared by every site; add, edit the label and sort, delete. */
import { useState } from 'react';
import type { AdminDictEntry } from '../../../contract/admin/settings.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { FormFields, type FieldSpec, type FormValues } from './form-fields.tsx';
import { createDictEntry, deleteDictEntry, fetchDictionary, updateDictEntry } from './settings-calls.ts';
import { SettingsDialog } from './settings-dialog.tsx';
import { settingsText as text } from './settings-messages.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'type', label: text.dictionary.type, kind: 'text', createOnly: true, hint: '如 region、movieSort' },
  { name: 'key', label: text.dictionary.key, kind: 'text', createOnly: true },
  { name: 'label', label: text.dictionary.label, kind: 'text' },
  { name: 'sort', label: text.dictionary.sort, kind: 'int' },
];

type Editing = { entry: AdminDictEntry | null; values: FormValues };

export function DictionaryTab() {
  const [type, setType] = useState('');
  const dictionary = useLoad(() => fetchDictionary(type), type);
  const types = dictionary.data?.types ?? [];
  const list = dictionary.data?.list ?? null;
  const { error, reload: load } = dictionary;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminDictEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<{ message: string; field: string | null } | null>(null);

  const run = async (work: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    setDialogError(null);
    try {
      await work();
      done();
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
  const save = () => {
    if (!editing) return;
    const v = editing.values as Record<string, string>;
    const sort = v.sort!.trim() === '' ? 0 : Number(v.sort);
    void run(
      () =>
        editing.entry
          ? updateDictEntry(editing.entry.type, editing.entry.key, { label: v.label!, sort })
          : createDictEntry({ type: v.type!.trim(), key: v.key!.trim(), label: v.label!, sort }),
      () => setEditing(null),
    );
  };

  return (
    <div className="settings-tab" data-testid="tab-dictionary">
      <div className="settings-tab__bar">
        <button
          className="button button--primary"
          type="button"
          onClick={() => {
            setDialogError(null);
            setEditing({ entry: null, values: { type, key: '', label: '', sort: '0' } });
          }}
        >
          {text.add}字典项
        </button>
        <label className="field field--row">
          <span className="field__label">{text.dictionary.type}</span>
          <select className="field__input" value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">{text.dictionary.allTypes}</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <span className="field__hint">{text.dictionary.shared}</span>
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
              <th>{text.dictionary.type}</th>
              <th>{text.dictionary.key}</th>
              <th>{text.dictionary.label}</th>
              <th>{text.dictionary.sort}</th>
              <th>{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list?.map((entry) => (
              <tr key={`${entry.type}/${entry.key}`}>
                <td>
                  <code>{entry.type}</code>
                </td>
                <td>
                  <code>{entry.key}</code>
                </td>
                <td>{entry.label}</td>
                <td className="settings-table__num">{entry.sort}</td>
                <td className="table__nowrap">
                  <button
                    className="link-button"
                    type="button"
                    onClick={() => {
                      setDialogError(null);
                      setEditing({
                        entry,
                        values: { type: entry.type, key: entry.key, label: entry.label, sort: String(entry.sort) },
                      });
                    }}
                  >
                    {text.edit}
                  </button>
                  <button className="link-button link-button--danger" type="button" onClick={() => setDeleting(entry)}>
                    {text.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list === null && !error && <p className="table__status">{text.loading}</p>}
        {list?.length === 0 && <p className="table__status">{text.empty}</p>}
      </div>
      {editing && (
        <SettingsDialog
          title={editing.entry ? `${text.edit}字典项 ${editing.entry.type}/${editing.entry.key}` : `${text.add}字典项`}
          busy={busy}
          error={dialogError?.message ?? null}
          onClose={() => setEditing(null)}
          onSubmit={save}
        >
          <FormFields
            fields={FIELDS}
            values={editing.values}
            creating={editing.entry === null}
            badField={dialogError?.field ?? null}
            onChange={(name, value) =>
              setEditing((current) => current && { ...current, values: { ...current.values, [name]: value } })
            }
          />
        </SettingsDialog>
      )}
      {deleting && (
        <SettingsDialog
          title={`${text.delete}字典项`}
          busy={busy}
          danger
          submitLabel={text.delete}
          error={dialogError?.message ?? null}
          onClose={() => setDeleting(null)}
          onSubmit={() =>
            void run(
              () => deleteDictEntry(deleting.type, deleting.key),
              () => setDeleting(null),
            )
          }
        >
          <p>{text.confirmDelete(`${deleting.type}/${deleting.key} ${deleting.label}`)}</p>
        </SettingsDialog>
      )}
    </div>
  );
}
