/**
 * Where a search answer's `terms` occur in a text (a title, an excerpt, a nickname): the text cut
 * into plain and marked pieces, pure. Every occurrence is marked; Latin letters match whatever
 * their case; where terms overlap, the longest one starting first wins. Text only: the pieces are
 * rendered as React text (highlighted-text.tsx), never as HTML.
 */

export interface TextPiece {
  text: string;
  marked: boolean;
}

/** Terms beyond this many are ignored (an answer never needs more; a long regex costs). */
const MAX_TERMS = 32;
/** The regex syntax characters that must be escaped under the `u` flag. */
const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** The usable terms, longest first: trimmed, non-empty, each once (case-insensitively). */
export function normaliseTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of terms) {
    const term = raw.trim();
    const folded = term.toLowerCase();
    if (term === '' || seen.has(folded)) continue;
    seen.add(folded);
    kept.push(term);
  }
  return kept.sort((a, b) => b.length - a.length).slice(0, MAX_TERMS);
}

const patterns = new Map<string, RegExp | null>();

/** One case-insensitive alternation of the terms, longest first (the first alternative wins). */
function patternOf(terms: readonly string[]): RegExp | null {
  const key = terms.join('\u0000');
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    const kept = normaliseTerms(terms);
    pattern = kept.length === 0 ? null : new RegExp(kept.map((term) => term.replace(SYNTAX, '\\$&')).join('|'), 'giu');
    if (patterns.size > 100) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}

export function highlightPieces(text: string, terms: readonly string[]): TextPiece[] {
  const pattern = patternOf(terms);
  if (!pattern || text === '') return text === '' ? [] : [{ text, marked: false }];
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), marked: false });
    pieces.push({ text: match[0], marked: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
