/**
 * One member: profile, site, devices, VIP until, and for 财务 and 超级管理员 the balances, the
 * ledgers in tabs 金币 / 积分 (加载更多 by cursor) and 调整 (adjust-dialog.tsx); for 审核 and
 * 超级管理员 the moderation area's <UserSanctions> (mute, ban). 审核 never calls the ledger.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AdminLedgerEntry, LedgerAsset, UserDetail } from '../../../contract/admin/money.ts';
import { LEDGER_ASSETS } from '../../../contract/admin/money.ts';
import { adminMessages } from '../../admin-messages.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { UserSanctions } from '../moderation/user-sanctions.tsx';
import { AdjustDialog } from './adjust-dialog.tsx';
import { fetchLedger, fetchUser } from './money-calls.ts';
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
              <th className="money__num">{text.columns.delta}</th>
              <th className="money__num">{text.columns.balance}</th>
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
                <td className={`money__num ${entry.delta > 0 ? 'money__ok' : 'money__bad'}`}>
                  {formatDelta(entry.delta)}
                </td>
                <td className="money__num">{entry.balanceAfter}</td>
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
