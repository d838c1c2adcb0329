/**
 * VIP (/mine/vip): the member's VIP status, the plans as selectable cards (price in 元, the
 * original price struck through, days), the pay type, 立即开通 → /deposit/vip → the sandbox
 * cashier; on the way back (?order=NO) the order is polled until paid, then a success card and the
 * new expiry (src/features/wallet/use-order-return.ts). The benefits below.
 */
import '../styles/member.css';
import '../features/vip/vip.css';
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { VipPlan } from '../../contract/calls/member.ts';
import type { PayType } from '../../contract/enums.ts';
import { depositVip, getVipPlans } from '../features/vip/vip-calls.ts';
import { CheckoutBar } from '../features/wallet/checkout-bar.tsx';
import { DepositReturn } from '../features/wallet/deposit-return.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { IconCrown } from '../components/member-icons.tsx';
import { PayTypePicker } from '../features/wallet/pay-type-picker.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { formatDate } from '../lib/format.ts';
import { formatYuan } from '../lib/money.ts';
import { useDeposit } from '../features/wallet/use-deposit.ts';
import { useOrderReturn } from '../features/wallet/use-order-return.ts';
import { useResource } from '../components/hooks/use-resource.ts';
import { useUserRefresh } from '../features/account/use-user-refresh.ts';
import { isVipActive } from '../features/vip/vip-status.ts';
import { vipMessages } from '../features/vip/vip-messages.ts';
import { userState } from '../stores/user.ts';

const t = vipMessages.vip;

function VipStatus() {
  const { info } = useSnapshot(userState);
  const active = !!info && isVipActive(info);
  return (
    <section className={`vip-status${active ? ' is-active' : ''}`} data-testid="vip-status">
      <IconCrown className="vip-status__icon" />
      <div>
        <h2 className="vip-status__title">{t.statusTitle}</h2>
        <p className="vip-status__text" data-testid="vip-expiry">
          {active && info.vipExpireAt !== null ? t.active(formatDate(info.vipExpireAt)) : t.inactive}
        </p>
      </div>
    </section>
  );
}

function PlanCard({ plan, selected, onSelect }: { plan: VipPlan; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`plan-card${selected ? ' is-active' : ''}`}
      onClick={onSelect}
      data-testid="vip-plan"
    >
      {plan.badge && <span className="plan-card__badge">{plan.badge}</span>}
      <span className="plan-card__name">{plan.name}</span>
      <span className="plan-card__price">
        <small>¥</small>
        {formatYuan(plan.priceFen)}
      </span>
      {plan.originalPriceFen > plan.priceFen && (
        <s className="plan-card__original">¥{formatYuan(plan.originalPriceFen)}</s>
      )}
      <span className="plan-card__days">
        {t.days(plan.days)} · {t.perDay(formatYuan(Math.round(plan.priceFen / plan.days)))}
      </span>
    </button>
  );
}

function PlansSkeleton() {
  return (
    <div className="plan-grid" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="plan-card plan-card--skeleton" />
      ))}
    </div>
  );
}

function Benefits() {
  return (
    <section className="member-section" aria-labelledby="vip-benefits">
      <h2 className="member-section__title" id="vip-benefits">
        {t.benefits}
      </h2>
      <ul className="benefits">
        {t.benefitList.map((benefit) => (
          <li key={benefit.title} className="benefit">
            <IconCrown className="benefit__icon" />
            <span className="benefit__title">{benefit.title}</span>
            <span className="benefit__text">{benefit.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MineVipScreen() {
  useUserRefresh();
  const returned = useOrderReturn();
  const plans = useResource('vip-plans', () => getVipPlans({ toast: false }));
  const [chosen, setChosen] = useState<number | null>(null);
  const [payType, setPayType] = useState<PayType>('alipay');
  const deposit = useDeposit();
  const { info } = useSnapshot(userState);
  const list = plans.data ?? [];
  // Until one is picked, the recommended plan (a badge) is.
  const plan = list.find((item) => item.id === chosen) ?? list.find((item) => item.badge) ?? list[0];
  const renew = !!info && isVipActive(info);

  return (
    <div className="member-page">
      <DepositReturn
        state={returned}
        paidTitle={t.paidTitle}
        paidText={(order) => t.paidText(formatDate(order.user.vipExpireAt ?? Date.now()))}
      />
      <VipStatus />
      <section className="member-section" aria-labelledby="vip-plans">
        <h2 className="member-section__title" id="vip-plans">
          {t.plans}
        </h2>
        {plans.error ? (
          <ErrorState error={plans.error} onRetry={plans.retry} />
        ) : !plans.data ? (
          <PlansSkeleton />
        ) : plans.data.length === 0 ? (
          <p className="empty-state">{t.emptyPlans}</p>
        ) : (
          <div className="plan-grid" role="radiogroup" aria-labelledby="vip-plans">
            {plans.data.map((item) => (
              <PlanCard key={item.id} plan={item} selected={item.id === plan?.id} onSelect={() => setChosen(item.id)} />
            ))}
          </div>
        )}
      </section>
      <PayTypePicker value={payType} onChange={setPayType} />
      <CheckoutBar
        amount={plan ? formatYuan(plan.priceFen) : null}
        label={renew ? t.renew : t.submit}
        busy={deposit.busy}
        error={deposit.error}
        onSubmit={() => plan && deposit.start(() => depositVip(plan.id, payType, { toast: false }))}
        note={t.agreement}
      />
      <Benefits />
    </div>
  );
}
