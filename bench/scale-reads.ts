/**
 * The public reads the bench's scale stage times, called in process as the server runs them (the
 * handler behind the protocol layer, so the HTTP read cache never answers): list pages first and as
 * deep as the UI goes by number and by cursor, details, reply pages of a long thread in each sort,
 * each kind of search, suggestions, forum groups, home, the user list. A read the tree does not
 * serve (an older tree without cursors, a page deeper than the lists serve) is timed as missing,
 * with the reason. p50 and p99 of sequential runs after a warm-up.
 */
import type { FastifyRequest } from 'fastify';
import { API } from '../contract/calls/paths.ts';
import { ALL_CALLS } from '../server/app.ts';
import type { Config } from '../server/config.ts';
import type { Db } from '../server/db/db.ts';
import { DEMO_SITE, listSites, type Site } from '../server/db/sites.ts';

export type ReadKind = 'read' | 'search' | 'suggest';

export interface Read {
  name: string;
  kind: ReadKind;
  path: string;
  payload: Record<string, unknown>;
  /** Deeper than the UI pages by number: a tree that refuses it (code 2, use the cursor) is right to. */
  beyondUi?: boolean;
}

export interface Timing {
  p50: number | null;
  p99: number | null;
  runs: number;
  /** Why there is no figure (the call refused the payload or failed). */
  missing?: string;
}

export type Run = (path: string, payload: unknown) => Promise<unknown>;

/** The deepest page number the app's lists ask for (the lists' LIST_MAX_PAGE). */
export const DEEPEST_UI_PAGE = 50;
/** The `scale` bench's deep page (docs/performance.md): 5,000 of 20, 100k rows in. Walked by cursor when paged by cursor. */
export const DEEP_PAGE = 5000;
const PAGE_SIZE = 20;

export async function demoSiteOf(db: Db): Promise<Site> {
  const site = (await listSites(db)).find((candidate) => candidate.accountId === DEMO_SITE.accountId);
  if (!site) throw new Error('no demo site in the store');
  return site;
}

/** Runs a call's handler directly: no HTTP, no read cache, no session. */
export function handlerRunner(db: Db, site: Site): Run {
  const req = { ip: '127.0.0.1', headers: {}, log: { warn() {}, info() {}, error() {} } } as unknown as FastifyRequest;
  return async (path, payload) => {
    const call = ALL_CALLS.find((candidate) => candidate.path === path);
    if (!call) throw new Error(`no call ${path}`);
    return call.run({
      payload: call.schema.parse(payload),
      site,
      session: null,
      user: null,
      db,
      config: {} as Config,
      req,
      now: Date.now(),
    });
  };
}

/** Follows `cursor` (lists) or `nextCursor` (replies) for `pages` pages; null when the call has none. */
async function cursorAt(run: Run, path: string, payload: Record<string, unknown>, pages: number) {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const answer = (await run(path, cursor ? { ...payload, cursor } : payload)) as {
      cursor?: string;
      nextCursor?: string | null;
    };
    const next = answer.cursor ?? answer.nextCursor ?? undefined;
    if (!next) return cursor ?? null;
    cursor = next;
  }
  return cursor ?? null;
}

/** The rows the detail and reply reads open: the longest thread, a busy movie, a typical topic. */
async function targetsOf(db: Db) {
  const one = async (sql: string) => Number((await db.one<{ id: string }>(sql))!.id);
  return {
    thread: await one(
      `SELECT id FROM posts WHERE kind = 'topic' AND hidden_at IS NULL ORDER BY floor_count DESC, id LIMIT 1`,
    ),
    topic: await one(
      `SELECT id FROM posts WHERE kind = 'topic' AND hidden_at IS NULL ORDER BY id DESC LIMIT 1 OFFSET 500`,
    ),
    movie: await one(`SELECT id FROM movies WHERE status = 'published' ORDER BY comment_count DESC, id LIMIT 1`),
  };
}

