/**
 * Latency of the hottest reads against a store, in process: the handlers of the movie page, movie
 * detail, topic page, topic detail and home calls (each is one or a few queries), and the session
 * lookup every member call makes. p50 and p95 of sequential runs after a warm-up.
 */
import { API } from '../contract/calls/paths.ts';
import type { Db } from '../server/db/db.ts';
import { findSession, openSession } from '../server/db/sessions.ts';
import type { Figure } from './figures.ts';
import { demoSiteOf, handlerRunner, percentile } from './scale-reads.ts';

const WARM_UP = 10;
const RUNS = 100;

async function timeIt(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function measureQueries(db: Db, label: string): Promise<Figure[]> {
  const site = await demoSiteOf(db);
  const movieId = (await db.one<{ id: number }>('SELECT id FROM movies ORDER BY published_at DESC LIMIT 1'))!.id;
  const topicId = (await db.one<{ id: number }>(`SELECT id FROM posts WHERE kind = 'topic' ORDER BY id DESC LIMIT 1`))!
    .id;
  const userId = (await db.one<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))!.id;
  const run = handlerRunner(db, site);
  const token = await openSession(db, { userId, siteId: site.id, deviceId: null, ttlSeconds: 3600 });

  const work: Array<[string, () => Promise<unknown>]> = [
    ['movie page (20, newest)', () => run(API.moviePage, { page: 1, pageSize: 20, sort: 'new' })],
    ['movie page 10 (hot)', () => run(API.moviePage, { page: 10, pageSize: 20, sort: 'hot' })],
    ['movie detail', () => run(API.movieDetail, { id: movieId })],
    ['topic page (20)', () => run(API.topicPage, { page: 1, pageSize: 20 })],
    ['topic detail', () => run(API.topicDetail, { id: topicId })],
    ['home', () => run(API.home, {})],
    ['session lookup', () => findSession(db, token, site.id)],
  ];
  const figures: Figure[] = [];
  for (const [name, run] of work) {
    const { p50, p95 } = await timeIt(run);
    figures.push({ group: `queries ${label}`, name, value: p50, unit: 'ms', note: `p50; p95 ${p95.toFixed(1)} ms` });
  }
  return figures;
}
