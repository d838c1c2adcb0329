/**
 * The dashboard's KPI cards: today's figure, the period's (sum or daily average) and its change.
 * 净收入 adds the period's 收入 and 退款 and a link to the same orders in 订单与退款 (by day of
 * payment), where they sum to the same figures.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { DashboardData, DashboardTotals } from '../../../contract/admin/dashboard.ts';
import { changeOf, formatValue, type KpiFormat } from './dashboard-format.ts';
import { dashboardMessages as text } from './dashboard-messages.ts';

interface Kpi {
  key: keyof DashboardTotals & keyof typeof text.kpi;
  format: KpiFormat;
  /** The period figure is a daily average (active devices) rather than a sum. */
  average?: boolean;
  /** A line under the change. */
  detail?: (data: DashboardData) => ReactNode;
}

function MoneyDetail({ data }: { data: DashboardData }) {
  const query = new URLSearchParams({ dateBy: 'paid', from: data.from, to: data.to, siteId: String(data.siteId) });
  return (
    <p className="kpi__detail" data-testid="kpi-money-detail">
      {text.revenueDetail(formatValue(data.totals.revenueYuan, 'money'), formatValue(data.totals.refundsYuan, 'money'))}
      <br />
      <Link className="kpi__link" href={`~/admin/orders?${query}`}>
        {text.reconcile}
      </Link>
    </p>
  );
}

const KPIS: readonly Kpi[] = [
  { key: 'activeDevices', format: 'integer', average: true },
  { key: 'newUsers', format: 'integer' },
  { key: 'plays', format: 'integer' },
  { key: 'watchHours', format: 'decimal' },
  { key: 'netYuan', format: 'money', detail: (data) => <MoneyDetail data={data} /> },
  { key: 'conversion', format: 'percent' },
];

function Change({ current, previous }: { current: number | null; previous: number | null }) {
  const change = changeOf(current, previous);
  if (change === null) return <span className="kpi__change">{text.noPrevious}</span>;
  const direction = change > 0.0005 ? 'up' : change < -0.0005 ? 'down' : 'flat';
  const label =
    direction === 'flat'
      ? text.noChange
      : `${direction === 'up' ? '▲' : '▼'} ${formatValue(Math.abs(change), 'percent')}`;
  return (
    <span className={`kpi__change kpi__change--${direction}`}>
      {text.versus} {label}
    </span>
  );
}

export function KpiCards({ data }: { data: DashboardData }) {
  return (
    <div className="kpis">
      {KPIS.map(({ key, format, average, detail }) => (
        <article className="kpi" key={key} data-testid={`kpi-${key}`}>
          <h2 className="kpi__label">{text.kpi[key]}</h2>
          <p className="kpi__today">
            <span className="kpi__caption">{text.today}</span>
            <span className="kpi__value" data-testid="kpi-today">
              {formatValue(data.today[key], format)}
            </span>
          </p>
          <p className="kpi__period">
            <span className="kpi__caption">{average ? text.dailyAverage(data.days) : text.periodTotal(data.days)}</span>
            <span className="kpi__period-value" data-testid="kpi-period">
              {formatValue(data.totals[key], format)}
            </span>
          </p>
          <Change current={data.totals[key]} previous={data.previousTotals[key]} />
          {detail?.(data)}
        </article>
      ))}
    </div>
  );
}
