/**
 * A pasted list of sensitive words (敏感词 → 批量添加; POST /admin-api/moderation/words/bulk): one
 * word a line, a line may also hold several split by `,` `，` or `、`. Each word is trimmed; empty
 * ones and repeats within the paste are dropped, the first keeping its line number, so the console
 * counts what it sends and the server names a bad word by the operator's own line.
 */

/** At most this many words a call, in a text of at most `chars` characters. */
export const WORD_PASTE_LIMITS = { words: 500, chars: 40_000 } as const;

export interface PastedWord {
  /** 1-based line of the paste. */
  line: number;
  word: string;
}

const LINE_BREAK = /\r\n|\r|\n/;
const SEPARATOR = /[,，、]/;

export function pastedWords(text: string): PastedWord[] {
  const seen = new Set<string>();
  const words: PastedWord[] = [];
  text.split(LINE_BREAK).forEach((content, index) => {
    for (const part of content.split(SEPARATOR)) {
      const word = part.trim();
      if (word === '' || seen.has(word)) continue;
      seen.add(word);
      words.push({ line: index + 1, word });
    }
  });
  return words;
}

/** POST /admin-api/moderation/words/bulk's answer: the words added and those already listed (skipped). */
export interface WordPasteResult {
  added: string[];
  existing: string[];
}
