/** The dashboard's chart options, built from the answer's daily series (one function per chart). */
import type { DashboardDay } from '../../../contract/admin/dashboard.ts';
import type { ChartOption } from './dashboard-chart.tsx';
import { shortDay } from './dashboard-format.ts';
import { dashboardMessages as text } from './dashboard-messages.ts';

const BLUE = '#2563eb';
const GREEN = '#16a34a';
const ORANGE = '#f59e0b';
const PURPLE = '#7c3aed';
const GREY = '#9ca3af';

const base = (series: readonly DashboardDay[], legend: boolean): ChartOption => ({
  animation: false,
  grid: { left: 48, right: 48, top: legend ? 36 : 16, bottom: 28 },
  tooltip: { trigger: 'axis' },
  legend: legend ? { top: 0, left: 'center' } : { show: false },
  xAxis: { type: 'category', data: series.map((d) => shortDay(d.day)), axisTick: { alignWithLabel: true } },
});

export const activeDevicesOption = (series: readonly DashboardDay[]): ChartOption => ({
  ...base(series, false),
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      name: text.charts.activeDevices,
      type: 'line',
      smooth: true,
      showSymbol: series.length <= 31,
      areaStyle: { opacity: 0.12 },
      itemStyle: { color: BLUE },
      data: series.map((d) => d.activeDevices),
    },
  ],
});

export const newUsersOption = (series: readonly DashboardDay[]): ChartOption => ({
  ...base(series, false),
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { name: text.charts.newUsers, type: 'bar', itemStyle: { color: GREEN }, data: series.map((d) => d.newUsers) },
  ],
});

export const playsOption = (series: readonly DashboardDay[]): ChartOption => ({
  ...base(series, true),
  yAxis: [
    { type: 'value', name: '次', minInterval: 1 },
    { type: 'value', name: '小时', splitLine: { show: false } },
  ],
  series: [
    { name: text.charts.plays, type: 'bar', itemStyle: { color: BLUE }, data: series.map((d) => d.plays) },
    {
      name: text.charts.watchHours,
      type: 'line',
      yAxisIndex: 1,
      smooth: true,
      showSymbol: false,
      itemStyle: { color: ORANGE },
      data: series.map((d) => d.watchHours),
    },
  ],
});

/** Each day's revenue and the refunds of its orders as bars, and the net as a line. */
export const revenueOption = (series: readonly DashboardDay[]): ChartOption => ({
  ...base(series, true),
  yAxis: { type: 'value' },
  series: [
    {
      name: text.charts.revenueBars,
      type: 'bar',
      itemStyle: { color: ORANGE },
      data: series.map((d) => d.revenueYuan),
    },
    { name: text.charts.refundBars, type: 'bar', itemStyle: { color: GREY }, data: series.map((d) => d.refundsYuan) },
    {
      name: text.charts.net,
      type: 'line',
      showSymbol: series.length <= 31,
      itemStyle: { color: GREEN },
      data: series.map((d) => d.netYuan),
    },
  ],
});

export const conversionOption = (series: readonly DashboardDay[]): ChartOption => ({
  ...base(series, true),
  yAxis: [
    { type: 'value', name: '笔', minInterval: 1 },
    { type: 'value', name: '%', max: 100, splitLine: { show: false } },
  ],
  series: [
    {
      name: text.charts.created,
      type: 'bar',
      itemStyle: { color: '#cbd5e1' },
      data: series.map((d) => d.depositsCreated),
    },
    { name: text.charts.paid, type: 'bar', itemStyle: { color: GREEN }, data: series.map((d) => d.depositsPaid) },
    {
      name: text.charts.rate,
      type: 'line',
      yAxisIndex: 1,
      smooth: true,
      connectNulls: true,
      itemStyle: { color: PURPLE },
      data: series.map((d) => (d.conversion === null ? null : Math.round(d.conversion * 1000) / 10)),
    },
  ],
});
