/**
 * Each site's blocked words as the console edits them (hot_word_blocks, migration 027): a keyword
 * holding one is never shown in the site's hot searches nor suggested from them
 * (server/search/hot-searches.ts). A word is kept as typed and folded as search folds text; it is
 * unique per site by its folded form.
 */
import type { HotWordBlock } from '../../../contract/admin/taxonomy.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db/db.ts';
import { foldText } from '../../search/fold.ts';
import { badField } from '../admin-errors.ts';
import { notFound } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const COLUMNS = `id, site_id AS "siteId", word, (extract(epoch FROM created_at) * 1000)::float8 AS "createdAt"`;

export const listHotWordBlocks = (q: Queryable, siteId: number): Promise<HotWordBlock[]> =>
  q.query<HotWordBlock>(`SELECT ${COLUMNS} FROM hot_word_blocks WHERE site_id = $1 ORDER BY id DESC`, [siteId]);

export async function findHotWordBlock(q: Queryable, id: number): Promise<HotWordBlock> {
  const block = await q.one<HotWordBlock>(`SELECT ${COLUMNS} FROM hot_word_blocks WHERE id = $1`, [id]);
  if (!block) throw notFound(m.hotWordBlockMissing(id));
  return block;
}

export async function addHotWordBlock(q: Queryable, siteId: number, word: string): Promise<HotWordBlock> {
  const folded = foldText(word);
  if (folded === '') throw badField('word', m.blockWordRequired);
  const taken = await q.one<{ word: string }>('SELECT word FROM hot_word_blocks WHERE site_id = $1 AND folded = $2', [
    siteId,
    folded,
  ]);
  if (taken) throw badField('word', m.hotWordBlocked(taken.word));
  try {
    const row = await q.one<HotWordBlock>(
      `INSERT INTO hot_word_blocks (site_id, word, folded) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [siteId, word, folded],
    );
    return row!;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badField('word', m.hotWordBlocked(word));
    throw error;
  }
}

export async function deleteHotWordBlock(q: Queryable, id: number): Promise<HotWordBlock> {
  const block = await q.one<HotWordBlock>(`DELETE FROM hot_word_blocks WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  if (!block) throw notFound(m.hotWordBlockMissing(id));
  return block;
}
