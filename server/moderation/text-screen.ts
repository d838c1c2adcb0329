/**
 * The checks every member's text goes through before it is stored (replies, comments, danmaku,
 * reports): the sensitive-word list (sensitive-words.ts) and the same text twice within a minute.
 */
import type TextMatcher from 'modern-ahocorasick/text';
import type { WordAction } from '../../contract/enums.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/db.ts';
import { moderationMessages } from './moderation-messages.ts';
import { sensitiveWords } from './sensitive-words.ts';

/**
 * The text as it may be stored: words of the list whose action is 'mask' replaced by *; throws code 2
 * naming the word, and what the member wrote (`what`), when a word whose action is 'refuse' occurs.
 */
export async function screenText(
  q: Queryable,
  what: keyof typeof moderationMessages.screened,
  text: string,
): Promise<string> {
  const { matcher } = await sensitiveWords(q);
  if (!matcher) return text;
  const hits = matcher.search(text);
  if (hits.length === 0) return text;
  const refused = hits.find((hit) => hit.data === 'refuse');
  if (refused)
    throw new ApiError(
      Code.InvalidParams,
      moderationMessages.refusedWord(moderationMessages.screened[what], refused.pattern),
    );
  return maskWords(matcher, text);
}

/** The text with the list's words starred: one * per character (code point) of a word as written. */
export const maskWords = (matcher: TextMatcher<WordAction>, text: string): string =>
  matcher.replace(text, (_hit, original) => '*'.repeat([...original].length), { strategy: 'leftmost-longest' });

/** What a member writes that the one-minute repeat check covers. */
export type RepeatKind = 'reply' | 'danmaku';

const REPEAT_SQL: Record<RepeatKind, string> = {
  reply: `SELECT 1 AS found FROM replies WHERE author_id = $1 AND body = $2 AND deleted_at IS NULL
    AND created_at > now() - interval '1 minute' LIMIT 1`,
  danmaku: `SELECT 1 AS found FROM danmaku WHERE user_id = $1 AND text = $2
    AND created_at > now() - interval '1 minute' LIMIT 1`,
};

/** Throws code 8 when the user stored the same text (of that kind) within the last minute. Run it inside Db.tx. */
export async function refuseRepeat(q: Queryable, kind: RepeatKind, userId: number, text: string): Promise<void> {
  // One writer of a kind per user at a time, so two identical texts sent at once cannot both pass.
  await q.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) AS locked`, [`repeat:${kind}:${userId}`]);
  if (await q.one(REPEAT_SQL[kind], [userId, text])) {
    throw new ApiError(Code.RateLimited, moderationMessages.repeated);
  }
}
