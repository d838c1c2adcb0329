/**
 * 分类映射: the source's classes read now (the server asks the source; while it does, and when it
 * cannot, the dialog says so with the reason and offers 重试), each with a select of the local movie
 * categories or 不采集. Every choice saves the whole mapping at once and says 已保存 (or why not).
 */
import { useState } from 'react';
import type { SourceClass, SupplySource } from '../../../contract/admin/supply.ts';
import { ConsoleNotice } from '../../components/console-dialog.tsx';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { fetchOptions } from '../catalogue/catalogue-calls.ts';
import { fetchClasses, saveMap } from './supply-calls.ts';
import { supplyText as text } from './supply-messages.ts';

export function MapDialog({
  source,
  onSaved,
  onClose,
}: {
  source: SupplySource;
  onSaved: () => void;
  onClose: () => void;
}) {
  const read = useLoad(() => fetchClasses(source.id), String(source.id));
  const options = useLoad(fetchOptions, 'options');
  // The mapping as last chosen (null until the classes are read).
  const [chosen, setChosen] = useState<SourceClass[] | null>(null);
  const [state, setState] = useState<{ saving: boolean; saved: boolean; error: string | null }>({
    saving: false,
    saved: false,
    error: null,
  });
  const classes = chosen ?? read.data?.classes ?? null;

  async function choose(typeId: number, categoryId: number | null) {
    if (!classes) return;
    const next = classes.map((entry) => (entry.typeId === typeId ? { ...entry, categoryId } : entry));
    setChosen(next);
    setState({ saving: true, saved: false, error: null });
    try {
      await saveMap(source.id, next);
      setState({ saving: false, saved: true, error: null });
      onSaved();
    } catch (failure) {
      setState({ saving: false, saved: false, error: messageOf(failure) });
    }
  }

  const failed = read.error ?? options.error;
  return (
    <ConsoleNotice title={text.mapTitle(source.name)} onClose={onClose} closeLabel={text.done} testId="map-dialog">
      <p className="supply-dialog__intro">{text.mapIntro}</p>
      {read.busy && !read.data && <p className="table__status">{text.mapReading}</p>}
      {failed && !read.busy && (
        <p className="table__status table__status--error" role="alert">
          {failed}{' '}
          <button className="button button--small" type="button" onClick={() => void read.reload()}>
            {text.retry}
          </button>
        </p>
      )}
      {classes && read.data && (
        <>
          <p className="supply-dialog__meta">
            {text.mapTotal(read.data.total)}
            <span className="supply-dialog__saved" role="status">
              {state.saving ? text.saving : state.saved ? text.saved : ''}
            </span>
          </p>
          {classes.length === 0 ? (
            <p className="table__status">{text.mapEmpty}</p>
          ) : (
            <div className="table-wrap supply-map">
              <table className="table table--compact">
                <thead>
                  <tr>
                    <th className="table__num">{text.mapColumns.typeId}</th>
                    <th>{text.mapColumns.typeName}</th>
                    <th>{text.mapColumns.category}</th>
                  </tr>
                </thead>
                <tbody>
                  {classes.map((entry) => (
                    <tr key={entry.typeId} data-testid={`class-${entry.typeId}`}>
                      <td className="table__num">{entry.typeId}</td>
                      <td>{entry.typeName}</td>
                      <td>
                        <select
                          className="field__input supply-map__select"
                          aria-label={`${entry.typeName} ${text.mapColumns.category}`}
                          value={entry.categoryId ?? ''}
                          disabled={state.saving || !options.data}
                          onChange={(event) =>
                            void choose(entry.typeId, event.target.value ? Number(event.target.value) : null)
                          }
                        >
                          <option value="">{text.notCollected}</option>
                          {options.data?.categories.map((category) => (
                            <option key={category.id} value={category.id}>
                              {category.path}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {state.error && (
            <p className="console-dialog__error" role="alert">
              {state.error}
            </p>
          )}
        </>
      )}
    </ConsoleNotice>
  );
}
