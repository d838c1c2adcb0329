/**
 * The console's 资源采集 under /admin-api/supply (docs/admin-api.md, "Collection"), for 运营 and
 * 超级管理员: MacCMS v10 sources (CRUD), a preview of a source's classes read now with the saved
 * mapping, the mapping of its type ids to local movie categories, and collection runs (start, the
 * list and one run, its log, pause and resume). The runs themselves are the collector's
 * (server/supply/run-control.ts): these routes check what an operator asked and say why not.
 *
 * Collected titles are shared by every site of the group, so every change here needs an operator
 * of every site (403 for one limited to some), as changes to titles do; reading is open to both.
 * A source's URL is checked as it is saved (public http(s) only, by the outbound guard's rules) and
 * again on every request (server/supply/source-client.ts). Its key is shown in full to those who may
 * edit it, as a site's feed key is in 站点设置.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SourceClass, SourceClasses, SupplyRun } from '../../../contract/admin/supply.ts';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db/db.ts';
import { checkUrl } from '../../net/outbound.ts';
import { pauseRun, resumeRun, startRun } from '../../supply/run-control.ts';
import { readSourceClasses, SupplyFetchError } from '../../supply/source-client.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { AdminHttpError, badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { isMovieCategory } from '../catalogue/movie-store.ts';
import { requireEverySite, requireRole } from '../guards.ts';
import { uniqueAs } from '../settings/settings-scope.ts';
import { idParams, itemsQuery, mapBody, runBody, runsQuery, sourceChange, sourceCreate } from './supply-input.ts';
import { supplyMessages as text } from './supply-messages.ts';
import { activeRunOf, findRun, findSource, listRunItems, listRuns, listSources, savedMap } from './supply-store.ts';

const idOf = (req: FastifyRequest): number => parseInput(idParams, req.params).id;

async function sourceOr404(q: Queryable, id: number) {
  const source = await findSource(q, id);
  if (!source) throw new AdminHttpError(404, text.sourceNotFound(id));
  return source;
}

async function runOr404(q: Queryable, id: number): Promise<SupplyRun> {
  const run = await findRun(q, id);
  if (!run) throw new AdminHttpError(404, text.runNotFound(id));
  return run;
}

/** The source's classes in its own order with the saved mapping; saved types it no longer lists follow. */
function mergeClasses(read: { typeId: number; typeName: string }[], saved: SourceClass[]): SourceClass[] {
  const mapped = new Map(saved.map((entry) => [entry.typeId, entry]));
  const listed = read.map(({ typeId, typeName }) => ({
    typeId,
    typeName,
    categoryId: mapped.get(typeId)?.categoryId ?? null,
  }));
  const seen = new Set(read.map((entry) => entry.typeId));
  return [...listed, ...saved.filter((entry) => !seen.has(entry.typeId))];
}

