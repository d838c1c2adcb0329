import { describe, expect, it } from 'vitest';
import { idParam, keyParam } from './route-params.ts';

describe('idParam', () => {
  it.each([
    ['1', 1],
    ['101', 101],
    ['2147483647', 2_147_483_647],
  ])('%s → %d', (value, expected) => {
    expect(idParam(value)).toBe(expected);
  });

  it.each([undefined, '', '0', '-1', '01', '1.5', '1e3', 'abc', ' 1', '2147483648', '99999999999'])(
    '%s → null',
    (value) => {
      expect(idParam(value)).toBeNull();
    },
  );
});

describe('keyParam', () => {
  it('trims, and answers "" when missing', () => {
    expect(keyParam('  动作 ')).toBe('动作');
    expect(keyParam(undefined)).toBe('');
    expect(keyParam('   ')).toBe('');
  });
});
