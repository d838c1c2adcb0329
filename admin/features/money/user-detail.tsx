/**
 * One member: profile, site, devices, VIP until, and for 财务 and 超级管理员 the balances, the
 * ledgers in tabs 金币 / 积分 (加载更多 by cursor) and 调整 (adjust-dialog.tsx), the member's orders
 * (each opening in 订单与退款) and how their VIP time came and went; for 审核 and 超级管理员 the
 * moderation area's <UserSanctions> (mute, ban). 审核 never calls the money reads.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminLedgerEntry, LedgerAsset, UserDetail } from '../../../contract/admin/money.ts';
import { LEDGER_ASSETS } from '../../../contract/admin/money.ts';
import { vipSpan } from '../../../contract/admin/vip-span.ts';
import { adminMessages } from '../../admin-messages.ts';
import { formatFen } from '../../components/console-money.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useLoad } from '../../components/use-load.ts';
import { usePagedList } from '../../components/use-paged-list.ts';
import { UserSanctions } from '../moderation/user-sanctions.tsx';
import { AdjustDialog } from './adjust-dialog.tsx';
import { OrderStatusBadge } from './order-detail.tsx';
import { fetchLedger, fetchOrdersAfter, fetchUser, fetchVipHistory, NO_ORDER_FILTERS } from './money-calls.ts';
import { formatDelta } from './money-format.ts';
import { consoleTime } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';

const text = moneyText.user;

function Ledger({ id, asset, version }: { id: number; asset: LedgerAsset; version: number }) {
  const [entries, setEntries] = useState<AdminLedgerEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      setBusy(true);
      setError(null);
      try {
        const page = await fetchLedger(id, asset, after);
        setEntries((shown) => (after ? [...shown, ...page.list] : page.list));
        setCursor(page.nextCursor);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
      } finally {
        setBusy(false);
      }
    },
    [id, asset],
  );

  useEffect(() => {
    void load(null);
  }, [load, version]);

  return (
    <>
      <div className="table-wrap">
        <table className="table money__table" data-testid={`ledger-${asset}`}>
          <thead>
            <tr>
              <th>{text.columns.at}</th>
              <th>{text.columns.type}</th>
              <th>{text.columns.title}</th>
              <th className="table__num">{text.columns.delta}</th>
              <th className="table__num">{text.columns.balance}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="table__nowrap">{consoleTime(entry.createdAt, true)}</td>
                <td className="table__nowrap">
                  <span className={`money__type is-${entry.type}`}>{moneyText.ledgerTypes[entry.type]}</span>
                </td>
                <td className="money__ellipsis" title={entry.ref ?? undefined}>
                  {entry.title}
                </td>
                <td className={`table__num ${entry.delta > 0 ? 'money__ok' : 'money__bad'}`}>
                  {formatDelta(entry.delta)}
                </td>
                <td className="table__num">{entry.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={busy && entries.length === 0}
          empty={!busy && !error && entries.length === 0}
          error={error}
          emptyText={text.emptyLedger}
          loadingText={moneyText.orders.loading}
        />
      </div>
      {cursor && (
        <div className="table__more">
          <button className="button" type="button" disabled={busy} onClick={() => void load(cursor)}>
            {busy ? moneyText.orders.loading : moneyText.orders.more}
          </button>
        </div>
      )}
    </>
  );
}

/** The member's orders, newest first, each opening its panel in 订单与退款. */
function MemberOrders({ id }: { id: number }) {
  const filters = useMemo(() => ({ ...NO_ORDER_FILTERS, userId: String(id) }), [id]);
  const { items: orders, hasMore, busy, error, more } = usePagedList(fetchOrdersAfter, filters);
  const columns = moneyText.orders.columns;
  return (
    <>
      <div className="table-wrap">
        <table className="table money__table" data-testid="member-orders">
          <thead>
            <tr>
              <th>{columns.orderNo}</th>
              <th>{columns.createdAt}</th>
              <th>{columns.title}</th>
              <th className="table__num">{columns.amount}</th>
              <th>{columns.status}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderNo}>
                <td className="table__nowrap">
                  <Link className="money__link money__mono" href={`~/admin/orders/${order.orderNo}?userId=${id}`}>
                    {order.orderNo}
                  </Link>
                </td>
                <td className="table__nowrap">{consoleTime(order.createdAt)}</td>
                <td className="money__ellipsis" title={order.title}>
                  {order.title}
                </td>
                <td className="table__num table__nowrap">{formatFen(order.amountFen)}</td>
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
          emptyText={text.noOrders}
          loadingText={moneyText.orders.loading}
        />
      </div>
      {hasMore && (
        <div className="table__more">
          <button className="button" type="button" disabled={busy} onClick={more}>
            {busy ? moneyText.orders.loading : moneyText.orders.more}
          </button>
        </div>
      )}
    </>
  );
}

