/**
 * Each site's hot search words as the console edits them. A word belongs to one site and is unique
 * there whatever the case; the order is pinned words first, then the others, each group in its
 * sort order (a position counts within the word's own group; pinning or unpinning puts the word
 * last of its new group).
 */
import type { HotWord } from '../../../contract/admin/taxonomy.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db/db.ts';
import { badField } from '../admin-errors.ts';
import { notFound, placeAt, writeOrder } from './taxonomy-common.ts';
import { taxonomyMessages as m } from './taxonomy-messages.ts';

const COLUMNS = 'id, site_id AS "siteId", word, pinned';

export async function assertSiteExists(q: Queryable, siteId: number): Promise<void> {
  if (!(await q.one('SELECT 1 FROM sites WHERE id = $1', [siteId]))) throw notFound(m.siteMissing(siteId));
}

export const listHotWords = (q: Queryable, siteId: number): Promise<HotWord[]> =>
  q.query<HotWord>(`SELECT ${COLUMNS} FROM hot_words WHERE site_id = $1 ORDER BY pinned DESC, sort, id`, [siteId]);

export async function findHotWord(q: Queryable, id: number, lock = false): Promise<HotWord> {
  const word = await q.one<HotWord>(`SELECT ${COLUMNS} FROM hot_words WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!word) throw notFound(m.hotWordMissing(id));
  return word;
}

async function uniqueWord<T>(
  q: Queryable,
  siteId: number,
  word: string,
  except: number | null,
  write: () => Promise<T>,
) {
  const taken = await q.one(
    'SELECT 1 FROM hot_words WHERE site_id = $1 AND lower(word) = lower($2) AND id IS DISTINCT FROM $3',
    [siteId, word, except],
  );
  if (taken) throw badField('word', m.hotWordTaken(word));
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badField('word', m.hotWordTaken(word));
    throw error;
  }
}

const LAST_OF_GROUP = '(SELECT COALESCE(max(sort), 0) + 1 FROM hot_words WHERE site_id = $1 AND pinned = $2)';

export async function addHotWord(q: Queryable, siteId: number, word: string, pinned: boolean): Promise<HotWord> {
  // One writer per site's list at a time keeps the order and the name check sound.
  await q.query('SELECT id FROM sites WHERE id = $1 FOR NO KEY UPDATE', [siteId]);
  const row = await uniqueWord(q, siteId, word, null, () =>
    q.one<HotWord>(
      `INSERT INTO hot_words (site_id, pinned, word, sort) VALUES ($1, $2, $3, ${LAST_OF_GROUP}) RETURNING ${COLUMNS}`,
      [siteId, pinned, word],
    ),
  );
  return row!;
}

export async function changeHotWord(
  q: Queryable,
  id: number,
  change: { word?: string | undefined; pinned?: boolean | undefined },
): Promise<{ before: HotWord; after: HotWord }> {
  const found = await findHotWord(q, id);
  await q.query('SELECT id FROM sites WHERE id = $1 FOR NO KEY UPDATE', [found.siteId]);
  const before = await findHotWord(q, id, true);
  if (change.word !== undefined && change.word !== before.word) {
    const word = change.word;
    await uniqueWord(q, before.siteId, word, id, () =>
      q.query('UPDATE hot_words SET word = $2 WHERE id = $1', [id, word]),
    );
  }
  if (change.pinned !== undefined && change.pinned !== before.pinned) {
    await q.query(`UPDATE hot_words SET pinned = $2, sort = ${LAST_OF_GROUP} WHERE id = $3`, [
      before.siteId,
      change.pinned,
      id,
    ]);
  }
  return { before, after: await findHotWord(q, id) };
}

export async function moveHotWord(q: Queryable, id: number, position: number): Promise<HotWord> {
  const found = await findHotWord(q, id);
  await q.query('SELECT id FROM sites WHERE id = $1 FOR NO KEY UPDATE', [found.siteId]);
  const word = await findHotWord(q, id);
  const group = (
    await q.query<{ id: number }>('SELECT id FROM hot_words WHERE site_id = $1 AND pinned = $2 ORDER BY sort, id', [
      word.siteId,
      word.pinned,
    ])
  ).map((row) => row.id);
  await writeOrder(q, 'hot_words', placeAt(group, id, position));
  return word;
}

export async function deleteHotWord(q: Queryable, id: number): Promise<HotWord> {
  const word = await findHotWord(q, id, true);
  await q.query('DELETE FROM hot_words WHERE id = $1', [id]);
  return word;
}
