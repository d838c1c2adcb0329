/**
 * 审计日志 (超级管理员 only): every change, newest first, filtered by action and operator, with
 * 加载更多 by the server's cursor. Operators to filter by are those the loaded rows name.
 */
import './audit.css';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { TableStatus } from '../../components/table-status.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { fetchAudit, type AuditFilters } from './audit-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { formatChange } from './audit-format.ts';
import { auditMessages as text } from './audit-messages.ts';

const NO_FILTERS: AuditFilters = { action: '', operatorId: null };

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [actionInput, setActionInput] = useState('');
  const { items: entries, hasMore, busy, error, more } = usePagedList(fetchAudit, filters);
  const [operators, setOperators] = useState<Map<number, string>>(new Map());

  // The operators the loaded rows name, kept across filter changes (the choices do not shrink).
  useEffect(() => {
    setOperators((known) => {
      const next = new Map(known);
      for (const entry of entries) if (entry.operator) next.set(entry.operator.id, entry.operator.username);
      return next.size === known.size ? known : next;
    });
  }, [entries]);

  const actions = useMemo(() => [...new Set(entries.map((entry) => entry.action))].sort(), [entries]);
  const operatorChoices = useMemo(() => [...operators].sort((a, b) => a[1].localeCompare(b[1])), [operators]);

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters((current) => ({ ...current, action: actionInput.trim() }));
  }

  return (
    <section className="audit">
      <h1 className="page-title">{text.title}</h1>
      <form className="filters audit__filters" onSubmit={apply}>
        <label className="field field--inline">
          <span className="field__label">{text.action}</span>
          <input
            className="field__input"
            name="action"
            value={actionInput}
            placeholder={text.actionPlaceholder}
            list="audit-actions"
            onChange={(event) => setActionInput(event.target.value)}
          />
          <datalist id="audit-actions">
            {actions.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
        </label>
        <label className="field field--inline">
          <span className="field__label">{text.operator}</span>
          <select
            className="field__input"
            name="operatorId"
            value={filters.operatorId ?? ''}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                operatorId: event.target.value ? Number(event.target.value) : null,
              }))
            }
          >
            <option value="">{text.anyOperator}</option>
            {operatorChoices.map(([id, username]) => (
              <option key={id} value={id}>
                {username}
              </option>
            ))}
          </select>
        </label>
        <button className="button button--primary" type="submit">
          {text.apply}
        </button>
        <button
          className="button"
          type="button"
          onClick={() => {
            setActionInput('');
            setFilters(NO_FILTERS);
          }}
        >
          {text.clear}
        </button>
      </form>
      <div className="table-wrap">
        <table className="table table--top table--hover audit__table">
          <thead>
            <tr>
              <th>{text.columns.at}</th>
              <th>{text.columns.operator}</th>
              <th>{text.columns.action}</th>
              <th>{text.columns.target}</th>
              <th>{text.columns.address}</th>
              <th>{text.columns.change}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="table__nowrap">{consoleTime(entry.at, true)}</td>
                <td className="table__nowrap">{entry.operator?.username ?? text.system}</td>
                <td className="table__nowrap">
                  <code>{entry.action}</code>
                </td>
                <td className="table__nowrap">
                  {entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : '—'}
                </td>
                <td className="table__nowrap">{entry.address}</td>
                <td className="audit__change">
                  <code>{formatChange(entry.before, entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={false}
          empty={!busy && !error && entries.length === 0}
          error={error}
          emptyText={text.empty}
        />
      </div>
      <div className="table__more">
        {hasMore ? (
          <button className="button" type="button" disabled={busy} onClick={more}>
            {busy ? text.loadingMore : text.more}
          </button>
        ) : (
          entries.length > 0 && !busy && <span className="table__status">{text.end}</span>
        )}
      </div>
    </section>
  );
}
