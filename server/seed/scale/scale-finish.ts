/**
 * What runs after a bulk fill, in one place: the rebuilds of derived data that the fill skipped
 * (row triggers are off in its session), after an ANALYZE (the rebuilds' own reads need the
 * planner's statistics), then VACUUM (ANALYZE): statistics for the planner, and
 * the visibility map that index-only scans need (a live site's autovacuum keeps it; a bulk fill
 * has not had one yet). Each rebuild is a module of the server that may not exist in an older
 * tree; a rebuild that ran is noted in seed_state, so a database seeded by an older tree gets it
 * when it is next reused (`finishScale` again). The counters' recount (seconds)
 * runs again after every new migration (one may add a counter); the search index (minutes at factor
 * 1000) once per edition, raised when its documents change (`npm run reindex` rebuilds it anyway).
 *
 * The rebuilds: the kept list counters (server/db/counters.ts recountCounters) and the search index
 * (server/search/reindex.ts reindexAll).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from '../../db/db.ts';

interface Rebuild {
  name: string;
  /** The module, relative to this file. */
  module: string;
  fn: string;
  /** Run again after a new migration, or once per edition (raised when what it builds changes). */
  again: 'after-migrations' | { edition: number };
}

export const REBUILDS: readonly Rebuild[] = [
  { name: 'counters', module: '../../db/counters.ts', fn: 'recountCounters', again: 'after-migrations' },
  // Edition 2: the words kept per movie and user (search_terms, migration 025).
  { name: 'search', module: '../../search/reindex.ts', fn: 'reindexAll', again: { edition: 2 } },
];

async function migrationCount(q: Queryable): Promise<number> {
  const row = await q.one<{ n: string }>('SELECT count(*) AS n FROM schema_migrations');
  return Number(row?.n ?? 0);
}

/** Runs the rebuilds not yet run, then VACUUM (ANALYZE); returns the names of those run. */
export async function finishScale(db: Db, log: (line: string) => void = () => {}): Promise<string[]> {
  const schema = await migrationCount(db);
  const ran: string[] = [];
  for (const rebuild of REBUILDS) {
    const url = new URL(rebuild.module, import.meta.url);
    if (!existsSync(fileURLToPath(url))) continue;
    // An edition is part of the mark's name: a database built by an earlier edition has no such mark.
    const mark =
      rebuild.again === 'after-migrations' ? `scale:${rebuild.name}` : `scale:${rebuild.name}@${rebuild.again.edition}`;
    const done = await db.one<{ version: number }>('SELECT version FROM seed_state WHERE name = $1', [mark]);
    if (done && (rebuild.again !== 'after-migrations' || done.version >= schema)) continue;
    // The planner's statistics first: a bulk fill's tables have none yet, and the search rebuild's
    // per-batch reads of sources planned without them ran 30 times slower (a seq scan of tags per post).
    if (ran.length === 0) await db.query('ANALYZE');
    const mod = (await import(url.href)) as Record<string, unknown>;
    const fn = mod[rebuild.fn];
    if (typeof fn !== 'function') throw new Error(`${rebuild.module} has no ${rebuild.fn}`);
    const started = performance.now();
    log(`${rebuild.fn}…`);
    await (fn as (db: Db) => Promise<unknown>)(db);
    await db.query(
      `INSERT INTO seed_state (name, version) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, seeded_at = now()`,
      [mark, schema],
    );
    log(`${rebuild.fn} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    ran.push(rebuild.name);
  }
  if (ran.length > 0 || !(await db.one("SELECT 1 FROM seed_state WHERE name = 'scale:analyzed'"))) {
    await db.query('VACUUM (ANALYZE)');
    await db.query(
      `INSERT INTO seed_state (name, version) VALUES ('scale:analyzed', $1)
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, seeded_at = now()`,
      [schema],
    );
    log('analyzed');
  }
  return ran;
}
