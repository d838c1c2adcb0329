/**
 * 订单与退款 (财务, 超级管理员): the orders, filtered by 状态, 站点, 用户 (a member chosen by name,
 * member-picker.tsx), 类型 and a range of days (of the order's making or of its payment), in
 * numbered pages sorted by 下单时间, 支付时间 or 金额 (newest first unless chosen), with the sums of
 * everything the filters match right under the filters (收入, 退款, 净收入: with the days of payment,
 * the dashboard's figures) and 导出 CSV of all of them in the list's order. Rows chosen get 重新查询
 * (the pending ones asked at the gateway, the outcome counted in words) and 导出所选. The filters, sort
 * and page live in the address (Back brings them back; the dashboard and the member page link here).
 * A row opens its order at /admin/orders/:orderNo in a panel over the list (order-detail.tsx), so the
 * list and its filters stay as they were.
 */
import './money.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import {
  ORDER_DATE_BY,
  ORDER_LIMITS,
  ORDER_SORTS,
  type BulkRecheckResult,
  type OrderRow,
  type OrderSort,
  type OrderSummary,
} from '../../../contract/admin/money.ts';
import { adminMessages } from '../../admin-messages.ts';
import { ORDER_KINDS, ORDER_STATUSES } from '../../../contract/enums.ts';
import { SiteSelect } from '../../session/site-select.tsx';
import { BulkBar } from '../../components/bulk-bar.tsx';
import { saveFile, toCsv } from '../../components/csv.ts';
import { paramSort, sortParam, type ListSort } from '../../components/list-sort.ts';
import { Pager } from '../../components/pager.tsx';
import { SelectAllHeader, SelectRowCell } from '../../components/selection-cells.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { messageOf } from '../../components/use-load.ts';
import { useNumberedList } from '../../components/use-numbered-list.ts';
import { useSelection } from '../../components/use-selection.ts';
import { paramInt, useUrlQuery } from '../../components/use-url-query.ts';
import { fetchOrders, NO_ORDER_FILTERS, recheckOrders, type OrderFilters } from './money-calls.ts';
import { ORDER_CSV_HEADER, orderCsvRow } from './money-format.ts';
import { MemberPicker } from './member-picker.tsx';
import { formatFen } from '../../components/console-money.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';
import { MemberLink, OrderDetailPanel, OrderStatusBadge } from './order-detail.tsx';

const text = moneyText.orders;

const KEYS = Object.keys(NO_ORDER_FILTERS) as Array<keyof OrderFilters>;
const NEWEST: ListSort<OrderSort> = { column: 'createdAt', dir: 'desc' };

/** The list as the address keeps it: the filters, the page and the sort (absent: newest first). */
interface OrderQuery {
  filters: OrderFilters;
  page: number;
  sort: ListSort<OrderSort>;
}

const readQuery = (params: URLSearchParams): OrderQuery => ({
  filters: Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as OrderFilters,
  page: paramInt(params, 'page') ?? 1,
  sort: paramSort(params, ORDER_SORTS) ?? NEWEST,
});
const writeQuery = (query: OrderQuery) => ({
  ...query.filters,
  sort: sortParam(query.sort, NEWEST),
  page: query.page > 1 ? query.page : undefined,
});
const sortText = (sort: ListSort) => `${sort.column}:${sort.dir}`;

/** 批量重新查询's outcome in words: how many became 已支付, 已失败, stayed 待支付. */
function recheckSummary({ results }: BulkRecheckResult): string {
  const count = (...outcomes: string[]) => results.filter((r) => outcomes.includes(r.outcome)).length;
  return text.bulk.result({
    asked: results.length - count('skipped'),
    paid: count('credited', 'already'),
    failed: count('failed'),
    pending: count('unpaid', 'error'),
    errors: count('error'),
    skipped: count('skipped'),
  });
}

function Summary({ summary }: { summary: OrderSummary }) {
  return (
    <p className="money__summary" data-testid="orders-summary">
      <span>{text.summary.count(summary.count, summary.paidCount)}</span>
      <span>
        {text.summary.revenue} <strong>{formatFen(summary.revenueFen)}</strong>
      </span>
      <span>
        {text.summary.refunds} <strong>{formatFen(summary.refundFen)}</strong>
      </span>
      <span>
        {text.summary.net} <strong data-testid="orders-net">{formatFen(summary.netFen)}</strong>
      </span>
    </p>
  );
}

