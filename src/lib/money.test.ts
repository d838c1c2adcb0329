import { describe, expect, it } from 'vitest';
import { discountPercent, formatDelta, formatYuan } from './money.ts';

describe('formatYuan (fen → 元)', () => {
  it.each([
    [2500, '25'],
    [880, '8.80'],
    [19800, '198'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [0, '0'],
    [100, '1'],
    [123456789, '1234567.89'],
    [-150, '-1.50'],
    [-100, '-1'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatYuan(fen)).toBe(text);
  });

  it('rounds a fractional fen and shows nonsense as 0', () => {
    expect(formatYuan(99.6)).toBe('1');
    expect(formatYuan(Number.NaN)).toBe('0');
    expect(formatYuan(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('discountPercent', () => {
  it('is the whole percent saved, 0 without a discount', () => {
    expect(discountPercent(2500, 3000)).toBe(17);
    expect(discountPercent(19800, 36000)).toBe(45);
    expect(discountPercent(800, 800)).toBe(0);
    expect(discountPercent(900, 800)).toBe(0);
  });
});

describe('formatDelta', () => {
  it('signs credits with + and debits with a minus sign', () => {
    expect(formatDelta(60)).toBe('+60');
    expect(formatDelta(-30)).toBe('\u221230');
    expect(formatDelta(0)).toBe('0');
  });
});