/** The reads, with the cursors of the deep ones walked first (a read without one is left out as missing). */
export async function scaleReads(db: Db, run: Run): Promise<{ reads: Read[]; missing: Read[] }> {
  const t = await targetsOf(db);
  const movies = { pageSize: PAGE_SIZE, sort: 'new' };
  const topics = { pageSize: PAGE_SIZE };
  const thread = (sort: string) => ({ targetType: 'post', targetId: t.thread, sort, pageSize: PAGE_SIZE });
  const reads: Read[] = [
    { name: 'movie list, first page', kind: 'read', path: API.moviePage, payload: { ...movies, page: 1 } },
    {
      name: 'movie list, hot, first page',
      kind: 'read',
      path: API.moviePage,
      payload: { ...movies, sort: 'hot', page: 1 },
    },
    {
      name: `movie list, page ${DEEPEST_UI_PAGE}`,
      kind: 'read',
      path: API.moviePage,
      payload: { ...movies, page: DEEPEST_UI_PAGE },
    },
    {
      name: `movie list, page ${DEEP_PAGE}`,
      kind: 'read',
      path: API.moviePage,
      payload: { ...movies, page: DEEP_PAGE },
      beyondUi: true,
    },
    { name: 'movie detail', kind: 'read', path: API.movieDetail, payload: { id: t.movie } },
    { name: 'topic list, first page', kind: 'read', path: API.topicPage, payload: { ...topics, page: 1 } },
    {
      name: `topic list, page ${DEEPEST_UI_PAGE}`,
      kind: 'read',
      path: API.topicPage,
      payload: { ...topics, page: DEEPEST_UI_PAGE },
    },
    {
      name: `topic list, page ${DEEP_PAGE}`,
      kind: 'read',
      path: API.topicPage,
      payload: { ...topics, page: DEEP_PAGE },
      beyondUi: true,
    },
    {
      name: 'topics by reply count',
      kind: 'read',
      path: API.topicPage,
      payload: { ...topics, sort: 'reply', page: 1 },
    },
    { name: 'topic detail', kind: 'read', path: API.topicDetail, payload: { id: t.topic } },
    { name: 'gossip list, first page', kind: 'read', path: API.chiguaPage, payload: { pageSize: PAGE_SIZE, page: 1 } },
    {
      name: 'archive list, first page',
      kind: 'read',
      path: API.archivesPage,
      payload: { pageSize: PAGE_SIZE, page: 1 },
    },
    { name: 'forum list', kind: 'read', path: API.forumList, payload: {} },
    { name: 'home', kind: 'read', path: API.home, payload: {} },
    { name: 'user list, first page', kind: 'read', path: API.userPage, payload: { pageSize: PAGE_SIZE, page: 1 } },
    {
      name: `user list, page ${DEEPEST_UI_PAGE}`,
      kind: 'read',
      path: API.userPage,
      payload: { pageSize: PAGE_SIZE, page: DEEPEST_UI_PAGE },
    },
    { name: 'movie search', kind: 'search', path: API.searchMovies, payload: { keyword: '行动', page: 1 } },
    { name: 'post search', kind: 'search', path: API.searchPosts, payload: { keyword: '推荐', page: 1 } },
    { name: 'user search', kind: 'search', path: API.searchUsers, payload: { keyword: '深夜', page: 1 } },
    { name: 'search 综合', kind: 'search', path: API.searchAll, payload: { keyword: '警察' } },
    { name: 'search, no hit', kind: 'search', path: API.searchAll, payload: { keyword: '量子纠缠猫薄荷' } },
    { name: 'suggestions', kind: 'suggest', path: API.searchSuggest, payload: { keyword: '深夜' } },
  ];
  const missing: Read[] = [];
  const deep: [string, string, Record<string, unknown>, number][] = [
    [`movie list by cursor, ${DEEP_PAGE * PAGE_SIZE} in`, API.moviePage, { ...movies, page: 1 }, DEEP_PAGE],
    [`topic list by cursor, ${DEEP_PAGE * PAGE_SIZE} in`, API.topicPage, { ...topics, page: 1 }, DEEP_PAGE],
  ];
  for (const sort of ['oldest', 'newest', 'hottest']) {
    reads.push({ name: `replies (${sort}), first page`, kind: 'read', path: API.replyPage, payload: thread(sort) });
    deep.push([`replies (${sort}), page 250`, API.replyPage, thread(sort), 249]);
  }
  for (const [name, path, payload, pages] of deep) {
    const cursor = await cursorAt(run, path, payload, pages).catch(() => null);
    const read: Read = { name, kind: 'read', path, payload: { ...payload, cursor } };
    if (cursor) reads.push(read);
    else missing.push(read);
  }
  return { reads, missing };
}

/** A timing's milliseconds as the scale stage's lines and notes show them; — when there is none. */
export const ms = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} ms`);

/** The p-th percentile of sorted timings. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The budgets of the scale stage's reads (p99), in process and over HTTP alike. */
export const READ_BUDGET_MS: Record<ReadKind, number> = { read: 20, search: 50, suggest: 20 };

/**
 * One read on one side (a store, or a server over HTTP), as the timing loop takes it: its call
 * number `i` (from 0; the warm-up calls from `runs`), for a read whose payload changes per call.
 */
export interface Side {
  call: (i: number) => Promise<unknown>;
}

/**
 * Times the same read on several sides side by side: 3 warm-up calls each, then one call of each in
 * turn until each has `runs` (or, past 10 each, `seconds` per side have gone by), so every side's
 * figure is taken under the same load. A side whose read fails is a miss with its reason.
 */
export async function timeSideBySide(sides: readonly Side[], runs = 200, seconds = 10): Promise<Timing[]> {
  const missing = await Promise.all(
    sides.map(async ({ call }) => {
      try {
        for (let i = 0; i < 3; i++) await call(runs + i);
        return null;
      } catch (error) {
        return (error as Error).message.split('\n')[0]!.slice(0, 80);
      }
    }),
  );
  const timed = sides.map(() => [] as number[]);
  const live = sides.map((_, i) => i).filter((i) => missing[i] === null);
  const until = performance.now() + seconds * 1000 * Math.max(1, live.length);
  while (
    live.some((i) => timed[i]!.length < runs) &&
    (live.some((i) => timed[i]!.length < 10) || performance.now() < until)
  ) {
    for (const i of live) {
      if (timed[i]!.length >= runs) continue;
      const start = performance.now();
      await sides[i]!.call(timed[i]!.length);
      timed[i]!.push(performance.now() - start);
    }
  }
  return sides.map((_, i) => {
    if (missing[i] !== null) return { p50: null, p99: null, runs: 0, missing: missing[i] };
    const times = timed[i]!.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), runs: times.length };
  });
}
