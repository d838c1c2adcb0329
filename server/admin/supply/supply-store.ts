/**
 * What the 资源采集 console reads of the store: the sources with their mapping's size, their titles
 * and their latest run; a run as the console shows it; numbered pages of runs (newest first) and of
 * a run's log (in the order written); a source's saved mapping. Writes are the routes' (with their
 * audit rows) and the collector's (server/supply/).
 */
import {
  RUN_ITEMS_PAGE_SIZE as ITEMS_PAGE_SIZE,
  RUNS_PAGE_SIZE,
  type ItemOutcome,
  type RunItem,
  type RunItemPage,
  type SourceClass,
  type SupplyRun,
  type SupplyRunPage,
  type SupplySource,
} from '../../../contract/admin/supply.ts';
import type { Queryable } from '../../db/db.ts';
import { Filter } from '../../db/paging.ts';

const ms = (at: Date | null): number | null => (at === null ? null : at.getTime());

interface RunRow extends Omit<SupplyRun, 'createdAt' | 'startedAt' | 'finishedAt'> {
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const RUN_SELECT = `SELECT r.id, r.source_id AS "sourceId", s.name AS "sourceName", r.mode, r.ids, r.state,
       r.pause_requested AS "pauseRequested", r.page, r.page_count AS "pageCount", r.added, r.updated,
       r.skipped, r.failed, r.failure, o.username AS "operatorName", r.created_at AS "createdAt",
       r.started_at AS "startedAt", r.finished_at AS "finishedAt"
  FROM supply_runs r JOIN supply_sources s ON s.id = r.source_id LEFT JOIN operators o ON o.id = r.operator_id`;

const runOf = (row: RunRow): SupplyRun => ({
  ...row,
  ids: row.ids ?? [],
  createdAt: row.createdAt.getTime(),
  startedAt: ms(row.startedAt),
  finishedAt: ms(row.finishedAt),
});

export async function findRun(q: Queryable, id: number): Promise<SupplyRun | undefined> {
  const row = await q.one<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  return row && runOf(row);
}

export async function listRuns(q: Queryable, query: { sourceId?: number; page: number }): Promise<SupplyRunPage> {
  const filter = new Filter().addIf('r.source_id = $?', query.sourceId);
  const { params } = filter;
  const [rows, count] = await Promise.all([
    q.query<RunRow>(
      `${RUN_SELECT} ${filter.where} ORDER BY r.id DESC LIMIT ${RUNS_PAGE_SIZE} OFFSET $${params.length + 1}`,
      [...params, (query.page - 1) * RUNS_PAGE_SIZE],
    ),
    q.one<{ total: number }>(`SELECT count(*) AS total FROM supply_runs r ${filter.where}`, params),
  ]);
  return { items: rows.map(runOf), total: count?.total ?? 0, page: query.page, pageSize: RUNS_PAGE_SIZE };
}

/** A run of the source still queued or running (one at a time per source), if any. */
export const activeRunOf = (q: Queryable, sourceId: number, except = 0) =>
  q.one<{ id: number }>(
    `SELECT id FROM supply_runs WHERE source_id = $1 AND id <> $2 AND state IN ('queued', 'running') LIMIT 1`,
    [sourceId, except],
  );

interface ItemRow extends Omit<RunItem, 'at'> {
  at: Date;
}

export async function listRunItems(
  q: Queryable,
  runId: number,
  query: { outcome?: ItemOutcome; page: number },
): Promise<RunItemPage> {
  const filter = new Filter().add('i.run_id = $?', runId).addIf('i.outcome = $?', query.outcome);
  const { params } = filter;
  const [rows, count] = await Promise.all([
    q.query<ItemRow>(
      `SELECT i.id, i.page, i.vod_id AS "vodId", i.name, i.outcome, i.reason, i.movie_id AS "movieId", i.at
         FROM supply_run_items i ${filter.where}
        ORDER BY i.id LIMIT ${ITEMS_PAGE_SIZE} OFFSET $${params.length + 1}`,
      [...params, (query.page - 1) * ITEMS_PAGE_SIZE],
    ),
    q.one<{ total: number }>(`SELECT count(*) AS total FROM supply_run_items i ${filter.where}`, params),
  ]);
  return {
    items: rows.map((row) => ({ ...row, at: row.at.getTime() })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: ITEMS_PAGE_SIZE,
  };
}

interface SourceRow extends Omit<SupplySource, 'latestRun' | 'createdAt'> {
  createdAt: Date;
  latestRunId: number | null;
}

const SOURCE_SELECT = `SELECT s.id, s.name, s.api_url AS "apiUrl", s.format, s.api_key AS "apiKey", s.enabled,
       s.land_as AS "landAs", s.every_hours AS "everyHours", s.created_at AS "createdAt",
       (SELECT count(*)::int FROM supply_type_map m WHERE m.source_id = s.id) AS "mappedTypes",
       (SELECT count(*)::int FROM supply_links l WHERE l.source_id = s.id) AS "titles",
       (SELECT max(r.id) FROM supply_runs r WHERE r.source_id = s.id) AS "latestRunId"
  FROM supply_sources s`;

async function sourcesOf(q: Queryable, rows: SourceRow[]): Promise<SupplySource[]> {
  const runIds = rows.map((row) => row.latestRunId).filter((id): id is number => id !== null);
  const runs =
    runIds.length === 0 ? [] : await q.query<RunRow>(`${RUN_SELECT} WHERE r.id = ANY($1::bigint[])`, [runIds]);
  const byId = new Map(runs.map((row) => [row.id, runOf(row)]));
  return rows.map(({ latestRunId, createdAt, ...source }) => ({
    ...source,
    createdAt: createdAt.getTime(),
    latestRun: (latestRunId !== null && byId.get(latestRunId)) || null,
  }));
}

export async function listSources(q: Queryable): Promise<SupplySource[]> {
  return sourcesOf(q, await q.query<SourceRow>(`${SOURCE_SELECT} ORDER BY s.id`));
}

export async function findSource(q: Queryable, id: number): Promise<SupplySource | undefined> {
  const rows = await q.query<SourceRow>(`${SOURCE_SELECT} WHERE s.id = $1`, [id]);
  return (await sourcesOf(q, rows))[0];
}

/** The saved mapping: type id → local category, with the type's name as last saved. */
export const savedMap = (q: Queryable, sourceId: number): Promise<SourceClass[]> =>
  q.query<SourceClass>(
    `SELECT type_id AS "typeId", type_name AS "typeName", category_id AS "categoryId"
       FROM supply_type_map WHERE source_id = $1 ORDER BY type_id`,
    [sourceId],
  );
