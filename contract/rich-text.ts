/**
 * The simple formatting of a topic's text, parsed into tokens, never into HTML: blank
 * lines separate paragraphs (post-view.ts toParagraphs), **text** is bold, and http(s) URLs become
 * links. Components render the tokens as React text nodes (src/features/posts/rich-text.tsx), so a "<script>"
 * or an "onerror=" in user text is only ever shown as the characters it is; a link's href is only
 * ever an http(s) URL that the URL parser accepted, so "javascript:" can never become a link.
 */

export type Inline =
  { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };

const BOLD = /\*\*(?=\S)([\s\S]*?\S)\*\*/g;
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'，。！？、；：）》」』]+/gi;
// Characters that end a sentence rather than a URL.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The URL when it is a well-formed http(s) URL, else null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function linkify(text: string, bold: boolean, out: Inline[]): void {
  const push = (piece: string) => piece && out.push({ kind: bold ? 'bold' : 'text', text: piece });
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    push(text.slice(last, match.index));
    out.push({ kind: 'link', text: raw, href });
    last = match.index + raw.length;
  }
  push(text.slice(last));
}

/** One paragraph's inline tokens; text without markup is one text token. */
export function parseInline(paragraph: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(BOLD)) {
    linkify(paragraph.slice(last, match.index), false, out);
    linkify(match[1]!, true, out);
    last = match.index + match[0].length;
  }
  linkify(paragraph.slice(last), false, out);
  return out;
}

/** The text without its markup, whitespace collapsed: summaries and previews. */
export const plainText = (text: string): string => text.replace(BOLD, '$1').replace(/\s+/g, ' ').trim();
