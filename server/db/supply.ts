/**
 * The SQL of collection runs (server/supply/, migration 040): a run's state as its job moves it
 * (queued → running → paused | done | failed), its stored page (the last one written whole), its
 * counters and its log, one row per item, each bumped in the item's own transaction.
 */
import type { ItemOutcome, LandAs, RunMode, RunState } from '../../contract/admin/supply.ts';
import type { Db, Queryable } from './db.ts';

export interface RunRow {
  id: number;
  sourceId: number;
  mode: RunMode;
  ids: string[];
  state: RunState;
  page: number;
  pageCount: number | null;
  operatorId: number | null;
}

export interface SourceRow {
  id: number;
  name: string;
  apiUrl: string;
  format: 'json' | 'xml';
  apiKey: string | null;
  enabled: boolean;
  landAs: LandAs;
}

const RUN_COLUMNS = `id, source_id AS "sourceId", mode, ids, state, page, page_count AS "pageCount",
  operator_id AS "operatorId"`;

export async function insertRun(
  q: Queryable,
  input: { sourceId: number; mode: RunMode; ids: string[]; operatorId: number | null },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    'INSERT INTO supply_runs (source_id, mode, ids, operator_id) VALUES ($1, $2, $3::text[], $4) RETURNING id',
    [input.sourceId, input.mode, input.ids, input.operatorId],
  );
  return row!.id;
}

export async function setRunJob(q: Queryable, runId: number, jobId: string): Promise<void> {
  await q.query('UPDATE supply_runs SET job_id = $2 WHERE id = $1', [runId, jobId]);
}

/**
 * The run, marked running, when `jobId` is its job and it is queued or running (a retry of a job
 * whose worker stopped); undefined when it was paused, finished or handed to another job since.
 */
export async function claimRun(db: Db, runId: number, jobId: string): Promise<RunRow | undefined> {
  return db.one<RunRow>(
    `UPDATE supply_runs SET state = 'running', started_at = coalesce(started_at, now())
      WHERE id = $1 AND job_id = $2 AND state IN ('queued', 'running')
      RETURNING ${RUN_COLUMNS}`,
    [runId, jobId],
  );
}

export async function sourceOf(q: Queryable, sourceId: number): Promise<SourceRow | undefined> {
  return q.one<SourceRow>(
    `SELECT id, name, api_url AS "apiUrl", format, api_key AS "apiKey", enabled, land_as AS "landAs"
       FROM supply_sources WHERE id = $1`,
    [sourceId],
  );
}

/** The source's type ids mapped to local categories. */
export async function typeMapOf(q: Queryable, sourceId: number): Promise<Map<number, number>> {
  const rows = await q.query<{ typeId: number; categoryId: number }>(
    'SELECT type_id AS "typeId", category_id AS "categoryId" FROM supply_type_map WHERE source_id = $1',
    [sourceId],
  );
  return new Map(rows.map((row) => [row.typeId, row.categoryId]));
}

/** The vod_ids already logged on a page (a page cut short by a stopped worker is read again). */
export async function loggedOnPage(q: Queryable, runId: number, page: number): Promise<Set<string>> {
  const rows = await q.query<{ vodId: string }>(
    'SELECT vod_id AS "vodId" FROM supply_run_items WHERE run_id = $1 AND page = $2',
    [runId, page],
  );
  return new Set(rows.map((row) => row.vodId));
}

const COUNTER: Record<ItemOutcome, string> = {
  added: 'added',
  updated: 'updated',
  skipped: 'skipped',
  failed: 'failed',
};

/** One row of the run's log, and the run's counter of its outcome, in the item's transaction. */
export async function logItem(
  q: Queryable,
  item: {
    runId: number;
    page: number;
    vodId: string;
    name: string;
    outcome: ItemOutcome;
    reason: string;
    movieId: number | null;
  },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO supply_run_items (run_id, page, vod_id, name, outcome, reason, movie_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [item.runId, item.page, item.vodId, item.name, item.outcome, item.reason, item.movieId],
  );
  const column = COUNTER[item.outcome];
  await q.query(`UPDATE supply_runs SET ${column} = ${column} + 1 WHERE id = $1`, [item.runId]);
  return row!.id;
}

/** Adds a note to a logged item's reason (a picture that could not be used). */
export async function noteItem(q: Queryable, itemId: number, note: string): Promise<void> {
  await q.query(
    `UPDATE supply_run_items SET reason = CASE WHEN reason = '' THEN $2 ELSE reason || '；' || $2 END WHERE id = $1`,
    [itemId, note],
  );
}

/** Stores a page as written whole; answers whether a pause was asked meanwhile. */
export async function pageDone(db: Db, runId: number, page: number, pageCount: number): Promise<boolean> {
  const row = await db.one<{ pause: boolean }>(
    'UPDATE supply_runs SET page = $2, page_count = $3 WHERE id = $1 RETURNING pause_requested AS pause',
    [runId, page, pageCount],
  );
  return row?.pause ?? false;
}

/** A run's end ('done', 'failed' with its reason) or its pause. */
export async function endRun(
  db: Db,
  runId: number,
  state: 'done' | 'failed' | 'paused',
  failure: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE supply_runs SET state = $2, failure = $3, pause_requested = false,
            finished_at = CASE WHEN $2 = 'paused' THEN NULL ELSE now() END
      WHERE id = $1`,
    [runId, state, failure],
  );
}

/** Asks a run to pause: a queued one at once, a running one after its page. */
export async function requestPause(db: Db, runId: number): Promise<boolean> {
  const row = await db.one<{ id: number }>(
    `UPDATE supply_runs
        SET state = CASE WHEN state = 'queued' THEN 'paused' ELSE state END,
            pause_requested = (state = 'running')
      WHERE id = $1 AND state IN ('queued', 'running') RETURNING id`,
    [runId],
  );
  return row !== undefined;
}

/** A paused or failed run queued again (in the caller's transaction with its new job); false when it is neither. */
export async function requeueRun(q: Queryable, runId: number): Promise<boolean> {
  const row = await q.one<{ id: number }>(
    `UPDATE supply_runs SET state = 'queued', pause_requested = false, failure = NULL, finished_at = NULL
      WHERE id = $1 AND state IN ('paused', 'failed') RETURNING id`,
    [runId],
  );
  return row !== undefined;
}

/** Sources whose schedule is due at `now` with no run of theirs queued or running, each claimed (scheduled_at = now). */
export async function claimDueSources(q: Queryable, now: Date): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `UPDATE supply_sources s SET scheduled_at = $1::timestamptz
      WHERE s.enabled AND s.every_hours IS NOT NULL
        AND (s.scheduled_at IS NULL OR s.scheduled_at <= $1::timestamptz - make_interval(hours => s.every_hours))
        AND NOT EXISTS (SELECT 1 FROM supply_runs r WHERE r.source_id = s.id AND r.state IN ('queued', 'running'))
      RETURNING s.id`,
    [now],
  );
  return rows.map((row) => row.id);
}
