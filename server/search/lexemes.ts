/**
 * tsvector and tsquery values written as their input text and sent as query params (never spliced
 * into SQL): the lexemes are our own words (letters, marks and digits only, segment.ts), quoted as
 * the input syntax wants anyway. A document's words carry positions and a weight (A title, B tags,
 * C a movie's categories and region, D body); a keyword's words must all match, or (titles of movies, users and tags) its character
 * pairs in the title, and an all-Latin keyword may also be the start of a title's pinyin or
 * initials (a prefix match on weight A).
 */

export type Weight = 'A' | 'B' | 'C' | 'D';

/** PostgreSQL keeps positions up to 16383 and 256 per lexeme. */
const POSITION_MAX = 16_383;
const POSITIONS_PER_WORD = 255;

/** A word as a tsvector or tsquery input quotes it. */
export const quote = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** ts_rank's default weights, as the float4 values PostgreSQL computes with. */
const RANK_WEIGHT: Record<Weight, number> = {
  A: Math.fround(1),
  B: Math.fround(0.4),
  C: Math.fround(0.2),
  D: Math.fround(0.1),
};

/**
 * What `ts_rank(doc, 'word')` answers for a one-word query, from the word's weights in position
 * order: PostgreSQL's calc_rank_or for one operand, in its float4 arithmetic (Math.fround at each
 * step), so a rank kept per word (search_terms) equals the one computed from the tsvector.
 */
export function oneWordRank(weights: readonly Weight[]): number {
  const f = Math.fround;
  let sum = 0;
  let best = -1;
  let bestAt = 0;
  weights.forEach((weight, j) => {
    const w = RANK_WEIGHT[weight];
    sum = f(sum + f(w / ((j + 1) * (j + 1))));
    if (w > best) {
      best = w;
      bestAt = j;
    }
  });
  if (weights.length === 0) return 0;
  return f(f(f(best + sum) - f(best / ((bestAt + 1) * (bestAt + 1)))) / 1.64493406685);
}

/** Collects a document's words in order, each with its positions and weights. */
export class VectorBuilder {
  private readonly words = new Map<string, { positions: string[]; weights: Weight[] }>();
  private position = 0;
  private readonly bare = new Set<string>();

  add(words: readonly string[], weight: Weight): this {
    for (const word of words) {
      if (this.position < POSITION_MAX) this.position += 1;
      const entry = this.words.get(word) ?? { positions: [], weights: [] };
      if (entry.positions.length < POSITIONS_PER_WORD) {
        entry.positions.push(`${this.position}${weight}`);
        entry.weights.push(weight);
      }
      this.words.set(word, entry);
    }
    return this;
  }

  /** Words without a position (so without a weight): the index finds them, no rank counts them. */
  addBare(words: readonly string[]): this {
    for (const word of words) this.bare.add(word);
    return this;
  }

  /** The tsvector's input text ('' for a document without words). */
  text(): string {
    return [
      ...[...this.words].map(([word, { positions }]) => `${quote(word)}:${positions.join(',')}`),
      ...[...this.bare].map(quote),
    ].join(' ');
  }

  /** Each word with its one-word rank (oneWordRank). */
  ranks(): Map<string, number> {
    return new Map([...this.words].map(([word, { weights }]) => [word, oneWordRank(weights)]));
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

/** The forms of a title a keyword may also match besides its words. */
export interface TitleForms {
  /** Every character pair of the keyword in a title (movies, tags, nicknames). */
  pairs: boolean;
  /** A Latin keyword of at least this many letters as the start of a title's spelling; 0: never. */
  spellingFrom: number;
}

/**
 * The tsquery's input text: every word of the keyword; or, as `forms` allows, every character
 * pair of the keyword in a title (hanPairs), or for a Latin keyword the start of a title's
 * spelling (zgj → zgjz, zhongguoji → zhongguojizhang). Null when nothing is left to search.
 */
export function keywordQuery(words: readonly string[], folded: string, forms: TitleForms): string | null {
  const alternatives = [words.map(quote).join(' & ')];
  if (forms.pairs) {
    const pairs = new Set(hanPairs(folded));
    // Pairs holding every word find nothing the words do not (行动 is its own pair).
    if (words.length === 0 || !words.every((word) => pairs.has(word)))
      alternatives.push([...pairs].map((pair) => `${quote(pair)}:A`).join(' & '));
  }
  const spelled = folded.replace(/ /g, '');
  if (forms.spellingFrom > 0 && mayBePinyin(folded) && spelled.length >= forms.spellingFrom)
    alternatives.push(`${quote(spelled)}:*A`);
  const present = alternatives.filter((alternative) => alternative !== '');
  if (present.length === 0) return null;
  return present.length === 1 ? present[0]! : present.map((alternative) => `(${alternative})`).join(' | ');
}
