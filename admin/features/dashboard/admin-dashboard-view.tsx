/**
 * 数据看板: pick a site and 7/30/90 天 (both in the address, so Back and a shared link keep them); KPI cards (today, the period, the change against the period
 * before), five ECharts charts of the daily series and the top 10 movies and posts of the period.
 * Everything comes from one call (GET /admin-api/dashboard), which reads the server's daily aggregates.
 */
import './dashboard.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  DASHBOARD_PERIODS,
  type DashboardData,
  type DashboardPeriod,
  type DashboardTopItem,
} from '../../../contract/admin/dashboard.ts';
import { adminMessages } from '../../admin-messages.ts';
import { SitePicker } from '../../components/site-picker.tsx';
import { paramInt, paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { fetchDashboard } from './dashboard-calls.ts';
import { loadChunk } from '../../../src/lib/load-chunk.ts';
import type { ChartOption } from './dashboard-chart.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { dashboardMessages as text } from './dashboard-messages.ts';
import {
  activeDevicesOption,
  conversionOption,
  newUsersOption,
  playsOption,
  revenueOption,
} from './dashboard-options.ts';

/** ECharts comes with the charts, after the figures and lists are on screen (not in the page's own code). */
const DashboardChart = lazy(() =>
  loadChunk(() => import('./dashboard-chart.tsx')).then((module) => ({ default: module.DashboardChart })),
);

/** A chart while ECharts loads: its frame and title, the same size, so nothing moves when it draws. */
function ChartSlot({ title, option, testId }: { title: string; option: ChartOption; testId: string }) {
  return (
    <Suspense
      fallback={
        <figure className="dash-chart" aria-busy="true">
          <figcaption className="dash-chart__title">{title}</figcaption>
          <div className="dash-chart__canvas" />
        </figure>
      }
    >
      <DashboardChart title={title} option={option} testId={testId} />
    </Suspense>
  );
}

function TopList({
  title,
  unit,
  items,
  testId,
}: {
  title: string;
  unit: string;
  items: DashboardTopItem[];
  testId: string;
}) {
  return (
    <section className="dash-top" data-testid={testId}>
      <h2 className="dash-top__title">{title}</h2>
      {items.length === 0 ? (
        <p className="dash-status">{text.noTop}</p>
      ) : (
        <table className="dash-top__table">
          <thead>
            <tr>
              <th className="dash-top__rank">{text.rank}</th>
              <th>{text.name}</th>
              <th className="dash-top__count">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id}>
                <td className="dash-top__rank">{index + 1}</td>
                <td className="dash-top__name" title={item.title}>
                  {item.title}
                </td>
                <td className="dash-top__count">{item.count.toLocaleString('zh-CN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface DashboardQuery {
  /** null: the operator's first site (the server's choice). */
  siteId: number | null;
  days: DashboardPeriod;
}

const readQuery = (params: URLSearchParams): DashboardQuery => ({
  siteId: paramInt(params, 'siteId') ?? null,
  days: Number(paramOf(params, 'days', DASHBOARD_PERIODS.map(String)) ?? 7) as DashboardPeriod,
});
const writeQuery = ({ siteId, days }: DashboardQuery) => ({ siteId, days: days === 7 ? null : days });

export default function DashboardView() {
  const [{ siteId, days }, setQuery] = useUrlQuery(readQuery, writeQuery);
  const setSiteId = (site: number) => setQuery({ siteId: site, days });
  const setDays = (period: DashboardPeriod) => setQuery({ siteId, days: period });
  const [data, setData] = useState<DashboardData | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (site: number | null, period: DashboardPeriod) => {
    setBusy(true);
    setError(null);
    try {
      setData(await fetchDashboard(site, period));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(siteId, days);
  }, [siteId, days, load]);

  const series = data?.series;
  const options = useMemo(
    () =>
      series && {
        active: activeDevicesOption(series),
        users: newUsersOption(series),
        plays: playsOption(series),
        revenue: revenueOption(series),
        conversion: conversionOption(series),
      },
    [series],
  );
  const empty = series?.every((d) => d.activeDevices + d.newUsers + d.plays + d.depositsCreated === 0) ?? false;

  return (
    <section className="dash" aria-busy={busy}>
      <header className="dash__head">
        <h1 className="page-title">{text.title}</h1>
        <div className="dash__controls">
          <SitePicker
            label={text.site}
            sites={data?.sites}
            value={data?.siteId}
            onChange={setSiteId}
            name="siteId"
            disabled={!data}
          />
          <div className="dash__periods" role="group" aria-label={text.period}>
            {DASHBOARD_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                className={period === days ? 'button button--primary' : 'button'}
                aria-pressed={period === days}
                onClick={() => setDays(period)}
              >
                {text.periodLabel(period)}
              </button>
            ))}
          </div>
        </div>
      </header>
      {error && (
        <p className="dash-status dash-status--error" role="alert">
          {error}{' '}
          <button type="button" className="button button--small" onClick={() => void load(siteId, days)}>
            {text.retry}
          </button>
        </p>
      )}
      {!data && !error && <p className="dash-status">{text.loading}</p>}
      {data && options && (
        <>
          <p className="dash__range">{text.range(data.from, data.to)}</p>
          <KpiCards data={data} />
          {empty && <p className="dash-status">{text.empty}</p>}
          <div className="dash__charts">
            <ChartSlot title={text.charts.activeDevices} option={options.active} testId="chart-active" />
            <ChartSlot title={text.charts.newUsers} option={options.users} testId="chart-users" />
            <ChartSlot title={text.charts.playsAndWatch} option={options.plays} testId="chart-plays" />
            <ChartSlot title={text.charts.revenue} option={options.revenue} testId="chart-revenue" />
            <ChartSlot title={text.charts.conversion} option={options.conversion} testId="chart-conversion" />
          </div>
          <div className="dash__tops">
            <TopList title={text.topMovies} unit={text.plays} items={data.topMovies} testId="top-movies" />
            <TopList title={text.topPosts} unit={text.views} items={data.topPosts} testId="top-posts" />
          </div>
        </>
      )}
    </section>
  );
}