export function OrdersPage() {
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const { filters } = query;
  const [draft, setDraft] = useState<OrderFilters>(filters);
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  const csv = useCsvExport();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [open, params] = useRoute<{ orderNo: string }>('/:orderNo');
  const fetchPage = useCallback(async (wanted: OrderQuery) => {
    const page = await fetchOrders(wanted.filters, { page: wanted.page, sort: sortText(wanted.sort) });
    setSummary(page.summary);
    return { list: page.list, total: page.total ?? 0 };
  }, []);
  const { items: orders, setItems: setOrders, total, busy, error, reload } = useNumberedList(fetchPage, query);
  const pages = Math.max(1, Math.ceil((total ?? 0) / ORDER_LIMITS.page));
  const selection = useSelection(
    orders.map((order) => order.orderNo),
    query,
  );
  const [rechecking, setRechecking] = useState(false);
  const [bulkNote, setBulkNote] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => setDraft(filters), [filters]);
  useEffect(() => setBulkNote(null), [query]);
  /** An order's panel (or the list again) with the list's filters kept in the address. */
  const go = (path: string) => navigate(`${path}${search ? `?${search}` : ''}`);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...query, filters: { ...draft }, page: 1 });
  };
  const set = (key: keyof OrderFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  /** An order changed in the panel (rechecked, refunded): its row shows the new state. */
  const replace = useCallback(
    (row: OrderRow) => setOrders((shown) => shown.map((order) => (order.orderNo === row.orderNo ? row : order))),
    [setOrders],
  );
  const sortBy = (sort: { column: string; dir: 'asc' | 'desc' }) =>
    setQuery({ ...query, sort: sort as ListSort<OrderSort>, page: 1 });
  const chosenRows = orders.filter((order) => selection.has(order.orderNo));

  async function recheckChosen() {
    setRechecking(true);
    setBulkNote(null);
    try {
      const result = await recheckOrders(selection.chosen);
      setBulkNote({ text: recheckSummary(result), failed: false });
      selection.clear();
      // The rows and the sums as they are now.
      reload();
    } catch (failure) {
      setBulkNote({ text: messageOf(failure), failed: true });
    } finally {
      setRechecking(false);
    }
  }

  function exportChosen() {
    saveFile(text.fileName(toZoneInput(Date.now()).slice(0, 10)), toCsv(ORDER_CSV_HEADER, chosenRows.map(orderCsvRow)));
    setBulkNote({ text: adminMessages.csv.exported(chosenRows.length, false), failed: false });
  }

  return (
    <section className="money">
      <h1 className="page-title">{text.title}</h1>
      <form className="filters money__filters" onSubmit={apply} aria-label={text.apply}>
        <label className="field">
          <span className="field__label">{text.status}</span>
          <select className="field__input" name="status" value={draft.status} onChange={set('status')}>
            <option value="">{text.any}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {moneyText.statuses[status]}
              </option>
            ))}
          </select>
        </label>
        <SiteSelect value={draft.siteId} onChange={(siteId) => setDraft((current) => ({ ...current, siteId }))} />
        <MemberPicker
          value={draft.userId}
          siteId={draft.siteId}
          onChange={(userId) => setDraft((current) => ({ ...current, userId }))}
        />
        <label className="field">
          <span className="field__label">{text.kind}</span>
          <select className="field__input" name="kind" value={draft.kind} onChange={set('kind')}>
            <option value="">{text.any}</option>
            {ORDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {moneyText.kinds[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{text.dateBy}</span>
          <select className="field__input" name="dateBy" value={draft.dateBy} onChange={set('dateBy')}>
            {ORDER_DATE_BY.map((by) => (
              <option key={by} value={by === 'created' ? '' : by}>
                {text.dateByNames[by]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{text.from}</span>
          <input className="field__input" type="date" name="from" value={draft.from} onChange={set('from')} />
        </label>
        <label className="field">
          <span className="field__label">{text.to}</span>
          <input className="field__input" type="date" name="to" value={draft.to} onChange={set('to')} />
        </label>
        <div className="money__filter-actions">
          <button className="button button--primary" type="submit">
            {text.apply}
          </button>
          <button
            className="button"
            type="button"
            onClick={() => {
              setDraft(NO_ORDER_FILTERS);
              setQuery({ filters: NO_ORDER_FILTERS, page: 1, sort: query.sort });
            }}
          >
            {text.clear}
          </button>
          <button
            className="button"
            type="button"
            disabled={csv.exporting}
            onClick={() =>
              void csv.run({
                // The pages of the list's order, 500 a page: the "cursor" is the next page's number.
                fetchPage: async (cursor) => {
                  const page = Number(cursor ?? 1);
                  const sort = sortText(query.sort);
                  const answer = await fetchOrders(filters, { page, sort, limit: ORDER_LIMITS.pageMax });
                  const more = page * ORDER_LIMITS.pageMax < (answer.total ?? 0);
                  return { list: answer.list, nextCursor: more ? String(page + 1) : null };
                },
                max: ORDER_LIMITS.exportMax,
                header: ORDER_CSV_HEADER,
                row: orderCsvRow,
                fileName: text.fileName(toZoneInput(Date.now()).slice(0, 10)),
              })
            }
          >
            {adminMessages.csv.export}
          </button>
        </div>
        {csv.status && (
          <p className="money__export" role="status">
            {csv.status}
          </p>
        )}
      </form>
      {summary && !error && <Summary summary={summary} />}
      <BulkBar count={selection.chosen.length} unit={text.bulk.unit} onClear={selection.clear}>
        <button className="button" type="button" disabled={rechecking} onClick={() => void recheckChosen()}>
          {rechecking ? text.bulk.rechecking : text.bulk.recheck}
        </button>
        <button className="button" type="button" onClick={exportChosen}>
          {text.bulk.exportChosen}
        </button>
      </BulkBar>
      {bulkNote && (
        <p
          className={bulkNote.failed ? 'table__status table__status--error' : 'money__bulk-note'}
          role={bulkNote.failed ? 'alert' : 'status'}
          data-testid="orders-bulk-note"
        >
          {bulkNote.text}
        </p>
      )}
      <div className="table-wrap">
        <table className={`table money__table${busy ? ' is-busy' : ''}`} data-testid="orders-table">
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th>{text.columns.orderNo}</th>
              <SortHeader label={text.columns.createdAt} column="createdAt" sort={query.sort} onSort={sortBy} />
              <th>{text.columns.user}</th>
              <th className="money__roomy">{text.columns.site}</th>
              <th>{text.columns.kind}</th>
              <th>{text.columns.title}</th>
              <SortHeader label={text.columns.amount} column="amount" sort={query.sort} onSort={sortBy} numeric />
              <th className="money__roomy">{text.columns.payType}</th>
              <th>{text.columns.status}</th>
              <SortHeader label={text.columns.paidAt} column="paidAt" sort={query.sort} onSort={sortBy} />
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr
                key={order.orderNo}
                className={`money__row${open && params?.orderNo === order.orderNo ? ' is-open' : ''}${selection.has(order.orderNo) ? ' table__row--selected' : ''}`}
                onClick={() => go(`/${order.orderNo}`)}
                data-order={order.orderNo}
              >
                <SelectRowCell selection={selection} id={order.orderNo} name={order.orderNo} />
                <td className="table__nowrap">
                  <a
                    className="money__link money__mono"
                    href={`/admin/orders/${order.orderNo}`}
                    onClick={(event) => {
                      event.preventDefault();
                      go(`/${order.orderNo}`);
                    }}
                  >
                    {order.orderNo}
                  </a>
                </td>
                <td className="table__nowrap">{consoleTime(order.createdAt)}</td>
                <td className="table__nowrap money__ellipsis" title={order.nickname}>
                  <MemberLink id={order.userId} nickname={order.nickname} />
                </td>
                <td className="table__nowrap money__roomy">{order.siteTitle}</td>
                <td className="table__nowrap">{moneyText.kinds[order.kind]}</td>
                <td className="money__ellipsis" title={order.title}>
                  {order.title}
                </td>
                <td className="table__num table__nowrap">{formatFen(order.amountFen)}</td>
                <td className="table__nowrap money__roomy">{moneyText.payTypes[order.payType]}</td>
                <td className="table__nowrap">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="table__nowrap">{order.paidAt === null ? '—' : consoleTime(order.paidAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={busy && orders.length === 0}
          empty={!busy && !error && orders.length === 0}
          error={error}
          emptyText={text.empty}
          loadingText={text.loading}
        />
      </div>
      <Pager page={query.page} pages={pages} busy={busy} onPage={(page) => setQuery({ ...query, page })} />
      {open && params && (
        <OrderDetailPanel key={params.orderNo} orderNo={params.orderNo} onClose={() => go('/')} onChange={replace} />
      )}
    </section>
  );
}
