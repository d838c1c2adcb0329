/**
 * One order in a panel over the list: what it is and credited, its member, every notify and
 * gateway answer it received (time, source, valid sign, result, why), 重新查询 for an order not
 * paid, and 退款 for a paid one behind a dialog with a required reason. The outcome (the server's
 * message: what came back, what was used and not refunded) stays shown on the panel.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderDetail, OrderRow } from '../../../contract/admin/money.ts';
import { adminMessages } from '../../admin-messages.ts';
import { fetchOrder, recheckOrder } from './money-calls.ts';
import { formatFen } from '../../components/console-money.ts';
import { consoleTime } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { isUnpaidOrder, type OrderStatus } from '../../../contract/enums.ts';

const text = moneyText.order;

/** An order's status as a coloured badge (the list, the panel, the member's orders). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`money__status is-${status}`}>{moneyText.statuses[status]}</span>;
}

/** A member by name, opening their page (orders, VIP history, ledgers) in the 用户 section. */
export function MemberLink({ id, nickname, account }: { id: number; nickname: string; account?: string | null }) {
  return (
    <Link className="money__link" href={`~/admin/users/${id}`} onClick={(event) => event.stopPropagation()}>
      {nickname}
      <span className="money__muted">
        {' '}
        #{id}
        {account ? `，${account}` : ''}
      </span>
    </Link>
  );
}

function Facts({ detail }: { detail: OrderDetail }) {
  const { order, user } = detail;
  const rows: Array<[string, ReactNode]> = [
    [moneyText.orders.columns.orderNo, order.orderNo],
    [moneyText.orders.columns.title, order.title],
    [moneyText.orders.columns.amount, formatFen(order.amountFen)],
    [moneyText.orders.columns.payType, moneyText.payTypes[order.payType]],
    [text.credit, order.coins !== null ? text.coins(order.coins) : text.vipDays(order.vipDays ?? 0)],
    [moneyText.orders.columns.createdAt, consoleTime(order.createdAt, true)],
    [text.paidAt, order.paidAt === null ? '—' : consoleTime(order.paidAt, true)],
    [text.tradeNo, order.tradeNo ?? '—'],
    [text.member, <MemberLink key="member" id={user.id} nickname={user.nickname} account={user.account} />],
    [moneyText.orders.columns.site, order.siteTitle],
  ];
  return (
    <dl className="money__facts">
      {rows.map(([label, value]) => (
        <div key={label} className="money__fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderDetailPanel({
  orderNo,
  onClose,
  onChange,
}: {
  orderNo: string;
  onClose: () => void;
  onChange: (row: OrderRow) => void;
}) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'warn'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [refunding, setRefunding] = useState(false);

  const load = useCallback(async () => {
    try {
      const next = await fetchOrder(orderNo);
      setDetail(next);
      onChange(next.order);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    }
  }, [orderNo, onChange]);

  useEffect(() => {
    void load();
  }, [load]);

  async function recheck() {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await recheckOrder(orderNo);
      setOutcome({ tone: result.outcome === 'credited' ? 'ok' : 'warn', message: result.message });
      await load();
    } catch (failure) {
      setOutcome({ tone: 'warn', message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  const order = detail?.order;
  return (
    <aside className="money-panel" aria-label={text.facts} data-testid="order-panel">
      <header className="money-panel__head">
        <h2 className="money-panel__title">
          {text.facts}
          {order && <OrderStatusBadge status={order.status} />}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {text.back}
        </button>
      </header>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      {!detail && !error && <p className="table__status">{moneyText.orders.loading}</p>}
      {detail && order && (
        <div className="money-panel__body">
          <div className="money-panel__actions">
            {isUnpaidOrder(order.status) && (
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void recheck()}>
                {busy ? text.rechecking : text.recheck}
              </button>
            )}
            {order.status === 'paid' && (
              <button type="button" className="button money__danger" onClick={() => setRefunding(true)}>
                {text.refund}
              </button>
            )}
          </div>
          {outcome && (
            <p className={`money__outcome is-${outcome.tone}`} role="status" data-testid="order-outcome">
              {outcome.message}
            </p>
          )}
          <Facts detail={detail} />
          {detail.refund && (
            <section className="money__refund" data-testid="order-refund">
              <h3 className="money__subtitle">{text.refundDone}</h3>
              <p className="money__refund-message">{detail.refund.message}</p>
              <p className="money__muted">
                {consoleTime(detail.refund.at, true)} · {text.refundBy(detail.refund.operator?.username ?? '—')} ·{' '}
                {text.refundReason(detail.refund.reason)}
              </p>
            </section>
          )}
          <h3 className="money__subtitle">{text.notifies}</h3>
          {detail.notifies.length === 0 ? (
            <p className="money__muted">{text.noNotifies}</p>
          ) : (
            <div className="table-wrap">
              <table className="table money__table table--compact" data-testid="order-notifies">
                <thead>
                  <tr>
                    <th>{text.notifyColumns.at}</th>
                    <th>{text.notifyColumns.source}</th>
                    <th>{text.notifyColumns.sign}</th>
                    <th>{text.notifyColumns.result}</th>
                    <th>{text.notifyColumns.note}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.notifies.map((notify) => (
                    <tr key={notify.id} title={JSON.stringify(notify.params)}>
                      <td className="table__nowrap">{consoleTime(notify.at, true)}</td>
                      <td className="table__nowrap">{text.source[notify.source] ?? notify.source}</td>
                      <td className="table__nowrap">
                        <span className={notify.signValid ? 'money__ok' : 'money__bad'}>
                          {notify.signValid ? text.signValid : text.signInvalid}
                        </span>
                      </td>
                      <td className="table__nowrap" title={notify.result}>
                        {text.results[notify.result] ?? notify.result}
                      </td>
                      <td>{notify.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      {refunding && order && (
        <RefundDialog
          order={order}
          onClose={() => setRefunding(false)}
          onDone={async (message, partial) => {
            setRefunding(false);
            setOutcome({ tone: partial ? 'warn' : 'ok', message });
            await load();
          }}
        />
      )}
    </aside>
  );
}
