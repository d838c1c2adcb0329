/**
 * Words of folded text, by @node-rs/jieba with its default dictionary (loaded once per process):
 * documents in search mode (a long word also gives its shorter words: 中华人民共和国 → 中华, 人民,
 * 共和国 …), keywords in precise mode. A word keeps only letters, marks and digits, split at
 * anything else (Star_Wars → star, wars; 50% → 50); words with none are dropped, so punctuation,
 * quotes, backslashes and the like never reach the index or a query.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

let jieba: Jieba | undefined;
const segmenter = (): Jieba => (jieba ??= Jieba.withDict(dict));

/** A lexeme is cut to this many characters (PostgreSQL refuses lexemes over 2 KB). */
export const WORD_MAX = 60;

/**
 * Words too common to tell documents apart (particles, pronouns, measure words): neither indexed
 * nor searched, so a keyword made only of them finds nothing rather than half the store.
 */
const STOP_WORDS = new Set(
  '的 了 着 过 是 在 和 与 及 或 也 就 都 而 被 把 让 给 对 从 向 于 以 之 其 这 那 吗 呢 吧 啊 呀 哦 嘛 么 个 不 有 我 你 他 她 它 们 很 还 又 再 才 只 但 并 等 the a an of and or to in on is are'.split(
    ' ',
  ),
);

function clean(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    for (const part of word.split(/[^\p{L}\p{M}\p{N}]+/u)) {
      if (part !== '' && /[\p{L}\p{N}]/u.test(part) && !STOP_WORDS.has(part)) {
        out.push([...part].slice(0, WORD_MAX).join(''));
      }
    }
  }
  return out;
}

/** The words of a document's folded text, in order, repeats kept (positions). */
export const documentWords = (folded: string): string[] => clean(segmenter().cutForSearch(folded, true));

/** The words of a folded keyword, without repeats, in order. */
export const keywordWords = (folded: string): string[] => [...new Set(clean(segmenter().cut(folded, true)))];
