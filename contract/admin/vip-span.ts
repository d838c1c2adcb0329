/**
 * A length of VIP time in words, as the refund's message and the console's VIP history write it:
 * days with one decimal from a day up, else whole hours, else whole minutes, else 不足 1 分钟 (a
 * few minutes of use never reads as "0 天").
 */
const DAY_S = 86_400;

export function vipSpan(seconds: number): string {
  const s = Math.abs(seconds);
  if (s >= DAY_S) {
    const value = Math.round((s / DAY_S) * 10) / 10;
    return `${Number.isInteger(value) ? value : value.toFixed(1)} 天`;
  }
  if (s >= 3600) return `${Math.floor(s / 3600)} 小时`;
  if (s >= 60) return `${Math.floor(s / 60)} 分钟`;
  return '不足 1 分钟';
}
