/**
 * 未到账的充值 on /mine/wallet: the member's pending and failed deposits (VIP or coins) of the last
 * days, each with 查询, which asks the server to re-check the order at the payment gateway and
 * shows the answer on the row (deposit-check.ts). A credited order updates the stored user (the
 * balance at once) and tells the screen, which reloads its ledger. Nothing shows while there is
 * nothing open.
 */
import './wallet.css';
import { useEffect, useState } from 'react';
import type { OpenDeposit } from '../../../contract/calls/member.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { formatYuan } from '../../lib/money.ts';
import { setUserInfo } from '../../stores/user.ts';
import { checkResultOf, type CheckResult } from './deposit-check.ts';
import { getOpenDeposits, recheckDeposit } from './wallet-calls.ts';
import { walletMessages } from './wallet-messages.ts';
import { isUnpaidOrder } from '../../../contract/enums.ts';

const t = walletMessages.open;

function OpenDepositRow({ deposit, onCredited }: { deposit: OpenDeposit; onCredited: () => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [status, setStatus] = useState(deposit.status);

  const check = async () => {
    setBusy(true);
    try {
      const order = await recheckDeposit(deposit.orderNo, { toast: false });
      const read = checkResultOf(order);
      setResult(read);
      if (isUnpaidOrder(order.status)) setStatus(order.status);
      if (read.credited) {
        setUserInfo(order.user);
        onCredited();
      }
    } catch (error) {
      setResult(checkResultOf(error instanceof Error ? error : new Error(String(error))));
    } finally {
      setBusy(false);
    }
  };

  const done = result?.credited === true;
  return (
    <li className="open-deposit" data-testid="open-deposit" data-order={deposit.orderNo}>
      <div className="open-deposit__text">
        <p className="open-deposit__title">{deposit.title}</p>
        <p className="open-deposit__meta">
          {t.meta(
            formatYuan(deposit.amountFen),
            walletMessages.pay.types[deposit.payType],
            formatRelativeTime(deposit.createdAt),
          )}
        </p>
        {result && (
          <p className={`open-deposit__result is-${result.tone}`} role="status" data-testid="open-deposit-result">
            {result.text}
          </p>
        )}
      </div>
      <div className="open-deposit__side">
        {!done && <span className={`open-deposit__status is-${status}`}>{t.status[status]}</span>}
        {!done && (
          <button type="button" className="button button--ghost open-deposit__check" onClick={check} disabled={busy}>
            {busy ? t.checking : t.check}
          </button>
        )}
      </div>
    </li>
  );
}

export function OpenDeposits({ userId, onCredited }: { userId: number; onCredited: () => void }) {
  const [deposits, setDeposits] = useState<OpenDeposit[]>([]);

  useEffect(() => {
    let cancelled = false;
    getOpenDeposits({ toast: false }).then(
      (list) => !cancelled && setDeposits(list),
      () => undefined, // offline: nothing to show, the rest of the wallet still works
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);

  if (deposits.length === 0) return null;
  return (
    <section className="member-section" aria-labelledby="open-deposits" data-testid="open-deposits">
      <h2 className="member-section__title" id="open-deposits">
        {t.title}
      </h2>
      <ul className="card open-deposits">
        {deposits.map((deposit) => (
          <OpenDepositRow key={deposit.orderNo} deposit={deposit} onCredited={onCredited} />
        ))}
      </ul>
      <p className="open-deposits__hint">{t.hint}</p>
    </section>
  );
}
