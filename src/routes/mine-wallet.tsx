/**
 * Wallet (/mine/wallet): the coin balance, the coin packages, /deposit/coin through the same
 * cashier and return polling as VIP (src/features/wallet/use-order-return.ts), and the coin ledger (/tradPage) as
 * an endless list that checks for new rows whenever it is shown. Deposits not credited (pending or
 * failed) show above the packages with 查询 (src/features/wallet/open-deposits.tsx); one credited
 * there reloads the ledger.
 */
import '../styles/member.css';
import '../features/wallet/wallet.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { CoinPackage } from '../../contract/calls/member.ts';
import type { PayType } from '../../contract/enums.ts';
import { depositCoin, getCoinLedger, getCoinPackages } from '../features/wallet/wallet-calls.ts';
import { CheckoutBar } from '../features/wallet/checkout-bar.tsx';
import { DepositReturn } from '../features/wallet/deposit-return.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LedgerList } from '../features/wallet/ledger-row.tsx';
import { OpenDeposits } from '../features/wallet/open-deposits.tsx';
import { IconCoin } from '../components/member-icons.tsx';
import { PayTypePicker } from '../features/wallet/pay-type-picker.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatYuan } from '../lib/money.ts';
import { useDeposit } from '../features/wallet/use-deposit.ts';
import { useOrderReturn } from '../features/wallet/use-order-return.ts';
import { useResource, type Resource } from '../components/hooks/use-resource.ts';
import { useUserRefresh } from '../features/account/use-user-refresh.ts';
import { walletMessages } from '../features/wallet/wallet-messages.ts';
import { userState } from '../stores/user.ts';

const t = walletMessages.wallet;

function Balance() {
  const { info } = useSnapshot(userState);
  return (
    <section className="balance-card" aria-label={t.balance}>
      <p className="balance-card__label">{t.balance}</p>
      <p className="balance-card__value">
        <IconCoin className="balance-card__icon" />
        <span data-testid="wallet-balance">{info ? info.coins : '—'}</span>
      </p>
      <p className="balance-card__hint">{t.hint}</p>
    </section>
  );
}

function PackageCard({ pack, selected, onSelect }: { pack: CoinPackage; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`package-card${selected ? ' is-active' : ''}`}
      onClick={onSelect}
      data-testid="coin-package"
    >
      {pack.badge && <span className="plan-card__badge">{pack.badge}</span>}
      <span className="package-card__coins">
        <IconCoin className="package-card__icon" />
        {pack.coins}
      </span>
      <span className="package-card__bonus">{pack.bonusCoins > 0 ? t.bonus(pack.bonusCoins) : '\u00a0'}</span>
      <span className="package-card__price">¥{formatYuan(pack.priceFen)}</span>
    </button>
  );
}

function Packages({
  packages,
  selected,
  onChoose,
}: {
  packages: Resource<CoinPackage[]>;
  selected: CoinPackage | undefined;
  onChoose: (id: number) => void;
}) {
  if (packages.error) return <ErrorState error={packages.error} onRetry={packages.retry} />;
  if (!packages.data) {
    return (
      <div className="package-grid" aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="package-card package-card--skeleton" />
        ))}
      </div>
    );
  }
  if (packages.data.length === 0) return <p className="empty-state">{t.emptyPackages}</p>;
  return (
    <div className="package-grid" role="radiogroup" aria-labelledby="coin-packages">
      {packages.data.map((pack) => (
        <PackageCard key={pack.id} pack={pack} selected={pack.id === selected?.id} onSelect={() => onChoose(pack.id)} />
      ))}
    </div>
  );
}

export default function MineWalletScreen() {
  useUserRefresh();
  const returned = useOrderReturn();
  const { info } = useSnapshot(userState);
  const packages = useResource('coin-packages', () => getCoinPackages({ toast: false }));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [payType, setPayType] = useState<PayType>('alipay');
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const deposit = useDeposit();
  const list = packages.data ?? [];
  // Until one is picked, the recommended package (a badge) is.
  const selected = list.find((pack) => pack.id === chosenId) ?? list.find((pack) => pack.badge) ?? list[0];

  return (
    <div className="member-page">
      <DepositReturn
        state={returned}
        paidTitle={t.paidTitle}
        paidText={(order) => t.paidText((order.coin?.coins ?? 0) + (order.coin?.bonusCoins ?? 0), order.user.coins)}
      />
      <Balance />
      {info && (
        // Loaded again once the order of a return from the cashier is known (paid: no longer open).
        <OpenDeposits key={returned.status ?? ''} userId={info.id} onCredited={() => setLedgerVersion((v) => v + 1)} />
      )}
      <section className="member-section" aria-labelledby="coin-packages">
        <h2 className="member-section__title" id="coin-packages">
          {t.packages}
        </h2>
        <Packages packages={packages} selected={selected} onChoose={setChosenId} />
      </section>
      <PayTypePicker value={payType} onChange={setPayType} />
      <CheckoutBar
        amount={selected ? formatYuan(selected.priceFen) : null}
        label={t.submit}
        busy={deposit.busy}
        error={deposit.error}
        onSubmit={() => selected && deposit.start(() => depositCoin(selected.id, payType, { toast: false }))}
      />
      <section className="member-section" aria-labelledby="coin-ledger">
        <h2 className="member-section__title" id="coin-ledger">
          {t.ledger}
        </h2>
        {info && (
          <LedgerList
            key={ledgerVersion}
            cacheKey={`member:${info.id}:coin-ledger`}
            fetchPage={(page, size) => getCoinLedger(page, size, { toast: false })}
            emptyText={t.emptyLedger}
          />
        )}
      </section>
    </div>
  );
}
