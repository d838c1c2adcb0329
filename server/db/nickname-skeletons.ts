/**
 * The stored skeletons of members' nicknames (server/names/name-skeleton.ts): each user row keeps
 * its name's skeleton in users.nickname_skeleton, indexed per site, so "does another member of this
 * site look like this" is one index probe at any size. The skeleton is written by its own statement
 * after the nickname's, in the same transaction (storeSkeleton); a change of the nickname clears it
 * (a trigger of migration 029), so a writer that knows nothing of it (the demo seed, a bulk fill, a
 * test) leaves a missing skeleton, never a wrong one. fillNicknameSkeletons computes the missing
 * ones: at the server's start and before each check. Two members asking for look-alike names at
 * once take the same advisory lock (lockSkeleton) and go one by one. The default names the device
 * sign-in gives (guestNickname) are drawn here too.
 */
import { randomInt } from 'node:crypto';
import { nameSkeleton } from '../names/name-skeleton.ts';
import { GUEST_PREFIX } from '../names/reserved-names.ts';
import type { Queryable } from './db.ts';

/** A nickname as stored, with its skeleton. */
export interface CheckedNickname {
  nickname: string;
  skeleton: string;
}

/** Holds off, until the transaction ends, anyone else taking a name of this skeleton on this site. */
export const lockSkeleton = (q: Queryable, siteId: number, skeleton: string) =>
  q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [`nickname:${siteId}:${skeleton}`]);

export const skeletonTaken = async (q: Queryable, siteId: number, skeleton: string, exceptUser: number) =>
  (await q.one(`SELECT 1 AS taken FROM users WHERE site_id = $1 AND nickname_skeleton = $2 AND id <> $3 LIMIT 1`, [
    siteId,
    skeleton,
    exceptUser,
  ])) !== undefined;

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
