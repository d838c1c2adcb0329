/** The dashboard's KPI cards: today's figure, the period's (sum or daily average) and its change. */
import type { DashboardData, DashboardTotals } from '../../../contract/admin/dashboard.ts';
import { changeOf, formatValue, type KpiFormat } from './dashboard-format.ts';
import { dashboardMessages as text } from './dashboard-messages.ts';

interface Kpi {
  key: keyof DashboardTotals & keyof typeof text.kpi;
  format: KpiFormat;
  /** The period figure is a daily average (active devices) rather than a sum. */
  average?: boolean;
}

const KPIS: readonly Kpi[] = [
  { key: 'activeDevices', format: 'integer', average: true },
  { key: 'newUsers', format: 'integer' },
  { key: 'plays', format: 'integer' },
  { key: 'watchHours', format: 'decimal' },
  { key: 'revenueYuan', format: 'money' },
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
      {KPIS.map(({ key, format, average }) => (
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
        </article>
      ))}
    </div>
  );
}
