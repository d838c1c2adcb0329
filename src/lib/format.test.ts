import { describe, expect, it } from 'vitest';
import { formatClock, formatCount, formatDuration, formatRelativeTime, formatTotal } from './format.ts';

describe('formatTotal', () => {
  it('shows a capped total with a plus, from 10,000 as its ten-thousands; any other as formatCount', () => {
    expect(formatTotal(10_000, true)).toBe('1万+');
    expect(formatTotal(25_000, true)).toBe('2万+');
    expect(formatTotal(1_000, true)).toBe('1000+');
    expect(formatTotal(9_999)).toBe('9999');
    expect(formatTotal(12_345)).toBe('1.2w');
    expect(formatTotal(0)).toBe('0');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [9999, '9999'],
    [10000, '1.0w'],
    [12345, '1.2w'],
    [99999, '9.9w'],
    [100000, '10.0w'],
    [123456, '12.3w'],
    [999999, '99.9w'],
    [1000000, '100w'],
    [1234567, '123w'],
    [1999999, '199w'],
    [123456789, '12345w'],
  ])('%d → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('truncates instead of rounding up', () => {
    expect(formatCount(19999)).toBe('1.9w');
    expect(formatCount(10999)).toBe('1.0w');
  });

  it('keeps the sign of negatives and applies the rule by magnitude', () => {
    expect(formatCount(-1)).toBe('-1');
    expect(formatCount(-9999)).toBe('-9999');
    expect(formatCount(-12345)).toBe('-1.2w');
    expect(formatCount(-1234567)).toBe('-123w');
  });

  it('shows non-finite values as 0', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [65, '00:01:05'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [86399, '23:59:59'],
    [360000, '100:00:00'],
    [65.9, '00:01:05'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('clamps negative and invalid input to zero', () => {
    expect(formatDuration(-1)).toBe('00:00:00');
    expect(formatDuration(-3600)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('00:00:00');
  });
});

describe('formatRelativeTime', () => {
  // Local-time dates, so the cases hold in every time zone.
  const now = new Date(2025, 5, 15, 12, 0, 0).getTime(); // 15 June 2025, 12:00
  const at = (month: number, day: number, hour = 12, minute = 0, year = 2025) =>
    new Date(year, month - 1, day, hour, minute).getTime();

  it.each([
    ['the same instant', now, '刚刚'],
    ['59 seconds ago', now - 59_000, '刚刚'],
    ['a time slightly in the future', now + 30_000, '刚刚'],
    ['one minute ago', now - 60_000, '1 分钟前'],
    ['59 minutes ago', at(6, 15, 11, 1), '59 分钟前'],
    ['one hour ago', at(6, 15, 11), '1 小时前'],
    ['23 hours ago, the calendar day before', at(6, 14, 13), '23 小时前'],
    ['24 hours ago', at(6, 14, 12), '昨天'],
    ['early the day before', at(6, 14, 0, 5), '昨天'],
    ['two calendar days ago', at(6, 13, 23, 59), '2 天前'],
    ['six calendar days ago', at(6, 9, 8), '6 天前'],
    ['seven calendar days ago', at(6, 8, 8), '6月8日'],
    ['earlier this year', at(1, 2, 9), '1月2日'],
    ['last year', at(12, 31, 23, 0, 2024), '2024年12月31日'],
  ])('%s', (_, ms, expected) => {
    expect(formatRelativeTime(ms, now)).toBe(expected);
  });

  it('counts calendar days, not 24-hour spans, for "昨天" and "N 天前"', () => {
    const justAfterMidnight = new Date(2025, 5, 15, 0, 30).getTime();
    expect(formatRelativeTime(new Date(2025, 5, 13, 23, 0).getTime(), justAfterMidnight)).toBe('2 天前');
    expect(formatRelativeTime(new Date(2025, 5, 14, 0, 10).getTime(), justAfterMidnight)).toBe('昨天');
  });

  it('answers "" for an invalid time', () => {
    expect(formatRelativeTime(Number.NaN, now)).toBe('');
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [599, '9:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
