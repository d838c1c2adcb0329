/**
 * tsvector and tsquery values written as their input text and sent as query params (never spliced
 * into SQL): the lexemes are our own words (letters, marks and digits only, segment.ts), quoted as
 * the input syntax wants anyway. A document's words carry positions and a weight (A title, B tags,
 * D body); a keyword's words must all match, or (titles of movies, users and tags) its character
 * pairs in the title, and an all-Latin keyword may also be the start of a title's pinyin or
 * initials (a prefix match on weight A).
 */

export type Weight = 'A' | 'B' | 'C' | 'D';

/** PostgreSQL keeps positions up to 16383 and 256 per lexeme. */
const POSITION_MAX = 16_383;
const POSITIONS_PER_WORD = 255;

const quote = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Collects a document's words in order, each with its positions and weights. */
export class VectorBuilder {
  private readonly words = new Map<string, string[]>();
  private position = 0;

  add(words: readonly string[], weight: Weight): this {
    for (const word of words) {
      if (this.position < POSITION_MAX) this.position += 1;
      const positions = this.words.get(word) ?? [];
      if (positions.length < POSITIONS_PER_WORD) positions.push(`${this.position}${weight}`);
      this.words.set(word, positions);
    }
    return this;
  }

  /** The tsvector's input text ('' for a document without words). */
  text(): string {
    return [...this.words].map(([word, positions]) => `${quote(word)}:${positions.join(',')}`).join(' ');
  }
}

/** The runs of two or more Han characters in a folded text (周北 and 驾到 in "周北 驾到!"). */
export const hanRuns = (folded: string): string[] => folded.match(/\p{Script=Han}{2,}/gu) ?? [];

/**
 * The character pairs of a folded title's runs of Han characters (周北辰 → 周北, 北辰): a title is
 * also found by any two or more of its characters in a row, as a user types part of a name that
 * the segmenter keeps whole or cuts elsewhere (周北 in 周北辰驾到, 致最 in 致最好的我们).
 */
export function hanPairs(folded: string): string[] {
  const pairs: string[] = [];
  for (const run of hanRuns(folded)) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i]! + chars[i + 1]!);
  }
  return pairs;
}

/** True when the folded keyword may be pinyin: Latin letters only, spaces allowed. */
export const mayBePinyin = (folded: string): boolean => /^[a-z]+( [a-z]+)*$/.test(folded);

/**
 * The tsquery's input text: every word of the keyword; with `titleForms`, or every character pair
 * of the keyword in a title (hanPairs), or for a Latin keyword the start of a title's spelling
 * (zgj → zgjz, zhongguoji → zhongguojizhang). Null when nothing is left to search.
 */
export function keywordQuery(words: readonly string[], folded: string, titleForms: boolean): string | null {
  const alternatives = [words.map(quote).join(' & ')];
  if (titleForms) {
    alternatives.push([...new Set(hanPairs(folded))].map((pair) => `${quote(pair)}:A`).join(' & '));
    if (mayBePinyin(folded)) alternatives.push(`${quote(folded.replace(/ /g, ''))}:*A`);
  }
  const present = alternatives.filter((alternative) => alternative !== '');
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : present.map((alternative) => `(${alternative})`).join(' | ');
}
