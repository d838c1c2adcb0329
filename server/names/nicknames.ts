/**
 * The check of a nickname a member asks for (/personal/update): the name rules of contract/names.ts,
 * the reserved words, and no look-alike of another member's of the site (its stored skeleton,
 * server/db/nickname-skeletons.ts) or of an operator's username.
 */
import { nameProblem, normaliseName, type NameProblem } from '../../contract/names.ts';
import { NICKNAME_LENGTH } from '../../contract/validate.ts';
import { invalidParams } from '../api-error.ts';
import type { Queryable } from '../db/db.ts';
import { lockSkeleton, skeletonTaken, type CheckedNickname } from '../db/nickname-skeletons.ts';
import { nameSkeleton, reservedWordIn } from './name-skeleton.ts';

const PROBLEM: Record<NameProblem, string> = {
  blank: 'nickname 不能为空白',
  invisible: 'nickname 不能包含控制字符或不可见字符',
  marks: 'nickname 不能包含叠加的组合符号',
};
const SIMILAR = 'nickname 与其他用户的昵称相同或过于相似';

/**
 * The nickname `user` asks for, normalised, or code 2 naming what is wrong: length, blank, invisible
 * characters, piled-up marks, a reserved word, or a look-alike of another member's of the site or of
 * an operator's username (the same message for both: it tells nobody which operators exist). Its own
 * name again is always fine. Run it inside the transaction that stores the name (storeSkeleton).
 */
export async function checkNickname(
  q: Queryable,
  user: { id: number; siteId: number; nickname: string },
  asked: string,
): Promise<CheckedNickname> {
  const nickname = normaliseName(asked);
  if (nickname === user.nickname) return { nickname, skeleton: nameSkeleton(nickname) };
  if (nickname.length < NICKNAME_LENGTH.min) throw invalidParams(`nickname 长度不能少于 ${NICKNAME_LENGTH.min} 个字符`);
  if (nickname.length > NICKNAME_LENGTH.max) throw invalidParams(`nickname 长度不能超过 ${NICKNAME_LENGTH.max} 个字符`);
  const problem = nameProblem(nickname);
  if (problem) throw invalidParams(PROBLEM[problem]);
  const reserved = reservedWordIn(nickname);
  if (reserved) throw invalidParams(`nickname 不能使用保留字「${reserved}」`);
  const skeleton = nameSkeleton(nickname);
  await lockSkeleton(q, user.siteId, skeleton);
  if (await skeletonTaken(q, user.siteId, skeleton, user.id)) throw invalidParams(SIMILAR);
  const operators = await q.query<{ username: string }>('SELECT username FROM operators');
  if (operators.some((operator) => nameSkeleton(operator.username) === skeleton)) throw invalidParams(SIMILAR);
  return { nickname, skeleton };
}
