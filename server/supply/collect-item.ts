/**
 * One collected item written in the caller's transaction (docs/collection.md "What is matched and
 * updated"): skipped when its type is not mapped, a refused word is in it, nothing of it plays over
 * https, or it has not changed since it was last written; else matched on (source, vod_id), then on
 * its normalised name and year, and written as a new title (the console's createMovie and patchMovie,
 * so the search index, the kept counters, the sitemaps and the audit log follow as they do for an
 * operator's edit) or into the title it matched: empty fields filled, 备注 / 完结 / 总集数 refreshed,
 * its 播放源 from this source replaced, an episode row ensured for every number a 播放源 plays.
 */
import { createMovie, patchMovie, PLACEHOLDER_POSTER, type Actor } from '../admin/catalogue/movie-writes.ts';
import { movieFields } from '../admin/catalogue/movie-store.ts';
import type { MoviePatch } from '../../contract/admin/catalogue.ts';
import type { ItemOutcome, LandAs } from '../../contract/admin/supply.ts';
import type { Queryable } from '../db/db.ts';
import { sensitiveWords } from '../moderation/sensitive-words.ts';
import { maskWords } from '../moderation/text-screen.ts';
import { foldText } from '../search/fold.ts';
import { playable, type VodEntry, type VodPlaySource } from './vod-clean.ts';

export interface SupplySourceRow {
  id: number;
  name: string;
  landAs: LandAs;
}

export interface ItemContext {
  source: SupplySourceRow;
  /** The source's type ids mapped to local categories. */
  typeMap: ReadonlyMap<number, number>;
  /** The run's operator (null: the schedule); the audit rows carry it. */
  actor: Actor;
  /** Whether a media URL may be kept: https on a public host (outbound.ts's checkUrl). */
  keepUrl: (url: string) => boolean;
  now: number;
}

export interface ItemResult {
  outcome: ItemOutcome;
  reason: string;
  movieId: number | null;
  /** The title still has the placeholder poster and the item gives a picture. */
  wantsPoster: boolean;
}

/** A title's name as matching compares it: NFKC, Simplified, lower case, without spaces and punctuation. */
export function normalisedName(name: string): string {
  const folded = foldText(name);
  const bare = folded.replace(/[\p{P}\p{S}\s]/gu, '');
  return bare === '' ? folded : bare;
}

const skipped = (reason: string, movieId: number | null = null): ItemResult => ({
  outcome: 'skipped',
  reason,
  movieId,
  wantsPoster: false,
});

/** The item's text with the list's 'mask' words starred; the first 'refuse' word, if any. */
async function screen(q: Queryable, entry: VodEntry): Promise<{ refused: string | null; entry: VodEntry }> {
  const { matcher } = await sensitiveWords(q);
  if (!matcher) return { refused: null, entry };
  const fields = ['name', 'content', 'alias', 'remarks'] as const;
  for (const field of fields) {
    const refused = matcher.search(entry[field]).find((hit) => hit.data === 'refuse');
    if (refused) return { refused: refused.pattern, entry };
  }
  const mask = (text: string) => maskWords(matcher, text);
  return {
    refused: null,
    entry: {
      ...entry,
      name: mask(entry.name),
      content: mask(entry.content),
      alias: mask(entry.alias),
      remarks: mask(entry.remarks),
    },
  };
}

