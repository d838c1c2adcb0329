/** 每日任务: the tasks in a table; 编辑 turns a row into inputs, 保存 sends only what changed. */
import { useState } from 'react';
import type { AdminPointTask, AdminPointTaskChange } from '../../../contract/admin/points.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { saveTask } from './points-calls.ts';
import { pointsMessages } from './points-messages.ts';

const text = pointsMessages.tasks;

type Draft = Required<AdminPointTaskChange>;

const draftOf = (task: AdminPointTask): Draft => ({
  name: task.name,
  description: task.description,
  points: task.points,
  target: task.target,
  enabled: task.enabled,
  sort: task.sort,
});

function changesOf(task: AdminPointTask, draft: Draft): AdminPointTaskChange {
  const change: AdminPointTaskChange = {};
  for (const key of Object.keys(draft) as (keyof Draft)[])
    if (draft[key] !== task[key]) (change as Record<string, unknown>)[key] = draft[key];
  return change;
}

function EditRow({ task, onDone }: { task: AdminPointTask; onDone: (saved: AdminPointTask | null) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(task));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const bad = (field: string) => (error?.field === field ? 'field__input field__input--bad' : 'field__input');

  async function save() {
    const change = changesOf(task, draft);
    if (Object.keys(change).length === 0) return onDone(null);
    setBusy(true);
    setError(null);
    try {
      onDone(await saveTask(task.id, change));
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? { message: failure.message, field: failure.field }
          : { message: String(failure) },
      );
      setBusy(false);
    }
  }

  const number = (key: 'points' | 'target' | 'sort', disabled = false) => (
    <input
      className={bad(key)}
      type="number"
      aria-label={text.columns[key]}
      value={Number.isNaN(draft[key]) ? '' : draft[key]}
      disabled={disabled}
      onChange={(event) => set(key, event.target.valueAsNumber)}
    />
  );

  return (
    <>
      <tr className="pts-row pts-row--editing" data-testid={`task-row-${task.key}`}>
        <td className="pts-num">{number('sort')}</td>
        <td>
          <input
            className={bad('name')}
            aria-label={text.columns.name}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </td>
        <td>
          <input
            className={bad('description')}
            aria-label={text.columns.description}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </td>
        <td className="pts-num">{number('points')}</td>
        <td className="pts-num">{task.key === 'checkin' ? text.checkinTarget : number('target')}</td>
        <td>
          <label className="pts-check">
            <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
            {text.on}
          </label>
        </td>
        <td className="pts-actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => void save()}
          >
            {busy ? text.saving : text.save}
          </button>
          <button type="button" className="button button--small" disabled={busy} onClick={() => onDone(null)}>
            {text.cancel}
          </button>
        </td>
      </tr>
      {error && (
        <tr>
          <td colSpan={7} className="pts-error" role="alert">
            {error.message}
          </td>
        </tr>
      )}
    </>
  );
}

export function TaskTable({
  tasks,
  canEdit,
  onSaved,
}: {
  tasks: AdminPointTask[];
  canEdit: boolean;
  onSaved: (task: AdminPointTask) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  if (tasks.length === 0) return <p className="pts-status">{text.empty}</p>;
  return (
    <div className="pts-table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th className="pts-num">{text.columns.sort}</th>
            <th>{text.columns.name}</th>
            <th>{text.columns.description}</th>
            <th className="pts-num">{text.columns.points}</th>
            <th className="pts-num">{text.columns.target}</th>
            <th>{text.columns.enabled}</th>
            <th>{text.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) =>
            editing === task.id ? (
              <EditRow
                key={task.id}
                task={task}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) onSaved(saved);
                }}
              />
            ) : (
              <tr key={task.id} className="pts-row" data-testid={`task-row-${task.key}`}>
                <td className="pts-num">{task.sort}</td>
                <td className="table__nowrap">{task.name}</td>
                <td className="pts-muted">{task.description}</td>
                <td className="pts-num">{task.points}</td>
                <td className="pts-num">{task.key === 'checkin' ? text.checkinTarget : task.target}</td>
                <td>
                  <span className={task.enabled ? 'badge badge--on' : 'badge badge--off'}>
                    {task.enabled ? text.on : text.off}
                  </span>
                </td>
                <td className="pts-actions">
                  <button
                    type="button"
                    className="button button--small"
                    disabled={!canEdit || editing !== null}
                    onClick={() => setEditing(task.id)}
                  >
                    {text.edit}
                  </button>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
