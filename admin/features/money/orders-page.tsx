/**
 * 订单与退款 (财务, 超级管理员): the orders, newest first, filtered by 状态, 站点, 用户ID, 类型 and a
 * range of days (of the order's making or of its payment), with 加载更多 by the server's cursor and
 * the sums of everything the filters match above the table (收入, 退款, 净收入: with the days of
 * payment, the dashboard's figures) and 导出 CSV of all of them. The filters live in the address (Back brings them back; the
 * dashboard links here with its range). A row opens its order at /admin/orders/:orderNo in a panel
 * over the list (order-detail.tsx), so the list and its filters stay as they were.
 */
import './money.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { ORDER_DATE_BY, ORDER_LIMITS, type OrderRow, type OrderSummary } from '../../../contract/admin/money.ts';
import { adminMessages } from '../../admin-messages.ts';
import { ORDER_KINDS, ORDER_STATUSES } from '../../../contract/enums.ts';
import { SiteSelect } from '../../session/site-select.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useUrlQuery } from '../../components/use-url-query.ts';
import { fetchOrders, fetchOrdersForExport, NO_ORDER_FILTERS, type OrderFilters } from './money-calls.ts';
import { ORDER_CSV_HEADER, orderCsvRow } from './money-format.ts';
import { formatFen } from '../../components/console-money.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';
import { MemberLink, OrderDetailPanel, OrderStatusBadge } from './order-detail.tsx';

const text = moneyText.orders;

const KEYS = Object.keys(NO_ORDER_FILTERS) as Array<keyof OrderFilters>;
const readFilters = (params: URLSearchParams): OrderFilters =>
  Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as OrderFilters;
const writeFilters = (filters: OrderFilters) => ({ ...filters });

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
  const [filters, setFilters] = useUrlQuery(readFilters, writeFilters);
  const [draft, setDraft] = useState<OrderFilters>(filters);
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  const csv = useCsvExport();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [open, params] = useRoute<{ orderNo: string }>('/:orderNo');
  const fetchPage = useCallback(async (wanted: OrderFilters, cursor: string | null) => {
    const page = await fetchOrders(wanted, cursor);
    if (page.summary) setSummary(page.summary);
    return page;
  }, []);
  const { items: orders, setItems: setOrders, hasMore, busy, error, more } = usePagedList(fetchPage, filters);
  useEffect(() => setDraft(filters), [filters]);
  /** An order's panel (or the list again) with the list's filters kept in the address. */
  const go = (path: string) => navigate(`${path}${search ? `?${search}` : ''}`);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
  };
  const set = (key: keyof OrderFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  /** An order changed in the panel (rechecked, refunded): its row shows the new state. */
  const replace = useCallback(
    (row: OrderRow) => setOrders((shown) => shown.map((order) => (order.orderNo === row.orderNo ? row : order))),
    [setOrders],
  );

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
        <label className="field">
          <span className="field__label">{text.user}</span>
          <input
            className="field__input money__narrow"
            name="userId"
            inputMode="numeric"
            value={draft.userId}
            onChange={set('userId')}
          />
        </label>
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
              setFilters(NO_ORDER_FILTERS);
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
                fetchPage: (cursor) => fetchOrdersForExport(filters, cursor),
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
      <div className="table-wrap">
        <table className="table money__table" data-testid="orders-table">
          <thead>
            <tr>
              <th>{text.columns.orderNo}</th>
              <th>{text.columns.createdAt}</th>
              <th>{text.columns.user}</th>
              <th className="money__roomy">{text.columns.site}</th>
              <th>{text.columns.kind}</th>
              <th>{text.columns.title}</th>
              <th className="money__num">{text.columns.amount}</th>
              <th className="money__roomy">{text.columns.payType}</th>
              <th>{text.columns.status}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr
                key={order.orderNo}
                className={`money__row${open && params?.orderNo === order.orderNo ? ' is-open' : ''}`}
                onClick={() => go(`/${order.orderNo}`)}
                data-order={order.orderNo}
              >
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
                <td className="money__num table__nowrap">{formatFen(order.amountFen)}</td>
                <td className="table__nowrap money__roomy">{moneyText.payTypes[order.payType]}</td>
                <td className="table__nowrap">
                  <OrderStatusBadge status={order.status} />
                </td>
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
      <div className="table__more">
        {hasMore ? (
          <button className="button" type="button" disabled={busy} onClick={more}>
            {busy ? text.loading : text.more}
          </button>
        ) : (
          orders.length > 0 && !busy && <span className="money__muted">{text.end}</span>
        )}
      </div>
      {open && params && (
        <OrderDetailPanel key={params.orderNo} orderNo={params.orderNo} onClose={() => go('/')} onChange={replace} />
      )}
    </section>
  );
}
