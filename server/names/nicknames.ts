/**
 * Members' nicknames: the check of a name a member asks for (/personal/update), the default names
 * the device sign-in gives, and the stored skeletons they are compared by.
 *
 * Each user row keeps its name's skeleton (name-skeleton.ts) in users.nickname_skeleton, indexed per
 * site, so "does another member of this site look like this" is one index probe at any size. The
 * skeleton is written by its own statement after the nickname's, in the same transaction
 * (storeSkeleton); a change of the nickname clears it (a trigger of migration 029), so a writer that
 * knows nothing of it (the demo seed, a bulk fill, a test) leaves a missing skeleton, never a wrong
 * one. fillNicknameSkeletons computes the missing ones: at the server's start and before each check.
 * Two members asking for look-alike names at once take the same advisory lock and go one by one.
 */
import { randomInt } from 'node:crypto';
import { nameProblem, normaliseName, type NameProblem } from '../../contract/names.ts';
import { NICKNAME_LENGTH } from '../../contract/validate.ts';
import { invalidParams } from '../api-error.ts';
import type { Queryable } from '../db/db.ts';
import { nameSkeleton, reservedWordIn } from './name-skeleton.ts';
import { GUEST_PREFIX } from './reserved-names.ts';

export interface CheckedNickname {
  nickname: string;
  skeleton: string;
}

const PROBLEM: Record<NameProblem, string> = {
  blank: 'nickname 不能为空白',
  invisible: 'nickname 不能包含控制字符或不可见字符',
  marks: 'nickname 不能包含叠加的组合符号',
};
const SIMILAR = 'nickname 与其他用户的昵称相同或过于相似';

/** Holds off, until the transaction ends, anyone else taking a name of this skeleton on this site. */
const lockSkeleton = (q: Queryable, siteId: number, skeleton: string) =>
  q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [`nickname:${siteId}:${skeleton}`]);

const skeletonTaken = async (q: Queryable, siteId: number, skeleton: string, exceptUser: number) =>
  (await q.one(`SELECT 1 AS taken FROM users WHERE site_id = $1 AND nickname_skeleton = $2 AND id <> $3 LIMIT 1`, [
    siteId,
    skeleton,
    exceptUser,
  ])) !== undefined;

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

/** Stores the skeleton of the name just written to the user's row (see the header). */
export async function storeSkeleton(q: Queryable, userId: number, skeleton: string): Promise<void> {
  await q.query('UPDATE users SET nickname_skeleton = $2 WHERE id = $1', [userId, skeleton]);
}

/** Eight digits: 90 million names, drawn until one is free. */
const drawDigits = (): number => randomInt(10_000_000, 100_000_000);

/**
 * A default name (游客 and eight digits) no user of the site has, its skeleton locked until the
 * transaction ends. Members cannot take names of this form (reserved-names.ts), so it stays unique.
 */
export async function guestNickname(q: Queryable, siteId: number, draw = drawDigits): Promise<CheckedNickname> {
  for (;;) {
    const nickname = `${GUEST_PREFIX}${draw()}`;
    const skeleton = nameSkeleton(nickname);
    await lockSkeleton(q, siteId, skeleton);
    if (!(await skeletonTaken(q, siteId, skeleton, 0))) return { nickname, skeleton };
  }
}

const FILL_BATCH = 1000;

/**
 * Computes the skeletons users lack (of one site, or of all), in batches: after the migration that
 * added them, and for rows written since by writers that do not keep them. A row whose name changed
 * meanwhile keeps its gap for the next run.
 */
export async function fillNicknameSkeletons(q: Queryable, siteId?: number): Promise<number> {
  let after = { siteId: siteId ?? 0, id: 0 };
  let filled = 0;
  for (;;) {
    const rows = await q.query<{ id: number; siteId: number; nickname: string }>(
      `SELECT id, site_id AS "siteId", nickname FROM users
        WHERE nickname_skeleton IS NULL AND (site_id, id) > ($1, $2) AND ($3::int IS NULL OR site_id = $3)
        ORDER BY site_id, id LIMIT ${FILL_BATCH}`,
      [after.siteId, after.id, siteId ?? null],
    );
    if (rows.length === 0) return filled;
    const updated = await q.query(
      `UPDATE users u SET nickname_skeleton = v.skeleton
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v (id, nickname, skeleton)
        WHERE u.id = v.id AND u.nickname = v.nickname AND u.nickname_skeleton IS NULL RETURNING u.id`,
      [rows.map((row) => row.id), rows.map((row) => row.nickname), rows.map((row) => nameSkeleton(row.nickname))],
    );
    filled += updated.length;
    const last = rows.at(-1)!;
    after = { siteId: last.siteId, id: last.id };
  }
}