/** The title the item is: its link from this source, else one collected under the same name and year. */
async function matchMovie(
  q: Queryable,
  sourceId: number,
  entry: VodEntry,
  matchName: string,
): Promise<{ movieId: number | null; vodTime: string | null }> {
  const link = await q.one<{ movieId: number; vodTime: string }>(
    `SELECT movie_id AS "movieId", vod_time AS "vodTime" FROM supply_links WHERE source_id = $1 AND vod_id = $2 FOR UPDATE`,
    [sourceId, entry.vodId],
  );
  if (link) return { movieId: link.movieId, vodTime: link.vodTime };
  // Two runs (of two sources) writing the same new title at once: the second waits and finds it.
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`supply:${matchName}`]);
  if (entry.year !== null) {
    const row = await q.one<{ id: number }>(
      'SELECT id FROM movies WHERE match_name = $1 AND year = $2 ORDER BY id LIMIT 1',
      [matchName, entry.year],
    );
    return { movieId: row?.id ?? null, vodTime: null };
  }
  // Without a year the name alone decides, and only when it names one title.
  const rows = await q.query<{ id: number }>('SELECT id FROM movies WHERE match_name = $1 ORDER BY id LIMIT 2', [
    matchName,
  ]);
  return { movieId: rows.length === 1 ? rows[0]!.id : null, vodTime: null };
}

const episodeTitle = (n: number) => `第${String(n).padStart(2, '0')}集`;

/**
 * The title's 播放源 from this source replaced by the item's (a flag the source no longer gives is
 * removed), and an episode row (ready, no video of its own) for every number one of them plays.
 */
async function writePlaySources(q: Queryable, movieId: number, source: SupplySourceRow, sources: VodPlaySource[]) {
  for (const play of sources) {
    const row = await q.one<{ id: number }>(
      `INSERT INTO play_sources (movie_id, source_id, flag, name, position)
       VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position) + 1, 0) FROM play_sources WHERE movie_id = $1))
       ON CONFLICT (movie_id, source_id, flag) DO UPDATE SET name = EXCLUDED.name
       RETURNING id`,
      [movieId, source.id, play.flag, `${source.name} · ${play.flag}`],
    );
    await q.query('DELETE FROM play_source_episodes WHERE play_source_id = $1', [row!.id]);
    await q.query(
      `INSERT INTO play_source_episodes (play_source_id, number, title, url)
       SELECT $1, n, t, u FROM unnest($2::int[], $3::text[], $4::text[]) AS e(n, t, u)`,
      [row!.id, play.episodes.map((e) => e.number), play.episodes.map((e) => e.title), play.episodes.map((e) => e.url)],
    );
  }
  await q.query('DELETE FROM play_sources WHERE movie_id = $1 AND source_id = $2 AND NOT (flag = ANY($3::text[]))', [
    movieId,
    source.id,
    sources.map((play) => play.flag),
  ]);
  const titles = new Map<number, string>();
  for (const play of sources)
    for (const e of play.episodes) if (!titles.has(e.number)) titles.set(e.number, e.title || episodeTitle(e.number));
  await q.query(
    `INSERT INTO episodes (movie_id, number, title, state)
     SELECT $1, n, t, 'ready' FROM unnest($2::int[], $3::text[]) AS e(n, t)
     ON CONFLICT (movie_id, number) DO NOTHING`,
    [movieId, [...titles.keys()], [...titles.values()]],
  );
}

/** The facts of a new title, as the console's PATCH takes them. */
function newTitleFields(entry: VodEntry): MoviePatch {
  const patch: MoviePatch = {
    description: entry.content,
    region: entry.area,
    castNames: entry.actors,
    directors: entry.directors,
    remarks: entry.remarks,
    alias: entry.alias,
    language: entry.lang,
    score: entry.score,
    totalEpisodes: entry.total,
  };
  if (entry.year !== null) patch.year = entry.year;
  if (entry.finished !== null) patch.finished = entry.finished;
  return patch;
}

/**
 * What the source changes on a title that exists: the fields left empty here are filled (an
 * operator's edit is never overwritten), and what a source keeps current (备注, 完结, 总集数) follows it.
 */
