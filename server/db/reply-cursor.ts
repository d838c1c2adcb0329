/**
 * The keyset cursor of /reply/getPage: where the next page starts in one sort, as a short opaque
 * string ("o12": oldest after floor 12, "n40": newest before floor 40, "h5.12": hottest after the
 * reply of 5 likes on floor 12). A cursor of another sort, or anything else, is refused with code 2.
 */
import type { ReplySort } from '../../contract/enums.ts';
import { invalidParams } from '../api-error.ts';

export interface ReplyCursor {
  floor: number;
  /** The hottest sort's likes of the last reply shown. */
  likes: number;
}

const PREFIX: Record<ReplySort, string> = { oldest: 'o', newest: 'n', hottest: 'h' };
const NUMBER = '(0|[1-9][0-9]{0,9})';
const PATTERN: Record<ReplySort, RegExp> = {
  oldest: new RegExp(`^o${NUMBER}$`),
  newest: new RegExp(`^n${NUMBER}$`),
  hottest: new RegExp(`^h${NUMBER}\\.${NUMBER}$`),
};
const INT_MAX = 2_147_483_647;

export const encodeCursor = (sort: ReplySort, at: ReplyCursor): string =>
  sort === 'hottest' ? `h${at.likes}.${at.floor}` : `${PREFIX[sort]}${at.floor}`;

/** The cursor of a page that starts at `floor` in the oldest sort. */
export const oldestFrom = (floor: number): string => encodeCursor('oldest', { floor: floor - 1, likes: 0 });

export function decodeCursor(sort: ReplySort, text: string): ReplyCursor {
  const match = PATTERN[sort].exec(text);
  const numbers = match?.slice(1).map(Number) ?? [];
  if (!match || numbers.some((n) => n > INT_MAX)) throw invalidParams(`cursor 无效：${text.slice(0, 64)}`);
  return sort === 'hottest' ? { likes: numbers[0]!, floor: numbers[1]! } : { floor: numbers[0]!, likes: 0 };
}
