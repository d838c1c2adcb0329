/**
 * When two names look alike: the confusable skeleton of Unicode TR39 (NFD, each character mapped by
 * the confusables table of `unhomoglyph`, NFD again) of the name normalised as contract/names.ts
 * says, with case folded before and after the mapping and spaces and default-ignorable characters
 * left out. аdmin (Cyrillic а), ａｄｍｉｎ, ADMIN, adrnin and admin share one skeleton. Members'
 * nicknames keep theirs in users.nickname_skeleton (server/db/nickname-skeletons.ts); operators' usernames
 * are compared by theirs (server/admin/operators.ts). Also here: the reserved words in a name.
 */
import unhomoglyph from 'unhomoglyph';
import { normaliseName } from '../../contract/names.ts';
import { GUEST_PREFIX, RESERVED_INSIDE, RESERVED_WHOLE } from './reserved-names.ts';

/** Full case folding as far as JavaScript has it: ß and SS, ς and σ fold alike. */
const fold = (text: string): string => text.toUpperCase().toLowerCase();
const LEFT_OUT = /[\s\p{Default_Ignorable_Code_Point}]/gu;

export function nameSkeleton(name: string): string {
  const plain = fold(normaliseName(name).replace(LEFT_OUT, ''));
  return fold(unhomoglyph(plain.normalize('NFD')).normalize('NFD'));
}

/** The skeleton's letters and digits only: 官.方 and 官方, ádmin and admin meet. */
const lettersOf = (name: string): string => nameSkeleton(name).replace(/[^\p{L}\p{N}]/gu, '');

const INSIDE = RESERVED_INSIDE.map((word) => [word, lettersOf(word)] as const);
const WHOLE = RESERVED_WHOLE.map((word) => [word, lettersOf(word)] as const);
const LATIN_WORDS = WHOLE.filter(([word]) => /^[a-z]+$/.test(word));
const GUEST_NAME = new RegExp(`^${GUEST_PREFIX}\\p{Nd}+$`, 'u');
/** Where a name splits into words: anything but letters and marks, and each run of Han characters. */
const WORD_BREAK = /[^\p{L}\p{M}]+|\p{Script=Han}+/u;

/** The reserved word (reserved-names.ts) a name uses, or undefined. */
export function reservedWordIn(name: string): string | undefined {
  const normal = normaliseName(name);
  if (GUEST_NAME.test(normal.replace(/[^\p{L}\p{N}]/gu, ''))) return GUEST_PREFIX;
  const letters = lettersOf(normal);
  const match =
    INSIDE.find(([, key]) => letters.includes(key)) ??
    WHOLE.find(([, key]) => letters === key) ??
    LATIN_WORDS.find(([, key]) =>
      normal
        .split(WORD_BREAK)
        .filter(Boolean)
        .some((word) => lettersOf(word) === key),
    );
  return match?.[0];
}