async function refreshedFields(q: Queryable, movieId: number, entry: VodEntry): Promise<MoviePatch> {
  const stored = await movieFields(q, movieId, true);
  if (!stored) return {};
  const patch: MoviePatch = {};
  if (stored.description === '' && entry.content !== '') patch.description = entry.content;
  if (stored.region === '' && entry.area !== '') patch.region = entry.area;
  if (stored.castNames.length === 0 && entry.actors.length > 0) patch.castNames = entry.actors;
  if (stored.directors.length === 0 && entry.directors.length > 0) patch.directors = entry.directors;
  if (stored.alias === '' && entry.alias !== '') patch.alias = entry.alias;
  if (stored.language === '' && entry.lang !== '') patch.language = entry.lang;
  if (stored.score === null && entry.score !== null) patch.score = entry.score;
  if (entry.remarks !== '' && entry.remarks !== stored.remarks) patch.remarks = entry.remarks;
  if (entry.finished !== null && entry.finished !== stored.finished) patch.finished = entry.finished;
  if (entry.total !== null && entry.total !== stored.totalEpisodes) patch.totalEpisodes = entry.total;
  return patch;
}

/** Writes the item (in the caller's transaction); answers what happened and why. */
export async function writeItem(q: Queryable, ctx: ItemContext, raw: VodEntry): Promise<ItemResult> {
  const categoryId = raw.typeId === null ? undefined : ctx.typeMap.get(raw.typeId);
  if (categoryId === undefined) return skipped(`分类未映射：${raw.typeName || raw.typeId || '无分类'}`);
  if (raw.name === '') return skipped('没有名称');
  const screened = await screen(q, raw);
  if (screened.refused !== null) return skipped(`含敏感词：${screened.refused}`);
  const entry = screened.entry;
  const { sources, dropped } = playable(entry.sources, ctx.keepUrl);
  if (sources.length === 0) return skipped('没有可播放的 https 地址');

  const matchName = normalisedName(entry.name);
  const match = await matchMovie(q, ctx.source.id, entry, matchName);
  if (match.movieId !== null && match.vodTime !== null && entry.time !== '' && match.vodTime === entry.time)
    return skipped('未变化', match.movieId);

  const notes: string[] = [];
  let movieId = match.movieId;
  let outcome: ItemOutcome;
  if (movieId === null) {
    movieId = await createMovie(q, ctx.actor, { title: entry.name, categoryId }, ctx.now);
    await q.query('UPDATE movies SET match_name = $2 WHERE id = $1', [movieId, matchName]);
    await writePlaySources(q, movieId, ctx.source, sources);
    const patch = newTitleFields(entry);
    // Published at once, or a draft for review: the episodes above make it publishable.
    if (ctx.source.landAs === 'published') Object.assign(patch, { status: 'published', publishedAt: ctx.now });
    await patchMovie(q, ctx.actor, movieId, patch, ctx.now);
    outcome = 'added';
  } else {
    if (match.vodTime === null) notes.push('按名称和年份并入已有标题');
    await writePlaySources(q, movieId, ctx.source, sources);
    await patchMovie(q, ctx.actor, movieId, await refreshedFields(q, movieId, entry), ctx.now);
    // New episodes are an update a visitor sees (the feed's `h`, the sitemap's lastmod).
    await q.query('UPDATE movies SET updated_at = $2 WHERE id = $1', [movieId, new Date(ctx.now)]);
    outcome = 'updated';
  }
  await q.query(
    `INSERT INTO supply_links (source_id, vod_id, movie_id, vod_time) VALUES ($1, $2, $3, $4)
     ON CONFLICT (source_id, vod_id) DO UPDATE SET movie_id = EXCLUDED.movie_id, vod_time = EXCLUDED.vod_time`,
    [ctx.source.id, entry.vodId, movieId, entry.time],
  );
  if (dropped > 0) notes.push(`丢弃 ${dropped} 个非 https 或无效的播放地址`);
  const poster = await q.one<{ poster: string }>('SELECT poster FROM movies WHERE id = $1', [movieId]);
  return {
    outcome,
    reason: notes.join('；'),
    movieId,
    wantsPoster: poster?.poster === PLACEHOLDER_POSTER && entry.pic !== '',
  };
}
