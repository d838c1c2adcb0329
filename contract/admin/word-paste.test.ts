import { describe, expect, it } from 'vitest';
import { pastedWords } from './word-paste.ts';

describe('pastedWords', () => {
  it('splits on lines, commas and 、, trims, drops empty words and repeats, keeping the first line', () => {
    const text = ' 赌博 \r\n\n刷单，代考、 代考\n,, \t\n赌博,外挂\r色情';
    expect(pastedWords(text)).toEqual([
      { line: 1, word: '赌博' },
      { line: 3, word: '刷单' },
      { line: 3, word: '代考' },
      { line: 5, word: '外挂' },
      { line: 6, word: '色情' },
    ]);
  });

  it('answers nothing for blank text', () => {
    expect(pastedWords(' \n 、\n')).toEqual([]);
  });
});
