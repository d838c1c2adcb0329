/**
 * Changes to titles, each in one transaction with its audit rows: a draft from a title and a
 * category (its id from the movie_ids sequence, the placeholder poster, no episode yet), and a
 * PATCH of any subset of fields, checked against the locked stored title (price against access,
 * outro after intro, a ready episode before publishing). The audit carries only the fields that
 * changed: publication (status, publishedAt) as movie.publish / movie.schedule / movie.unpublish,
 * the rest as movie.update.
 */
import type { MoviePatch, MovieStatusChange } from '../../../contract/admin/catalogue.ts';
import type { Queryable } from '../../db/db.ts';
import { indexMovie } from '../../search/index-writes.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { audit } from '../audit.ts';
import { catalogueMessages as text } from './catalogue-messages.ts';
import { isMovieCategory, movieFields, unknownTags, type MovieFields } from './movie-store.ts';

export interface Actor {
  /** null: the server itself (a scheduled collection run, server/supply/). */
  operatorId: number | null;
  address: string;
}

export const PLACEHOLDER_POSTER = 'posters/placeholder';

export async function createMovie(
  q: Queryable,
  actor: Actor,
  input: { title: string; categoryId: number },
  now: number,
): Promise<number> {
  if (!(await isMovieCategory(q, input.categoryId))) throw badField('categoryId', text.category);
  const at = new Date(now);
  const row = await q.one<{ id: number }>(
    `INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, price_coins, trial_s,
                         region, year, published_at, status, updated_at)
     VALUES (nextval('movie_ids'), $1, '', $2, 0, $3, 'free', 0, 0, '', $4, $5, 'draft', $5)
     RETURNING id`,
    [input.title, PLACEHOLDER_POSTER, input.categoryId, at.getUTCFullYear(), at],
  );
  const id = row!.id;
  await indexMovie(q, id);
  await audit(q, {
    ...actor,
    action: 'movie.create',
    targetType: 'movie',
    targetId: id,
    after: { title: input.title, categoryId: input.categoryId, status: 'draft' },
  });
  return id;
}

