/**
 * What a name shown to others may hold: members' nicknames and operators' usernames (checked by
 * the server, server/names/) and the app's nickname form (its hints). A name is NFKC-normalised first
 * (full-width letters become ASCII, compatibility forms their plain letters), spaces trimmed and
 * each run of them made one.
 *
 * Refused in it, as invisible: control, format, private-use, unassigned and surrogate code points,
 * line and paragraph separators, default-ignorable code points (zero widths, joiners, fillers,
 * variation selectors, tags, U+034F, U+115F/U+1160, U+3164 …), bidi controls, and the characters that
 * look blank though they are none of those (U+2800 BRAILLE PATTERN BLANK, U+1680). Inside an emoji
 * sequence U+FE0F and the zero-width joiner are part of the picture (❤️, 👨‍👩‍👧) and stay. Refused too:
 * a combining mark without a letter or digit under it, and more than MAX_MARKS on one (counted
 * decomposed: ệ is e and two). A name with nothing left once spaces, marks and the invisible
 * characters are taken away is blank.
 */

export type NameProblem = 'blank' | 'invisible' | 'marks';

/** Combining marks allowed on one base (Thai and Vietnamese need two; Zalgo text uses dozens). */
export const MAX_MARKS = 2;

const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u1680\u2800\u3164\uffa0\u115f\u1160]/u;
const MARK = /\p{M}/u;
const BASE = /[\p{L}\p{N}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const SKIN_TONE = /\p{Emoji_Modifier}/u;
const KEYCAP_BASE = /[0-9#*]/;
const VS16 = '\ufe0f';
const ZWJ = '\u200d';
const KEYCAP = '\u20e3';

/** NFKC, spaces trimmed, each run of spaces one space. */
export const normaliseName = (raw: string): string =>
  raw
    .normalize('NFKC')
    .replace(/ {2,}/g, ' ')
    .replace(/^ +| +$/g, '');

/** U+FE0F and the joiner where they belong to an emoji, the keycap mark on its base. */
function emojiPart(chars: readonly string[], i: number): boolean {
  const char = chars[i]!;
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  if (char === VS16) return PICTOGRAPH.test(before) || (KEYCAP_BASE.test(before) && after === KEYCAP);
  if (char === ZWJ)
    return (PICTOGRAPH.test(before) || before === VS16 || SKIN_TONE.test(before)) && PICTOGRAPH.test(after);
  if (char === KEYCAP) return before === VS16 || KEYCAP_BASE.test(before);
  return false;
}

/** What is wrong with a name already normalised (normaliseName), or null. */
export function nameProblem(name: string): NameProblem | null {
  // Decomposed, so a mark composed into its letter (ệ) still counts.
  const chars = Array.from(name.normalize('NFD'));
  let visible = 0;
  let invisible = false;
  let marks = 0;
  let badMarks = false;
  for (const [i, char] of chars.entries()) {
    if (emojiPart(chars, i)) continue;
    if (INVISIBLE.test(char)) {
      invisible = true;
      continue;
    }
    if (MARK.test(char)) {
      marks++;
      const base = chars[i - marks] ?? '';
      if (marks > MAX_MARKS || !BASE.test(base)) badMarks = true;
      continue;
    }
    marks = 0;
    if (char !== ' ') visible++;
  }
  if (visible === 0) return 'blank';
  if (invisible) return 'invisible';
  return badMarks ? 'marks' : null;
}
