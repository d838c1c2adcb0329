/**
 * Text as the search index compares it: Traditional characters folded to Simplified (opencc-js,
 * Taiwan and Hong Kong variants included), full-width forms to ASCII (NFKC), lower case, runs of
 * space as one space. Documents and keywords are folded alike, so 中國機長 finds 中国机长.
 */
import * as OpenCC from 'opencc-js/t2cn';

// One pass over the Taiwan and Hong Kong dictionaries together (a third of chaining two converters).
const toSimplified = OpenCC.ConverterFactory(
  [...OpenCC.Locale.from.tw!, ...OpenCC.Locale.from.hk!],
  ...OpenCC.Locale.to.cn!,
);

/** Longest text folded at once: longer text is cut first (the index keeps a bounded body anyway). */
export const FOLD_MAX = 20_000;

export function foldText(text: string): string {
  const cut = text.length > FOLD_MAX ? text.slice(0, FOLD_MAX) : text;
  return toSimplified(cut.normalize('NFKC')).toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** True when the text has a Han character (worth a pinyin). */
export const hasHan = (text: string): boolean => /\p{Script=Han}/u.test(text);