const COLUMNS: Record<Exclude<keyof MovieFields, 'tagIds'>, string> = {
  title: 'title',
  description: 'description',
  categoryId: 'category_id',
  region: 'region',
  year: 'year',
  castNames: 'cast_names',
  directors: 'directors',
  access: 'access',
  priceCoins: 'price_coins',
  trialS: 'trial_s',
  durationS: 'duration_s',
  introEndS: 'intro_end_s',
  outroStartS: 'outro_start_s',
  finished: 'finished',
  remarks: 'remarks',
  alias: 'alias',
  language: 'language',
  score: 'score_tenths',
  totalEpisodes: 'total_episodes',
  status: 'status',
  publishedAt: 'published_at',
};
const PUBLICATION = new Set<keyof MovieFields>(['status', 'publishedAt']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A field's value as its column holds it: times as dates, 评分 as tenths. */
function columnValue(key: keyof typeof COLUMNS, next: MovieFields): unknown {
  if (key === 'publishedAt') return new Date(next.publishedAt);
  if (key === 'score') return next.score === null ? null : Math.round(next.score * 10);
  return next[key];
}

/** The merged fields, with the rules over several fields checked; throws 400 naming the field. */
async function merge(q: Queryable, id: number, stored: MovieFields, patch: MoviePatch, now: number) {
  const next: MovieFields = { ...stored, ...patch } as MovieFields;
  // Free and VIP titles cost nothing: switching to them clears a price not sent along.
  if (patch.access !== undefined && patch.access !== 'coins' && patch.priceCoins === undefined) next.priceCoins = 0;
  if (next.access === 'coins' && next.priceCoins <= 0) throw badField('priceCoins', text.coinsNeedPrice);
  if (next.access !== 'coins' && next.priceCoins !== 0) throw badField('priceCoins', text.freeHasNoPrice);
  if (next.introEndS !== null && next.outroStartS !== null && next.outroStartS <= next.introEndS)
    throw badField('outroStartS', text.outroAfterIntro);
  // A trial as long as an episode would give a paid episode away whole.
  if ((patch.trialS !== undefined || patch.access !== undefined) && next.access !== 'free' && next.trialS > 0) {
    const row = await q.one<{ shortest: number | null }>(
      `SELECT min(duration_s) AS shortest FROM episodes WHERE movie_id = $1 AND state = 'ready' AND duration_s > 0`,
      [id],
    );
    const shortest = row?.shortest ?? (next.durationS > 0 ? next.durationS : null);
    if (shortest !== null && next.trialS >= shortest) throw badField('trialS', text.trialTooLong(shortest));
  }
  if (patch.categoryId !== undefined && !(await isMovieCategory(q, patch.categoryId)))
    throw badField('categoryId', text.category);
  if (patch.tagIds !== undefined) {
    const missing = await unknownTags(q, patch.tagIds);
    if (missing.length > 0) throw badField('tagIds', text.unknownTags(missing));
  }
  // A draft published without a time goes out now; otherwise its date stays as stored.
  if (patch.status === 'published' && patch.publishedAt === undefined && stored.status === 'draft')
    next.publishedAt = now;
  if (next.status === 'published' && stored.status !== 'published') {
    const ready = await q.one('SELECT 1 FROM episodes WHERE movie_id = $1 AND state = $2 LIMIT 1', [id, 'ready']);
    if (!ready) throw badField('status', text.needsReadyEpisode);
  }
  return next;
}

function publicationAction(next: MovieFields, now: number): string {
  if (next.status === 'unpublished') return 'movie.unpublish';
  if (next.status === 'draft') return 'movie.update';
  return next.publishedAt > now ? 'movie.schedule' : 'movie.publish';
}

/** Applies the patch; answers false for an unknown title. */
export async function patchMovie(q: Queryable, actor: Actor, id: number, patch: MoviePatch, now: number) {
  const stored = await movieFields(q, id, true);
  if (!stored) return false;
  const next = await merge(q, id, stored, patch, now);
  const changed = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter((key) => !same(stored[key], next[key]));
  const tagsChanged = !same(stored.tagIds, next.tagIds);
  if (changed.length === 0 && !tagsChanged) return true;

  const params: unknown[] = [id, new Date(now)];
  const sets = changed.map((key) => {
    params.push(columnValue(key, next));
    return `${COLUMNS[key]} = $${params.length}`;
  });
  await q.query(`UPDATE movies SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`, params);
  if (tagsChanged) {
    await q.query('DELETE FROM movie_tags WHERE movie_id = $1', [id]);
    await q.query('INSERT INTO movie_tags (movie_id, tag_id) SELECT $1, unnest($2::int[])', [id, next.tagIds]);
  }
  await indexMovie(q, id);

  const pick = (keys: Array<keyof MovieFields>, from: MovieFields) =>
    Object.fromEntries(keys.map((key) => [key, from[key]]));
  const editorial: Array<keyof MovieFields> = changed.filter((key) => !PUBLICATION.has(key));
  if (tagsChanged) editorial.push('tagIds');
  const publication = changed.filter((key) => PUBLICATION.has(key));
  const target = { targetType: 'movie', targetId: id };
  if (editorial.length > 0)
    await audit(q, {
      ...actor,
      ...target,
      action: 'movie.update',
      before: pick(editorial, stored),
      after: pick(editorial, next),
    });
  if (publication.length > 0)
    await audit(q, {
      ...actor,
      ...target,
      action: publicationAction(next, now),
      before: pick(publication, stored),
      after: pick(publication, next),
    });
  return true;
}

/**
 * Sets the publication of several titles at once (the list's bulk 下架, and its undo), each through
 * patchMovie (its checks and audit row), all or none; answers each title's publication before. An
 * unknown title fails the whole change with 404 naming it.
 */
export async function setStatuses(
  q: Queryable,
  actor: Actor,
  items: MovieStatusChange[],
  now: number,
): Promise<MovieStatusChange[]> {
  const ids = items.map((item) => item.id);
  const rows = await q.query<{ id: number; status: MovieStatusChange['status']; publishedAt: Date }>(
    `SELECT id, status, published_at AS "publishedAt" FROM movies WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AdminHttpError(404, text.bulkMissing(missing));
  for (const item of items) {
    const patch: MoviePatch = { status: item.status };
    if (item.publishedAt !== undefined) patch.publishedAt = item.publishedAt;
    await patchMovie(q, actor, item.id, patch, now);
  }
  return items.map((item) => {
    const row = found.get(item.id)!;
    return { id: item.id, status: row.status, publishedAt: row.publishedAt.getTime() };
  });
}
