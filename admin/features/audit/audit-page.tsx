/**
 * 审计日志 (超级管理员 only): every change, newest first, in words (what was done to what, and each
 * field before and after), filtered by kind, operator and a range of days (kept in the address, so
 * Back restores them), with 加载更多 by the server's cursor and 导出 CSV of everything that matches.
 * Operators to filter by are those the loaded rows name.
 */
import './audit.css';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { AUDIT_KINDS, AUDIT_LIMITS, isAuditKind } from '../../../contract/admin/audit.ts';
import { adminMessages } from '../../admin-messages.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { usePagedList } from '../../components/use-paged-list.ts';
import { paramInt, paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { fetchAudit, fetchAuditForExport, type AuditFilters } from './audit-calls.ts';
import { actionLabel, changeLines, CSV_HEADER, csvRow, targetLabel } from './audit-format.ts';
import { auditMessages as text, KIND_LABELS } from './audit-messages.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (params: URLSearchParams, name: string): string => {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : '';
};

const readFilters = (params: URLSearchParams): AuditFilters => ({
  kind: paramOf(params, 'kind', AUDIT_KINDS) ?? null,
  operatorId: paramInt(params, 'operator') ?? null,
  from: dayParam(params, 'from'),
  to: dayParam(params, 'to'),
});
const writeFilters = (filters: AuditFilters) => ({
  kind: filters.kind,
  operator: filters.operatorId,
  from: filters.from,
  to: filters.to,
});

export function AuditPage() {
  const [filters, setFilters] = useUrlQuery(readFilters, writeFilters);
  const [range, setRange] = useState({ from: filters.from, to: filters.to });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { items: entries, hasMore, busy, error, more } = usePagedList(fetchAudit, filters);
  const [operators, setOperators] = useState<Map<number, string>>(new Map());

  // The dates typed follow the address (Back, a shared link).
  useEffect(() => setRange({ from: filters.from, to: filters.to }), [filters.from, filters.to]);

  // The operators the loaded rows name, kept across filter changes (the choices do not shrink).
  useEffect(() => {
    setOperators((known) => {
      const next = new Map(known);
      for (const entry of entries) if (entry.operator) next.set(entry.operator.id, entry.operator.username);
      return next.size === known.size ? known : next;
    });
  }, [entries]);
  const operatorChoices = useMemo(() => [...operators].sort((a, b) => a[1].localeCompare(b[1])), [operators]);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (range.from && range.to && range.to < range.from) {
      setRangeError(text.badRange);
      return;
    }
    setRangeError(null);
    setFilters({ ...filters, ...range });
  }

  const csv = useCsvExport();
  const exportCsv = () =>
    csv.run({
      fetchPage: (cursor) => fetchAuditForExport(filters, cursor),
      max: AUDIT_LIMITS.exportMax,
      header: CSV_HEADER,
      row: csvRow,
      fileName: text.fileName(toZoneInput(Date.now()).slice(0, 10)),
    });

  return (
    <section className="audit">
      <h1 className="page-title">{text.title}</h1>
      <form className="filters audit__filters" onSubmit={apply}>
        <label className="field field--inline">
          <span className="field__label">{text.kind}</span>
          <select
            className="field__input"
            name="kind"
            value={filters.kind ?? ''}
            onChange={(event) =>
              setFilters({ ...filters, kind: isAuditKind(event.target.value) ? event.target.value : null })
            }
          >
            <option value="">{text.anyKind}</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label">{text.operator}</span>
          <select
            className="field__input"
            name="operatorId"
            value={filters.operatorId ?? ''}
            onChange={(event) =>
              setFilters({ ...filters, operatorId: event.target.value ? Number(event.target.value) : null })
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
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="field field--inline">
            <span className="field__label">{text[end]}</span>
            <input
              className="field__input audit__day"
              type="date"
              name={end}
              value={range[end]}
              onChange={(event) => setRange({ ...range, [end]: event.target.value })}
            />
          </label>
        ))}
        <button className="button button--primary" type="submit">
          {text.apply}
        </button>
        <button
          className="button"
          type="button"
          onClick={() => {
            setRangeError(null);
            setFilters({ kind: null, operatorId: null, from: '', to: '' });
          }}
        >
          {text.clear}
        </button>
        <button className="button" type="button" disabled={csv.exporting} onClick={() => void exportCsv()}>
          {adminMessages.csv.export}
        </button>
        {rangeError && (
          <p className="field__error" role="alert">
            {rangeError}
          </p>
        )}
        {csv.status && (
          <p className="audit__export" role="status">
            {csv.status}
          </p>
        )}
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
                <td className="table__nowrap" title={entry.action}>
                  {actionLabel(entry.action)}
                </td>
                <td className="audit__target">{targetLabel(entry) ?? text.none}</td>
                <td className="table__nowrap">{entry.address}</td>
                <td className="audit__change">
                  {changeLines(entry.before, entry.after).map((line, index) => (
                    <div key={index} className="audit__line">
                      <span className="audit__field">{line.field}</span>
                      {line.before} → {line.after}
                    </div>
                  ))}
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
