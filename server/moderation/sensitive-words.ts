/**
 * The sensitive-word list (table sensitive_words) as one Aho-Corasick automaton per process
 * (modern-ahocorasick's TextMatcher): built once, then reused. Matching folds case and NFKC width
 * variants (ＢＡＤ and Bad both match "bad"), with hits mapped back to the original text.
 *
 * Freshness: at most every WORDS_CHECK_MS the list's signature (a hash of its rows, one small
 * query) is compared with the one the automaton was built from, and the automaton rebuilt when it
 * changed; `invalidateWords()` drops it at once (tests and the console call it after editing).
 */
import TextMatcher from 'modern-ahocorasick/text';
import type { WordAction } from '../../contract/enums.ts';
import type { Queryable } from '../db/db.ts';

/** How long a built list is trusted before its signature is checked again. */
export const WORDS_CHECK_MS = 3_000;

export interface WordList {
  /** Null when the list is empty (nothing to match). */
  matcher: TextMatcher<WordAction> | null;
  signature: string;
}

interface Cached {
  list: WordList;
  checkedAt: number;
}

let cached: Cached | null = null;

/** Forgets the built list: the next screen reads the table again. */
export function invalidateWords(): void {
  cached = null;
}

/** The list's signature: its size and a hash of its rows. */
const SIGNATURE = `SELECT count(*)::text || ':' || coalesce(md5(string_agg(word || chr(1) || action, chr(2) ORDER BY word)), '')
  FROM sensitive_words`;

const OPTIONS = { normalization: 'NFKC', caseFold: true } as const;

/** The automaton of the rows; a word the matcher cannot take (empty once folded) is left out. */
function buildMatcher(rows: readonly { word: string; action: WordAction }[]): TextMatcher<WordAction> | null {
  const patterns = rows.filter((row) => row.word.trim() !== '').map((row) => ({ pattern: row.word, data: row.action }));
  if (patterns.length === 0) return null;
  try {
    return new TextMatcher(patterns, OPTIONS);
  } catch {
    const usable = patterns.filter((pattern) => {
      try {
        new TextMatcher([pattern], OPTIONS);
        return true;
      } catch {
        return false;
      }
    });
    return usable.length === 0 ? null : new TextMatcher(usable, OPTIONS);
  }
}

/** The rows and their signature, read by one statement (one snapshot). */
async function load(q: Queryable, emptySignature: string): Promise<WordList> {
  const rows = await q.query<{ word: string; action: WordAction; signature: string }>(
    `SELECT word, action, (${SIGNATURE}) AS signature FROM sensitive_words`,
  );
  return { matcher: buildMatcher(rows), signature: rows[0]?.signature ?? emptySignature };
}

/** The list as an automaton, rebuilt only when the table changed since it was built. */
export async function sensitiveWords(q: Queryable, now: number = Date.now()): Promise<WordList> {
  if (cached && now - cached.checkedAt < WORDS_CHECK_MS) return cached.list;
  const row = await q.one<{ signature: string }>(`SELECT (${SIGNATURE}) AS signature`);
  const signature = row?.signature ?? '';
  if (cached && cached.list.signature === signature) {
    cached = { list: cached.list, checkedAt: now };
    return cached.list;
  }
  const list = await load(q, signature);
  cached = { list, checkedAt: now };
  return list;
}
