/**
 * A ledger (coins on /mine/wallet, points on /mine/mall), paged, and one line of it: what it was
 * (type label and title), when, the signed amount (+ green, − red) and the balance after it.
 */
import './wallet.css';
import type { LedgerEntry } from '../../../contract/calls/member.ts';
import type { Page } from '../../../contract/calls/content.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { formatDelta } from '../../lib/money.ts';
import { walletMessages } from './wallet-messages.ts';
import { PagedList } from '../../components/paged-list.tsx';

export function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const t = walletMessages.wallet;
  const sign = entry.delta > 0 ? 'plus' : entry.delta < 0 ? 'minus' : 'zero';
  return (
    <div className="ledger-row" data-testid="ledger-row">
      <span className={`ledger-row__type ledger-row__type--${entry.type}`}>{t.types[entry.type]}</span>
      <div className="ledger-row__text">
        <p className="ledger-row__title">{entry.title}</p>
        <time
          className="ledger-row__time"
          dateTime={new Date(entry.createdAt).toISOString()}
          title={new Date(entry.createdAt).toLocaleString('zh-CN')}
        >
          {formatRelativeTime(entry.createdAt)}
        </time>
      </div>
      <div className="ledger-row__numbers">
        <span className={`ledger-row__delta is-${sign}`} data-testid="ledger-delta">
          {formatDelta(entry.delta)}
        </span>
        <span className="ledger-row__balance">{t.balanceAfter(entry.balanceAfter)}</span>
      </div>
    </div>
  );
}

/** The whole ledger as a paged list, revalidated on every visit (a balance just changed). */
interface LedgerListProps {
  cacheKey: string;
  fetchPage: (page: number, pageSize: number) => Promise<Page<LedgerEntry>>;
  emptyText: string;
}

export function LedgerList({ cacheKey, fetchPage, emptyText }: LedgerListProps) {
  return (
    <div className="card ledger">
      <PagedList
        key={cacheKey}
        cacheKey={cacheKey}
        fetchPage={fetchPage}
        keyOf={(entry) => entry.id}
        render={(entry) => <LedgerRow entry={entry} />}
        skeleton={{ count: 3 }}
        empty={<p className="empty-state">{emptyText}</p>}
        revalidate
      />
    </div>
  );
}
