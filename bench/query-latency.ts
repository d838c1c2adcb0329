/**
 * Latency of the hottest reads against a store, in process: the handlers of the movie page, movie
 * detail, topic page, topic detail and home calls (each is one or a few queries), and the session
 * lookup every member call makes. p50 and p95 of sequential runs after a warm-up.
 */
import type { FastifyRequest } from 'fastify';
import { API } from '../contract/calls/paths.ts';
import { ALL_CALLS } from '../server/app.ts';
import type { Config } from '../server/config.ts';
import type { Db } from '../server/db/db.ts';
import { findSession, openSession } from '../server/db/sessions.ts';
import { DEMO_SITE, listSites, type Site } from '../server/db/sites.ts';
import type { Figure } from './figures.ts';

const WARM_UP = 10;
const RUNS = 100;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

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

function handlerOf(path: string, db: Db, site: Site): (payload: unknown) => Promise<unknown> {
  const call = ALL_CALLS.find((candidate) => candidate.path === path);
  if (!call) throw new Error(`no call ${path}`);
  return (payload) =>
    call.run({
      payload: call.schema.parse(payload),
      site,
      session: null,
      user: null,
      db,
      config: {} as Config,
      req: {} as FastifyRequest,
      now: Date.now(),
    });
}

export async function measureQueries(db: Db, label: string): Promise<Figure[]> {
  const site = (await listSites(db)).find((candidate) => candidate.accountId === DEMO_SITE.accountId);
  if (!site) throw new Error('no demo site in the store');
  const movieId = (await db.one<{ id: number }>('SELECT id FROM movies ORDER BY published_at DESC LIMIT 1'))!.id;
  const topicId = (await db.one<{ id: number }>(`SELECT id FROM posts WHERE kind = 'topic' ORDER BY id DESC LIMIT 1`))!
    .id;
  const userId = (await db.one<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))!.id;
  const token = await openSession(db, { userId, siteId: site.id, deviceId: null, ttlSeconds: 3600 });

  const work: Array<[string, () => Promise<unknown>]> = [
    ['movie page (20, newest)', () => handlerOf(API.moviePage, db, site)({ page: 1, pageSize: 20, sort: 'new' })],
    ['movie page 10 (hot)', () => handlerOf(API.moviePage, db, site)({ page: 10, pageSize: 20, sort: 'hot' })],
    ['movie detail', () => handlerOf(API.movieDetail, db, site)({ id: movieId })],
    ['topic page (20)', () => handlerOf(API.topicPage, db, site)({ page: 1, pageSize: 20 })],
    ['topic detail', () => handlerOf(API.topicDetail, db, site)({ id: topicId })],
    ['home', () => handlerOf(API.home, db, site)({})],
    ['session lookup', () => findSession(db, token, site.id)],
  ];
  const figures: Figure[] = [];
  for (const [name, run] of work) {
    const { p50, p95 } = await timeIt(run);
    figures.push({ group: `queries ${label}`, name, value: p50, unit: 'ms', note: `p50; p95 ${p95.toFixed(1)} ms` });
  }
  return figures;
}
