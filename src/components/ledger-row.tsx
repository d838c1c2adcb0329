/**
 * One ledger line (coins on /mine/wallet, points on /mine/mall): what it was (type label and
 * title), when, the signed amount (+ green, − red) and the balance after it.
 */
import type { LedgerEntry } from '../api/member-contract.ts';
import { formatRelativeTime } from '../lib/format.ts';
import { formatDelta } from '../lib/money.ts';
import { memberMessages } from '../member-messages.ts';

export function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const t = memberMessages.wallet;
  const sign = entry.delta > 0 ? 'plus' : entry.delta < 0 ? 'minus' : 'zero';
  return (
    <div className="ledger-row" data-testid="ledger-row">
      <span className={`ledger-row__type ledger-row__type--${entry.type}`}>{t.types[entry.type]}</span>
      <div className="ledger-row__text">
        <p className="ledger-row__title">{entry.title}</p>
        <time className="ledger-row__time" dateTime={new Date(entry.createdAt).toISOString()} title={new Date(entry.createdAt).toLocaleString('zh-CN')}>
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
