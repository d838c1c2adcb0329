/**
 * The scale stage's reads as a visitor meets them (docs/performance.md "Scale"): the server in a
 * process of its own on the factor-1000 database (the read cache off, no demo seeding, no rate
 * limits), and this process its client over HTTP with the app's protocol (a signed body, the answer
 * decrypted), each call of a read with another payload (another title, topic, page or word, in turn),
 * so no answer is the last one's. Per read: 3 warm-up calls, then up to 200 or 10 s of them (at least
 * 10), p50 and p99, held to the same budgets as the in-process table.
 */
import type { CallPath, PayloadOf } from '../contract/calls/call-map.ts';
import { API } from '../contract/calls/paths.ts';
import type { Db } from '../server/db/db.ts';
import { startServer } from '../e2e/server-process.ts';
import { callApi } from './bench-api.ts';
import type { Figure } from './figures.ts';
import { DEEPEST_UI_PAGE, ms, READ_BUDGET_MS, timeSideBySide, type ReadKind } from './scale-reads.ts';

const PAGE_SIZE = 20;

/** A read over the wire: the payload of its i-th call. */
interface WireRead {
  name: string;
  kind: ReadKind;
  path: CallPath;
  payload: (i: number) => Record<string, unknown>;
}

/** Words of the fixtures' and the hot list's kind: titles, genres, places, common and rare words. */
const WORDS = ['悬疑', '行动', '警察', '深夜', '推荐', '爱情', '城市', '科幻', '雾都', '方舟', '喜剧', '真相'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const pageFrom = (from: number, to: number) => (i: number) => from + (i % (to - from + 1));

async function readsOf(db: Db): Promise<WireRead[]> {
  const ids = async (sql: string) => (await db.query<{ id: number }>(sql)).map((row) => Number(row.id));
  const movies = await ids(
    `SELECT id FROM movies WHERE status = 'published' AND published_at <= now() ORDER BY md5(id::text) LIMIT 200`,
  );
  const topics = await ids(
    `SELECT id FROM posts WHERE kind = 'topic' AND hidden_at IS NULL ORDER BY md5(id::text) LIMIT 200`,
  );
  // The most replied topics, each long enough for page 50 of 20.
  const threads = await ids(
    `SELECT id FROM posts WHERE kind = 'topic' AND hidden_at IS NULL AND floor_count >= 1000
     ORDER BY floor_count DESC, id LIMIT 30`,
  );
  const deep = pageFrom(21, DEEPEST_UI_PAGE);
  return [
    { name: 'home', kind: 'read', path: API.home, payload: () => ({}) },
    { name: 'movie detail', kind: 'read', path: API.movieDetail, payload: (i) => ({ id: pick(movies, i) }) },
    {
      name: 'movie list, first pages (1-5), new',
      kind: 'read',
      path: API.moviePage,
      payload: (i) => ({ page: pageFrom(1, 5)(i), pageSize: PAGE_SIZE, sort: 'new' }),
    },
    {
      name: `movie list, deepest pages (21-${DEEPEST_UI_PAGE}), new`,
      kind: 'read',
      path: API.moviePage,
      payload: (i) => ({ page: deep(i), pageSize: PAGE_SIZE, sort: 'new' }),
    },
    {
      name: `movie list, deepest pages (21-${DEEPEST_UI_PAGE}), hot`,
      kind: 'read',
      path: API.moviePage,
      payload: (i) => ({ page: deep(i), pageSize: PAGE_SIZE, sort: 'hot' }),
    },
    {
      name: 'topic list, first pages (1-5)',
      kind: 'read',
      path: API.topicPage,
      payload: (i) => ({ page: pageFrom(1, 5)(i), pageSize: PAGE_SIZE }),
    },
    {
      name: `topic list, deepest pages (21-${DEEPEST_UI_PAGE})`,
      kind: 'read',
      path: API.topicPage,
      payload: (i) => ({ page: deep(i), pageSize: PAGE_SIZE }),
    },
    { name: 'topic detail', kind: 'read', path: API.topicDetail, payload: (i) => ({ id: pick(topics, i) }) },
    {
      name: `reply page ${DEEPEST_UI_PAGE} of the most replied topics`,
      kind: 'read',
      path: API.topicReplies,
      payload: (i) => ({ id: pick(threads, i), page: DEEPEST_UI_PAGE, pageSize: PAGE_SIZE }),
    },
    {
      name: `search movies, ${WORDS.length} words`,
      kind: 'search',
      path: API.searchMovies,
      payload: (i) => ({ keyword: pick(WORDS, i), page: 1 }),
    },
    {
      name: `search posts, ${WORDS.length} words`,
      kind: 'search',
      path: API.searchPosts,
      payload: (i) => ({ keyword: pick(WORDS, i), page: 1 }),
    },
    {
      name: `suggestions, ${WORDS.length} words`,
      kind: 'suggest',
      path: API.searchSuggest,
      payload: (i) => ({ keyword: pick(WORDS, i) }),
    },
  ];
}

export async function measureWire(
  db: Db,
  databaseUrl: string,
  factor: number,
  log: (line: string) => void,
): Promise<Figure[]> {
  const reads = await readsOf(db);
  const server = await startServer(
    { READ_CACHE_MS: '0', RATE_LIMITS: 'off', SEED_DEMO: 'off' },
    { databaseUrl, logFile: '.artifacts/scale-wire-server.log' },
  );
  const figures: Figure[] = [];
  try {
    for (const read of reads) {
      // Each payload's longest call: what makes the tail (a word, a page, a title) is named beside it.
      const longest = new Map<string, number>();
      const call = async (i: number) => {
        const payload = read.payload(i);
        const start = performance.now();
        try {
          return await callApi(server.baseURL, read.path, payload as PayloadOf<typeof read.path>);
        } finally {
          const key = Object.values(payload).join(' ');
          longest.set(key, Math.max(longest.get(key) ?? 0, performance.now() - start));
        }
      };
      const timing = (await timeSideBySide([{ call }]))[0]!;
      const slowest = [...longest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([key, time]) => `${key} ${ms(time)}`)
        .join(', ');
      log(
        `${read.name} (over HTTP): ${timing.missing ?? `p50 ${ms(timing.p50)}, p99 ${ms(timing.p99)}; slowest ${slowest}`}`,
      );
      figures.push({
        group: `scale ×${factor} over HTTP p99`,
        name: read.name,
        value: timing.p99,
        unit: 'ms',
        budget: { max: READ_BUDGET_MS[read.kind] },
        note: timing.missing ?? `p50 ${ms(timing.p50)}, ${timing.runs} calls; slowest calls: ${slowest}`,
      });
    }
  } finally {
    await server.stop();
  }
  return figures;
}
