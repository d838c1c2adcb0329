/** Numbers of the dashboard as shown: thousands separators, 元 with two decimals, percentages, changes. */
const integer = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export type KpiFormat = 'integer' | 'decimal' | 'money' | 'percent';

export function formatValue(value: number | null, format: KpiFormat): string {
  if (value === null) return '—';
  switch (format) {
    case 'integer':
      return integer.format(value);
    case 'decimal':
      return decimal.format(value);
    case 'money':
      return `¥${money.format(value)}`;
    case 'percent':
      return `${decimal.format(value * 100)}%`;
  }
}

/** The relative change from `previous` to `current` (null when there is nothing to compare with). */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** 'MM-DD' for the charts' axis. */
export const shortDay = (day: string): string => day.slice(5);
