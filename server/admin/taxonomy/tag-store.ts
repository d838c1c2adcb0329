/**
 * Tags as the console edits them. A tag's route key is its name (/tag/{key}), so a rename changes
 * both; names are unique whatever the case (tags_name_lower). Hot tags carry hot_rank 1..n with no
 * gaps (a new hot tag goes last). A tag is deleted only when nothing uses it, or merged: its movie
 * and post links move to the other tag (an item that had both keeps one link), then it is deleted;
 * counts are counted from the links, and use_count is set to match.
 */
import type { AdminTag, TagPage } from '../../../contract/admin/taxonomy.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db/db.ts';
import { indexTagged, indexTags } from '../../search/index-writes.ts';
import { badField } from '../admin-errors.ts';
import { notFound } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

export const TAG_PAGE_SIZE = 50;

const COLUMNS = `t.id, t.key, t.name, t.hot_rank IS NOT NULL AS hot, t.hot_rank AS "hotRank",
  (SELECT count(*) FROM movie_tags mt WHERE mt.tag_id = t.id)::int AS "movieCount",
  (SELECT count(*) FROM post_tags pt WHERE pt.tag_id = t.id)::int AS "postCount"`;

/** `%` and `_` of a search match literally. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTags(
  q: Queryable,
  query: { q?: string | undefined; hot?: boolean | undefined; page: number },
): Promise<TagPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(likePattern(query.q));
    where.push(`t.name ILIKE $${params.length}`);
  }
  if (query.hot !== undefined) where.push(query.hot ? 't.hot_rank IS NOT NULL' : 't.hot_rank IS NULL');
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM tags t ${filter}`, params))!.n;
  const list = await q.query<AdminTag>(
    `SELECT * FROM (SELECT ${COLUMNS} FROM tags t ${filter}) x
      ORDER BY ${query.hot ? '"hotRank",' : ''} "movieCount" + "postCount" DESC, id
      LIMIT ${TAG_PAGE_SIZE} OFFSET ${(query.page - 1) * TAG_PAGE_SIZE}`,
    params,
  );
  return { list, total, page: query.page, pageSize: TAG_PAGE_SIZE };
}

export async function findTag(q: Queryable, id: number, lock = false): Promise<AdminTag> {
  if (lock) await q.query('SELECT id FROM tags WHERE id = $1 FOR UPDATE', [id]);
  const tag = await q.one<AdminTag>(`SELECT ${COLUMNS} FROM tags t WHERE t.id = $1`, [id]);
  if (!tag) throw notFound(m.tagMissing(id));
  return tag;
}

async function assertFreeName(q: Queryable, name: string, except: number | null): Promise<void> {
  const taken = await q.one<{ id: number }>(
    'SELECT id FROM tags WHERE (lower(name) = lower($1) OR key = $1) AND id IS DISTINCT FROM $2',
    [name, except],
  );
  if (taken) throw badField('name', m.tagTaken(name));
}

/** Runs a write that may hit the unique name index of a concurrent twin: a 400, not a 500. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badField('name', m.tagTaken(name));
    throw error;
  }
}

/** Hot ranks 1..n in their current order. */
async function compactHotRanks(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE tags t SET hot_rank = r.n FROM
       (SELECT id, row_number() OVER (ORDER BY hot_rank, id) AS n FROM tags WHERE hot_rank IS NOT NULL) r
      WHERE t.id = r.id AND t.hot_rank <> r.n`,
  );
}

async function setHot(q: Queryable, id: number, hot: boolean): Promise<void> {
  await q.query(
    hot
      ? `UPDATE tags SET hot_rank = (SELECT COALESCE(max(hot_rank), 0) + 1 FROM tags) WHERE id = $1 AND hot_rank IS NULL`
      : 'UPDATE tags SET hot_rank = NULL WHERE id = $1',
    [id],
  );
  await compactHotRanks(q);
}

export async function createTag(q: Queryable, name: string, hot: boolean): Promise<AdminTag> {
  await assertFreeName(q, name, null);
  const row = await uniqueName(name, () =>
    q.one<{ id: number }>(`INSERT INTO tags (id, key, name) VALUES (nextval('tag_ids'), $1, $1) RETURNING id`, [name]),
  );
  if (hot) await setHot(q, row!.id, true);
  await indexTags(q, [row!.id]);
  return findTag(q, row!.id);
}

export async function changeTag(
  q: Queryable,
  id: number,
  change: { name?: string | undefined; hot?: boolean | undefined },
): Promise<{ before: AdminTag; after: AdminTag }> {
  const before = await findTag(q, id, true);
  if (change.name !== undefined && change.name !== before.name) {
    const name = change.name;
    await assertFreeName(q, name, id);
    await uniqueName(name, () => q.query('UPDATE tags SET name = $2, key = $2 WHERE id = $1', [id, name]));
  }
  if (change.hot !== undefined && change.hot !== before.hot) await setHot(q, id, change.hot);
  // A new name is in the documents of what carries the tag; hotness only in the tag's own.
  if (change.name !== undefined && change.name !== before.name) await indexTagged(q, [id]);
  else await indexTags(q, [id]);
  return { before, after: await findTag(q, id) };
}

export async function deleteTag(q: Queryable, id: number): Promise<AdminTag> {
  const tag = await findTag(q, id, true);
  const uses = tag.movieCount + tag.postCount;
  if (uses > 0) throw badField('id', m.tagUsed(tag.name, uses));
  await q.query('DELETE FROM tags WHERE id = $1', [id]);
  if (tag.hot) await compactHotRanks(q);
  await indexTags(q, [id]);
  return tag;
}

export async function mergeTag(
  q: Queryable,
  id: number,
  intoId: number,
): Promise<{ source: AdminTag; before: AdminTag; after: AdminTag }> {
  if (id === intoId) throw badField('intoId', m.mergeIntoItself);
  // Locked in id order, so two merges of the same pair cannot deadlock.
  for (const each of [id, intoId].sort((a, b) => a - b)) await findTag(q, each, true);
  const source = await findTag(q, id);
  const before = await findTag(q, intoId);
  for (const [table, column] of [
    ['movie_tags', 'movie_id'],
    ['post_tags', 'post_id'],
  ] as const) {
    await q.query(
      `INSERT INTO ${table} (${column}, tag_id) SELECT ${column}, $2 FROM ${table} WHERE tag_id = $1
       ON CONFLICT DO NOTHING`,
      [id, intoId],
    );
    await q.query(`DELETE FROM ${table} WHERE tag_id = $1`, [id]);
  }
  await q.query('DELETE FROM tags WHERE id = $1', [id]);
  if (source.hot) await compactHotRanks(q);
  await q.query(
    `UPDATE tags t SET use_count = (SELECT count(*) FROM movie_tags WHERE tag_id = t.id)
                                 + (SELECT count(*) FROM post_tags WHERE tag_id = t.id) WHERE t.id = $1`,
    [intoId],
  );
  await indexTags(q, [id]);
  await indexTagged(q, [intoId]);
  return { source, before, after: await findTag(q, intoId) };
}

/** What an audit row keeps of a tag. */
export const tagBrief = (tag: AdminTag) => ({
  name: tag.name,
  hot: tag.hot,
  movieCount: tag.movieCount,
  postCount: tag.postCount,
});
