/** The text check that lets a JSON payload skip refuseNul's walk must never miss a NUL the walk finds. */
import { describe, expect, it } from 'vitest';
import { jsonWithoutNul, refuseNul } from './parse-input.ts';

const walkFinds = (value: unknown): boolean => {
  try {
    refuseNul(value);
    return false;
  } catch {
    return true;
  }
};

describe('jsonWithoutNul', () => {
  it('is false for every JSON text whose value holds U+0000, in a string or a key, at any depth', () => {
    const values = [
      { a: 'x\u0000' },
      { 'k\u0000': 1 },
      { a: [{ b: ['\u0000'] }] },
      '\u0000',
      ['ok', { deep: { er: 'a\u0000b' } }],
    ];
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(walkFinds(JSON.parse(text))).toBe(true);
      expect(jsonWithoutNul(text)).toBe(false);
    }
  });

  it('is true for text without the escape, and a false alarm only sends the value to the walk', () => {
    expect(jsonWithoutNul('{"page":1,"pageSize":20,"sort":"new"}')).toBe(true);
    const escapedBackslash = JSON.stringify({ a: '\\u0000' });
    expect(jsonWithoutNul(escapedBackslash)).toBe(false);
    expect(walkFinds(JSON.parse(escapedBackslash))).toBe(false);
  });
});