export const supplyRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, jobs, outbound }) => {
  const staff = { preHandler: requireRole('ops') };
  const change = { preHandler: [requireRole('ops'), requireEverySite(text.everySite)] };

  /** A URL the collector may read: public http(s) (127.0.0.1 too under the loopback test setting). */
  const checkApiUrl = (apiUrl: string): void => {
    const checked = checkUrl(apiUrl, { testHosts: config.OUTBOUND_TEST_HOSTS });
    if (checked.refused === 'url') throw badField('apiUrl', text.apiUrl);
    if (checked.refused) throw badField('apiUrl', text.apiUrlPrivate);
  };

  api.get('/supply/sources', staff, async () => listSources(db));

  api.post('/supply/sources', change, async (req) => {
    const input = parseInput(sourceCreate, req.body);
    checkApiUrl(input.apiUrl);
    return uniqueAs('name', text.nameTaken, () =>
      db.tx(async (q) => {
        const made = await q.one<{ id: number }>(
          `INSERT INTO supply_sources (name, api_url, format, api_key, enabled, land_as, every_hours)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [input.name, input.apiUrl, input.format, input.apiKey, input.enabled, input.landAs, input.everyHours],
        );
        const source = (await findSource(q, made!.id))!;
        await audit(q, {
          ...auditOf(req),
          action: 'supplySource.create',
          targetType: 'supplySource',
          targetId: source.id,
          after: { ...input },
        });
        return source;
      }),
    );
  });

  api.patch('/supply/sources/:id', change, async (req) => {
    const id = idOf(req);
    const input = parseInput(sourceChange, req.body);
    if (input.apiUrl !== undefined) checkApiUrl(input.apiUrl);
    return uniqueAs('name', text.nameTaken, () =>
      db.tx(async (q) => {
        const row = await q.one('SELECT id FROM supply_sources WHERE id = $1 FOR UPDATE', [id]);
        if (!row) throw new AdminHttpError(404, text.sourceNotFound(id));
        const before = (await findSource(q, id))!;
        const next = { ...before, ...input };
        await q.query(
          `UPDATE supply_sources SET name = $2, api_url = $3, format = $4, api_key = $5, enabled = $6, land_as = $7,
                  every_hours = $8, updated_at = now() WHERE id = $1`,
          [id, next.name, next.apiUrl, next.format, next.apiKey, next.enabled, next.landAs, next.everyHours],
        );
        const after = (await findSource(q, id))!;
        const changed = Object.keys(input) as (keyof typeof input)[];
        await audit(q, {
          ...auditOf(req),
          action: 'supplySource.update',
          targetType: 'supplySource',
          targetId: id,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        });
        return after;
      }),
    );
  });

  // Its mapping, runs, logs and links go with it; the titles it gave stay (and their 播放源, unlinked).
  api.delete('/supply/sources/:id', change, async (req) => {
    const id = idOf(req);
    return db.tx(async (q) => {
      const row = await q.one('SELECT id FROM supply_sources WHERE id = $1 FOR UPDATE', [id]);
      if (!row) throw new AdminHttpError(404, text.sourceNotFound(id));
      if (await activeRunOf(q, id)) throw badField('id', text.deleteBusy);
      const before = (await findSource(q, id))!;
      await q.query('DELETE FROM supply_sources WHERE id = $1', [id]);
      const { latestRun: _latest, ...kept } = before;
      await audit(q, {
        ...auditOf(req),
        action: 'supplySource.delete',
        targetType: 'supplySource',
        targetId: id,
        before: kept,
      });
      return { ok: true };
    });
  });

  api.get('/supply/sources/:id/classes', staff, async (req): Promise<SourceClasses> => {
    const source = await sourceOr404(db, idOf(req));
    let read: Awaited<ReturnType<typeof readSourceClasses>>;
    try {
      read = await readSourceClasses(outbound, { apiUrl: source.apiUrl, format: source.format, apiKey: source.apiKey });
    } catch (error) {
      // The source's fault, not the operator's input nor ours: said as the collector words it.
      if (error instanceof SupplyFetchError) throw new AdminHttpError(400, text.readFailed(error.message));
      throw error;
    }
    return { classes: mergeClasses(read.classes, await savedMap(db, source.id)), total: read.total };
  });

  // The whole mapping at once: a type with a null category (不采集) has no row, so it is skipped.
  api.put('/supply/sources/:id/map', change, async (req) => {
    const id = idOf(req);
    const { map } = parseInput(mapBody, req.body);
    const mapped = map.filter((entry): entry is SourceClass & { categoryId: number } => entry.categoryId !== null);
    for (const [index, entry] of map.entries()) {
      if (entry.categoryId !== null && !(await isMovieCategory(db, entry.categoryId)))
        throw badField(`map.${index}.categoryId`, text.unknownCategory(entry.categoryId));
    }
    return db.tx(async (q) => {
      const row = await q.one('SELECT id FROM supply_sources WHERE id = $1 FOR UPDATE', [id]);
      if (!row) throw new AdminHttpError(404, text.sourceNotFound(id));
      const before = await savedMap(q, id);
      await q.query('DELETE FROM supply_type_map WHERE source_id = $1', [id]);
      if (mapped.length > 0) {
        await q.query(
          `INSERT INTO supply_type_map (source_id, type_id, type_name, category_id)
           SELECT $1, t.type_id, t.type_name, t.category_id
             FROM unnest($2::int[], $3::text[], $4::int[]) AS t (type_id, type_name, category_id)`,
          [id, mapped.map((e) => e.typeId), mapped.map((e) => e.typeName), mapped.map((e) => e.categoryId)],
        );
      }
      const after = await savedMap(q, id);
      await audit(q, {
        ...auditOf(req),
        action: 'supplySource.map',
        targetType: 'supplySource',
        targetId: id,
        before,
        after,
      });
      return { map: after };
    });
  });

  api.post('/supply/sources/:id/runs', change, async (req) => {
    const id = idOf(req);
    const input = parseInput(runBody, req.body);
    const source = await sourceOr404(db, id);
    if (!source.enabled) throw badField('enabled', text.disabled);
    if (source.mappedTypes === 0) throw badField('map', text.unmapped);
    if (await activeRunOf(db, id)) throw badField('mode', text.busy);
    // A start at the same instant as this one meets the one-active-run index (migration 040).
    const runId = await startRun(
      { db, jobs },
      { sourceId: id, mode: input.mode, ids: input.ids, operatorId: auditOf(req).operatorId },
    ).catch((error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? badField('mode', text.busy) : error;
    });
    await audit(db, {
      ...auditOf(req),
      action: 'supplyRun.start',
      targetType: 'supplyRun',
      targetId: runId,
      after: { sourceId: id, ...input },
    });
    return runOr404(db, runId);
  });

  api.get('/supply/runs', staff, async (req) => listRuns(db, parseInput(runsQuery, req.query)));

  api.get('/supply/runs/:id', staff, async (req) => runOr404(db, idOf(req)));

  api.get('/supply/runs/:id/items', staff, async (req) => {
    const run = await runOr404(db, idOf(req));
    return listRunItems(db, run.id, parseInput(itemsQuery, req.query));
  });

  api.post('/supply/runs/:id/pause', change, async (req) => {
    const before = await runOr404(db, idOf(req));
    if (!(await pauseRun(db, before.id))) throw badField('state', text.cannotPause);
    const after = await runOr404(db, before.id);
    await audit(db, {
      ...auditOf(req),
      action: 'supplyRun.pause',
      targetType: 'supplyRun',
      targetId: before.id,
      before: { state: before.state, page: before.page },
      after: { state: after.state, pauseRequested: after.pauseRequested },
    });
    return after;
  });

  api.post('/supply/runs/:id/resume', change, async (req) => {
    const before = await runOr404(db, idOf(req));
    if (before.state !== 'paused' && before.state !== 'failed') throw badField('state', text.cannotResume);
    if (await activeRunOf(db, before.sourceId, before.id)) throw badField('state', text.resumeBusy);
    const resumed = await resumeRun({ db, jobs }, before.id).catch((error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? badField('state', text.resumeBusy) : error;
    });
    if (!resumed) throw badField('state', text.cannotResume);
    const after = await runOr404(db, before.id);
    await audit(db, {
      ...auditOf(req),
      action: 'supplyRun.resume',
      targetType: 'supplyRun',
      targetId: before.id,
      before: { state: before.state, page: before.page },
      after: { state: after.state },
    });
    return after;
  });
};
