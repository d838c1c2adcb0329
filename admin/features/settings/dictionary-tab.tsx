/**
 * 字典: entries by type (type / key / label / sort), shared by every site; add, edit the label and
 * sort, delete. Types are shown in words (地区, 影片排序; dictTypeLabel), an unknown one by its code.
 * An operator limited to some sites reads it without them, and a line saying why.
 */
import { useState } from 'react';
import type { AdminDictEntry } from '../../../contract/admin/settings.ts';
import { adminMessages } from '../../admin-messages.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useEverySite } from '../../session/every-site.ts';
import { EverySiteNote } from '../../session/every-site-note.tsx';
import type { FieldSpec } from './form-fields.tsx';
import { createDictEntry, deleteDictEntry, fetchDictionary, updateDictEntry } from './settings-calls.ts';
import { DeleteDialog, FieldsDialog, RowButtons } from './settings-dialog.tsx';
import { dictTypeLabel, settingsText as text } from './settings-messages.ts';
import { useEditDialog, type Editing } from './use-edit-dialog.ts';

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'type',
    label: text.dictionary.type,
    kind: 'text',
    createOnly: true,
    hint: `类型代码，如 ${Object.entries(text.dictionary.types)
      .map(([code, label]) => `${code}（${label}）`)
      .join('、')}`,
  },
  { name: 'key', label: text.dictionary.key, kind: 'text', createOnly: true },
  { name: 'label', label: text.dictionary.label, kind: 'text' },
  { name: 'sort', label: text.dictionary.sort, kind: 'int' },
];

export function DictionaryTab() {
  const [type, setType] = useState('');
  const dictionary = useLoad(() => fetchDictionary(type), type);
  const types = dictionary.data?.types ?? [];
  const list = dictionary.data?.list ?? null;
  const { error, reload: load } = dictionary;
  const dialog = useEditDialog<AdminDictEntry>(load);
  const everySite = useEverySite();

  const save = ({ item, values }: Editing<AdminDictEntry>) => {
    const v = values as Record<string, string>;
    const sort = v.sort!.trim() === '' ? 0 : Number(v.sort);
    void dialog.submit(() =>
      item
        ? updateDictEntry(item.type, item.key, { label: v.label!, sort })
        : createDictEntry({ type: v.type!.trim(), key: v.key!.trim(), label: v.label!, sort }),
    );
  };

  return (
    <div className="settings-tab" data-testid="tab-dictionary">
      <div className="settings-tab__bar">
        {everySite && (
          <button
            className="button button--primary"
            type="button"
            onClick={() => dialog.edit(null, { type, key: '', label: '', sort: '0' })}
          >
            {text.add}字典项
          </button>
        )}
        <label className="field field--row">
          <span className="field__label">{text.dictionary.type}</span>
          <select className="field__input" value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">{text.dictionary.allTypes}</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {dictTypeLabel(name)}
              </option>
            ))}
          </select>
        </label>
        {everySite && <span className="field__hint">{text.dictionary.shared}</span>}
      </div>
      {!everySite && <EverySiteNote text={adminMessages.everySite.dictionary} />}
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
              {everySite && <th>{text.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {list?.map((entry) => (
              <tr key={`${entry.type}/${entry.key}`}>
                <td title={entry.type}>
                  {dictTypeLabel(entry.type) === entry.type ? <code>{entry.type}</code> : dictTypeLabel(entry.type)}
                </td>
                <td>
                  <code>{entry.key}</code>
                </td>
                <td>{entry.label}</td>
                <td className="settings-table__num">{entry.sort}</td>
                {everySite && (
                  <td className="table__nowrap">
                    <RowButtons
                      onEdit={() =>
                        dialog.edit(entry, {
                          type: entry.type,
                          key: entry.key,
                          label: entry.label,
                          sort: String(entry.sort),
                        })
                      }
                      onDelete={() => dialog.remove(entry)}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus loading={list === null && !error} empty={list?.length === 0} error={null} emptyText={text.empty} />
      </div>
      <FieldsDialog
        dialog={dialog}
        title={(entry) =>
          entry ? `${text.edit}字典项 ${dictTypeLabel(entry.type)}/${entry.key}` : `${text.add}字典项`
        }
        fields={FIELDS}
        onSubmit={save}
      />
      <DeleteDialog
        dialog={dialog}
        noun="字典项"
        nameOf={(entry) => `${dictTypeLabel(entry.type)}/${entry.key} ${entry.label}`}
        onSubmit={(entry) => void dialog.submit(() => deleteDictEntry(entry.type, entry.key))}
      />
    </div>
  );
}
