import { describe, expect, it } from 'vitest';
import { highlightPieces, normaliseTerms } from './highlight.ts';

/** The pieces written as text with the marked ones in [brackets]. */
const marked = (text: string, terms: string[]) =>
  highlightPieces(text, terms)
    .map((piece) => (piece.marked ? `[${piece.text}]` : piece.text))
    .join('');

describe('highlightPieces', () => {
  it('marks every occurrence of every term', () => {
    expect(marked('中国机长：机长的故事', ['机长'])).toBe('中国[机长]：[机长]的故事');
    expect(marked('中国机长在中国', ['中国', '机长'])).toBe('[中国][机长]在[中国]');
  });

  it('matches Latin letters whatever their case and keeps the text as written', () => {
    expect(marked('iPhone 与 IPHONE 评测', ['iphone'])).toBe('[iPhone] 与 [IPHONE] 评测');
    expect(marked('Ünïcode ünïcode', ['ÜNÏCODE'])).toBe('[Ünïcode] [ünïcode]');
  });

  it('prefers the longest term where terms overlap', () => {
    expect(marked('中国机长', ['中国', '中国机长', '机长'])).toBe('[中国机长]');
    expect(marked('流浪地球2', ['地球', '流浪地球'])).toBe('[流浪地球]2');
  });

  it('treats regex syntax in terms as plain text', () => {
    expect(marked('50% off (a+b) [x] a.b \\ c$', ['50%', '(a+b)', '[x]', 'a.b', '\\', '$'])).toBe(
      '[50%] off [(a+b)] [[x]] [a.b] [\\] c[$]',
    );
    expect(marked('axb', ['a.b'])).toBe('axb');
  });

  it('never marks a tag: text stays text', () => {
    const pieces = highlightPieces('<b>粗体</b>', ['<b>']);
    expect(pieces).toEqual([
      { text: '<b>', marked: true },
      { text: '粗体</b>', marked: false },
    ]);
  });

  it('leaves the text whole without usable terms, and gives nothing for an empty text', () => {
    expect(highlightPieces('中国机长', [])).toEqual([{ text: '中国机长', marked: false }]);
    expect(highlightPieces('中国机长', ['', '  '])).toEqual([{ text: '中国机长', marked: false }]);
    expect(highlightPieces('', ['机长'])).toEqual([]);
    expect(marked('中国机长', ['飞行'])).toBe('中国机长');
  });

  it('keeps emoji and astral characters whole', () => {
    expect(marked('🎬电影🎬', ['电影'])).toBe('🎬[电影]🎬');
    expect(marked('𠀀字𠀀', ['𠀀'])).toBe('[𠀀]字[𠀀]');
  });
});

describe('normaliseTerms', () => {
  it('trims, drops empty and repeated terms (case-insensitively) and sorts longest first', () => {
    expect(normaliseTerms([' 机长 ', '中国机长', '', 'ABC', 'abc', '机长'])).toEqual(['中国机长', 'ABC', '机长']);
  });
});