/** How the member's VIP time came (orders, exchanges) and went (refunds), newest first. */
function VipHistory({ id, version }: { id: number; version: number }) {
  const history = useLoad(() => fetchVipHistory(id), `${id}:${version}`);
  const events = history.data?.list ?? [];
  return (
    <div className="table-wrap">
      <table className="table money__table" data-testid="member-vip">
        <thead>
          <tr>
            <th>{text.columns.at}</th>
            <th>{text.columns.type}</th>
            <th>{text.columns.title}</th>
            <th className="table__num">{text.vipChange}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={`${event.source}:${event.ref}`}>
              <td className="table__nowrap">{consoleTime(event.at, true)}</td>
              <td className="table__nowrap">{text.vipSources[event.source]}</td>
              <td className="money__ellipsis" title={event.title}>
                {event.title}
              </td>
              <td className={`table__num table__nowrap ${event.seconds > 0 ? 'money__ok' : 'money__bad'}`}>
                {event.seconds > 0 ? '+' : '−'}
                {vipSpan(event.seconds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TableStatus
        loading={history.busy && events.length === 0}
        empty={!history.busy && !history.error && events.length === 0}
        error={history.error}
        emptyText={text.noVipHistory}
        loadingText={moneyText.orders.loading}
      />
    </div>
  );
}

export function UserDetailView({ id, money, sanctions }: { id: number; money: boolean; sanctions: boolean }) {
  const [user, setUser] = useState<UserDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asset, setAsset] = useState<LedgerAsset>('coins');
  const [adjusting, setAdjusting] = useState(false);
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setUser(await fetchUser(id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const facts: Array<[string, string]> = user
    ? [
        [text.site, `${user.siteTitle}（#${user.siteId}）`],
        [text.account, user.account ?? text.noAccount],
        [text.createdAt, consoleTime(user.createdAt)],
        [text.devices, String(user.devices)],
        [text.vip, user.vipExpireAt && user.vipExpireAt > Date.now() ? consoleTime(user.vipExpireAt) : text.noVip],
      ]
    : [];

  return (
    <section className="money">
      <Link className="money__link money__back" href="/">
        {text.back}
      </Link>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      {!user && !error && <p className="table__status">{moneyText.orders.loading}</p>}
      {user && (
        <>
          <h1 className="page-title">
            {user.nickname} <span className="money__muted">#{user.id}</span>
          </h1>
          <div className="money__cards">
            <dl className="money__facts money__facts--card">
              {facts.map(([label, value]) => (
                <div key={label} className="money__fact">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {money && (
              <div className="money__balances">
                {LEDGER_ASSETS.map((each) => (
                  <div key={each} className="money__balance">
                    <span className="money__muted">{moneyText.assets[each]}</span>
                    <strong data-testid={`balance-${each}`}>{each === 'coins' ? user.coins : user.points}</strong>
                  </div>
                ))}
              </div>
            )}
          </div>
          {sanctions && (
            <section className="money__section">
              <h2 className="money__subtitle">{text.sanctions}</h2>
              <UserSanctions userId={user.id} />
            </section>
          )}
          {money && (
            <section className="money__section">
              <div className="money__tabs-row">
                <h2 className="money__subtitle">{text.ledger}</h2>
                <div className="money__tabs" role="tablist">
                  {LEDGER_ASSETS.map((each) => (
                    <button
                      key={each}
                      type="button"
                      role="tab"
                      aria-selected={asset === each}
                      className={`money__tab${asset === each ? ' is-active' : ''}`}
                      onClick={() => setAsset(each)}
                    >
                      {moneyText.assets[each]}
                    </button>
                  ))}
                </div>
                <button type="button" className="button button--primary" onClick={() => setAdjusting(true)}>
                  {text.adjust}
                </button>
              </div>
              {notice && (
                <p className="money__outcome is-ok" role="status">
                  {notice}
                </p>
              )}
              <Ledger key={asset} id={user.id} asset={asset} version={version} />
            </section>
          )}
          {money && (
            <section className="money__section">
              <h2 className="money__subtitle">{text.orders}</h2>
              <MemberOrders id={user.id} />
            </section>
          )}
          {money && (
            <section className="money__section">
              <h2 className="money__subtitle">{text.vipHistory}</h2>
              <VipHistory id={user.id} version={version} />
            </section>
          )}
        </>
      )}
      {adjusting && user && (
        <AdjustDialog
          userId={user.id}
          asset={asset}
          onClose={() => setAdjusting(false)}
          onDone={async (message) => {
            setAdjusting(false);
            setNotice(message);
            setVersion((v) => v + 1);
            await load();
          }}
        />
      )}
    </section>
  );
}
