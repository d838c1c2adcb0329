/**
 * The demo data of `npm start`: `seedDemo(db, { mediaDir, media })` writes the rows of the demo
 * plan (movies, forum, gossip, articles, tags, categories, authors, featured collections, banners,
 * CDN lines, dictionary) in one transaction, then (`media: true`, the seed's CLI) generates the
 * media files they point at; the server makes those after it listens (background-media.ts).
 *
 * Idempotence and versions: the rows carry seed_state ('demo', DEMO_SEED_VERSION).
 * - Same version recorded: the rows are not touched (a no-op apart from one SELECT).
 * - No row, or an older version: the plan is written. On an older version this is a re-seed:
 *   seeded rows are upserted by their fixed ids and stale seeded rows removed (see write-plan.ts);
 *   members' own rows (users, sessions, their posts and replies, likes) are kept.
 * - A newer version recorded (an older build started on newer data): nothing is written.
 * Bump DEMO_SEED_VERSION whenever the plan or the word lists change what gets written.
 * Dates are the plan's, moved to the time of writing (write-plan.ts): a demo seeded today has
 * today's topics and newest movies, and keeps those dates until it is re-seeded.
 * The member catalogue (member-catalogue.ts) is filled in on every run, versions aside: it only
 * adds missing rows; the community's demo words and danmaku (community-demo.ts) are written once. A transaction-scoped advisory lock lets two processes start at once: the
 * second waits, then finds the version recorded. Media generation is separate and always checks its files, so a new
 * MEDIA_DIR is filled even when the rows exist.
 */
import type { Db, Queryable } from '../db/db.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { reindexAll } from '../search/reindex.ts';
import { seedCommunityDemo } from './community-demo.ts';
import { seedDemoDailyStats } from './demo-daily-stats.ts';
import { buildDemoPlan } from './demo-plan.ts';
import { generateMedia, type MediaReport } from './generate-media.ts';
import { demoMediaJobs } from './media-jobs.ts';
import { seedMemberCatalogue } from './member-catalogue.ts';
import type { DemoPlan } from './plan-types.ts';
import { writeDemoPlan } from './write-plan.ts';

export const DEMO_SEED_VERSION = 5;
const SEED_NAME = 'demo';
/** Arbitrary constant shared by every process of this app: "demo seed of station-pwa". */
const SEED_LOCK_KEY = 7_220_116_002;

export type SeedOutcome = 'seeded' | 'reseeded' | 'up-to-date' | 'newer-version-kept';

export interface SeedReport {
  data: SeedOutcome;
  version: number;
  dataMs: number;
  counts: { movies: number; posts: number; replies: number; tags: number; authors: number };
  media: MediaReport | null;
}

export interface SeedOptions {
  mediaDir: string;
  /** Generate posters, covers, banners, avatars and videos (false: rows only, for tests). */
  media: boolean;
  mediaConcurrency?: number;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedReport> {
  const started = Date.now();
  const plan = buildDemoPlan();
  const data = await db.tx(async (q): Promise<SeedOutcome> => {
    await q.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
    const site = await ensureDemoSite(q);
    await seedMemberCatalogue(q);
    const outcome = await writePlanOnce(q, plan, site.id, started);
    await seedCommunityDemo(q);
    await seedDemoDailyStats(q, site.id, started);
    // The search index of what was written (or of a store older than the index).
    const written = outcome === 'seeded' || outcome === 'reseeded';
    if (written || !(await q.one('SELECT 1 AS indexed FROM search_docs LIMIT 1'))) await reindexAll(q);
    return outcome;
  });
  const dataMs = Date.now() - started;
  const media = options.media
    ? await generateMedia(options.mediaDir, demoMediaJobs(plan), { concurrency: options.mediaConcurrency })
    : null;
  return {
    data,
    version: DEMO_SEED_VERSION,
    dataMs,
    counts: {
      movies: plan.movies.length,
      posts: plan.posts.length,
      replies: plan.posts.reduce((sum, post) => sum + post.replies.length, 0),
      tags: plan.tags.length,
      authors: plan.authors.length,
    },
    media,
  };
}

/** Writes the plan unless this version (or a newer one) is recorded. */
async function writePlanOnce(q: Queryable, plan: DemoPlan, siteId: number, started: number): Promise<SeedOutcome> {
  const state = await q.one<{ version: number }>('SELECT version FROM seed_state WHERE name = $1', [SEED_NAME]);
  if (state && state.version === DEMO_SEED_VERSION) return 'up-to-date';
  if (state && state.version > DEMO_SEED_VERSION) return 'newer-version-kept';
  await writeDemoPlan(q, plan, siteId, started);
  await q.query(
    `INSERT INTO seed_state (name, version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, seeded_at = now()`,
    [SEED_NAME, DEMO_SEED_VERSION],
  );
  return state ? 'reseeded' : 'seeded';
}

/** One line for the server log. */
export function describeSeed(report: SeedReport): string {
  const { counts: c } = report;
  const rows = `demo data v${report.version} ${report.data} in ${report.dataMs} ms (${c.movies} movies, ${c.posts} posts, ${c.replies} replies, ${c.tags} tags, ${c.authors} authors)`;
  const media = report.media
    ? `; media: ${report.media.created} made, ${report.media.skipped} present, ${report.media.ms} ms`
    : '';
  return rows + media;
}
