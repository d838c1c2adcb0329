/**
 * 审计日志 (超级管理员 only): every change in words (what was done to what, and each field before
 * and after), newest first or, from the 时间 heading, oldest first, in numbered pages of 50 with the
 * total, filtered by kind, operator and a range of days (all kept in the address, so Back restores
 * them; a filter or order change goes back to page 1; the rows shown stay while the next load), and
 * 导出 CSV of everything that matches (newest first, read by the server's cursor). Operators to
 * filter by are those the loaded rows name.
 */
import './audit.css';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { AUDIT_KINDS, AUDIT_LIMITS, isAuditKind, type AuditPage } from '../../../contract/admin/audit.ts';
import { adminMessages } from '../../admin-messages.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { paramSort, type ListSort } from '../../components/list-sort.ts';
import { Pager } from '../../components/pager.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { messageOf } from '../../components/use-load.ts';
import { paramInt, paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { fetchAudit, fetchAuditForExport, type AuditFilters, type AuditQuery } from './audit-calls.ts';
import { actionLabel, changeLines, CSV_HEADER, csvRow, targetLabel } from './audit-format.ts';
import { auditMessages as text, KIND_LABELS } from './audit-messages.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (params: URLSearchParams, name: string): string => {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : '';
};

const readQuery = (params: URLSearchParams): AuditQuery => ({
  kind: paramOf(params, 'kind', AUDIT_KINDS) ?? null,
  operatorId: paramInt(params, 'operator') ?? null,
  from: dayParam(params, 'from'),
  to: dayParam(params, 'to'),
  sort: paramSort(params, ['at'])?.dir === 'asc' ? 'at:asc' : 'at:desc',
  page: paramInt(params, 'page') ?? 1,
});
const writeQuery = (query: AuditQuery) => ({
  kind: query.kind,
  operator: query.operatorId,
  from: query.from,
  to: query.to,
  // Newest first needs no word in the address.
  sort: query.sort === 'at:asc' ? query.sort : undefined,
  page: query.page === 1 ? undefined : query.page,
});

export function AuditPage() {
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  // A new filter or order starts at page 1.
  const setFilters = (filters: AuditFilters) => setQuery({ ...query, ...filters, page: 1 });
  const filters = query;
  const [range, setRange] = useState({ from: filters.from, to: filters.to });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [shown, setShown] = useState<AuditPage | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [operators, setOperators] = useState<Map<number, string>>(new Map());

  // The rows shown stay while the next page loads; a failed load empties the table.
  const load = useCallback(async (wanted: AuditQuery) => {
    setBusy(true);
    setError(null);
    try {
      setShown(await fetchAudit(wanted));
    } catch (failure) {
      setError(messageOf(failure));
      setShown(null);
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => void load(query), [query, load]);
  const entries = useMemo(() => shown?.list ?? [], [shown]);
  const pages = Math.max(1, Math.ceil((shown?.total ?? 0) / AUDIT_LIMITS.page));
  const sort: ListSort = { column: 'at', dir: query.sort === 'at:asc' ? 'asc' : 'desc' };

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
            setQuery({ kind: null, operatorId: null, from: '', to: '', sort: 'at:desc', page: 1 });
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
        {shown?.total != null && <span className="audit__total">{text.total(shown.total)}</span>}
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
              <SortHeader
                label={text.columns.at}
                column="at"
                sort={sort}
                onSort={(next) => setQuery({ ...query, sort: next.dir === 'asc' ? 'at:asc' : 'at:desc', page: 1 })}
              />
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
          loading={busy && !shown}
          empty={!busy && !error && entries.length === 0}
          error={error}
          emptyText={text.empty}
        />
      </div>
      <Pager page={query.page} pages={pages} busy={busy} onPage={(page) => setQuery({ ...query, page })} />
    </section>
  );
}
