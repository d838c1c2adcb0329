/**
 * Pinyin of titles and nicknames (pinyin-pro, one call per title): the full spelling without tones
 * or spaces and the initials, Han characters by their reading in context, Latin letters and digits
 * as they are (中国机长 → zhongguojizhang, zgjz; X战警2 → xzhanjing2, xzj2), and the spelling of each
 * of the title's words with a Han character (机长 → jizhang). Text without a Han character has no
 * spelling (its words are searched as they are).
 */
import { pinyin } from 'pinyin-pro';
import { hasHan } from './fold.ts';

export interface Spelling {
  full: string;
  initials: string;
  /** The spellings of the given words that have a Han character. */
  words: string[];
}

/** The longest spelling kept (a lexeme and a prefix key). */
const SPELLING_MAX = 60;
/** No spelling: text without a Han character. */
export const NONE: Spelling = { full: '', initials: '', words: [] };
/**
 * pinyin-pro's TokenizationAlgorithm.ReverseMaxMatch (a const enum its types cannot share): the
 * same readings of titles as its default here, at a third of the time, which counts at a million
 * documents.
 */
const REVERSE_MAX_MATCH = 1 as never;

export function spell(folded: string, words: readonly string[] = []): Spelling {
  if (!hasHan(folded)) return NONE;
  const chars = [...folded];
  // One entry per character (code point): a Han character's syllable, anything else itself.
  const syllables = pinyin(folded, { toneType: 'none', type: 'array', v: true, segmentit: REVERSE_MAX_MATCH });
  const letters = chars.map((char, i) =>
    hasHan(char) ? (syllables[i] ?? '').toLowerCase().replace(/[^a-z]/g, '') : /^[a-z0-9]$/.test(char) ? char : '',
  );
  const initials = chars.map((char, i) => (hasHan(char) ? letters[i]!.charAt(0) : letters[i]!)).join('');
  const wordSpellings: string[] = [];
  for (const word of words) {
    if (!hasHan(word)) continue;
    const at = folded.indexOf(word);
    if (at < 0) continue;
    const start = [...folded.slice(0, at)].length;
    wordSpellings.push(letters.slice(start, start + [...word].length).join(''));
  }
  return {
    full: letters.join('').slice(0, SPELLING_MAX),
    initials: initials.slice(0, SPELLING_MAX),
    words: wordSpellings.filter((spelling) => spelling !== ''),
  };
}
