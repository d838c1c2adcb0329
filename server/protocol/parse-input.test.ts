/**
 * The text checks of input (parse-input.ts): what textProblem refuses, and the text check that lets
 * a JSON payload skip refuseBadText's walk, which must never miss what the walk finds.
 */
import { describe, expect, it } from 'vitest';
import { findBadText, jsonWithoutBadText, refuseBadText, textProblem } from './parse-input.ts';

const walkFinds = (value: unknown): boolean => {
  try {
    refuseBadText(value);
    return false;
  } catch {
    return true;
  }
};

describe('textProblem', () => {
  it('refuses U+0000 and lone surrogates anywhere, control characters only in single-line text', () => {
    expect(textProblem('a\u0000b')).toMatch(/空字符/);
    for (const lone of ['\ud800', 'a\udc00', '\udbff\u0041']) expect(textProblem(lone)).toBe('含有无法保存的字符');
    expect(textProblem('😀 中文 \t\n')).toBeNull();
    expect(textProblem('a\u001bb')).toBeNull();
    for (const control of ['a\nb', '\t', '\u0085', '\u007f', '\u001b'])
      expect(textProblem(control, true)).toMatch(/控制字符/);
    expect(textProblem('普通 名称 😀', true)).toBeNull();
  });

  it('names the top-level field of what it finds, keys included; buffers are skipped', () => {
    expect(findBadText({ a: { b: ['x', 'y\u0000'] } })).toEqual({ field: 'a', problem: expect.any(String) });
    expect(findBadText({ ok: 1, ['k\ud800']: 1 })?.field).toBe('k\ud800');
    expect(findBadText('\u0000', 'q')?.field).toBe('q');
    expect(findBadText({ file: { filename: 'a.png', data: Buffer.from([0, 0xd8]) } })).toBeNull();
  });
});

describe('jsonWithoutBadText', () => {
  it('is false for every JSON text whose value holds U+0000 or a lone surrogate, in a string or a key, at any depth', () => {
    const values = [
      { a: 'x\u0000' },
      { 'k\u0000': 1 },
      { a: [{ b: ['\u0000'] }] },
      '\u0000',
      ['ok', { deep: { er: 'a\u0000b' } }],
      { a: 'x\ud800' },
      { 'k\udfff': 1 },
    ];
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(walkFinds(JSON.parse(text))).toBe(true);
      expect(jsonWithoutBadText(text)).toBe(false);
    }
    // A lone surrogate written into the text itself (a wrapper's body string can hold one).
    expect(jsonWithoutBadText('{"a":"\ud800"}')).toBe(false);
  });

  it('is true for text without the escape, and a false alarm only sends the value to the walk', () => {
    expect(jsonWithoutBadText('{"page":1,"pageSize":20,"sort":"new","keyword":"中文 😀"}')).toBe(true);
    const escapedBackslash = JSON.stringify({ a: '\\u0000' });
    expect(jsonWithoutBadText(escapedBackslash)).toBe(false);
    expect(walkFinds(JSON.parse(escapedBackslash))).toBe(false);
  });
});
