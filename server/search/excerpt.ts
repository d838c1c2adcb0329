/**
 * The part of a post's body shown under a hit: from a little before the first matched word to a
 * line's length after it, with … where it was cut. Empty when the title matched, or no word is
 * in the body (a pinyin or tag match).
 */
import { foldText } from './fold.ts';

const BEFORE = 20;
const LENGTH = 90;

export function excerptOf(body: string, titleKey: string, words: readonly string[]): string {
  if (words.length === 0 || words.some((word) => titleKey.includes(word))) return '';
  const chars = [...body];
  // Folding maps character for character but for rare phrases: then the folded text is cut.
  const folded = [...foldText(body)];
  const source = folded.length === chars.length ? chars : folded;
  const text = folded.join('');
  const found = words.map((word) => text.indexOf(word)).filter((at) => at >= 0);
  if (found.length === 0) return '';
  const at = [...text.slice(0, Math.min(...found))].length;
  const start = Math.max(0, at - BEFORE);
  const end = Math.min(source.length, start + LENGTH);
  return `${start > 0 ? '…' : ''}${source.slice(start, end).join('')}${end < source.length ? '…' : ''}`;
}
