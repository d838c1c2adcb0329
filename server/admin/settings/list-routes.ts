/**
 * The per-site lists of list-kinds.ts under /settings/sites/:siteId/<segment>: list, add, edit,
 * delete (where the kind allows it) and reorder. Each change is one transaction that locks the
 * site's row first (so checks across rows, like the last enabled CDN line, hold under concurrency),
 * checks the whole row after the change, and writes its audit row with before and after. A kind's
 * `vet` looks at an addition or a change first, outside the transaction; its `notice` comes back
 * with the row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/db.ts';
import { badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { type ListKind, type Vetted } from './list-kinds.ts';
import { itemIdOf, notFound, settingsRoles, siteOf, uniqueAs } from './settings-scope.ts';
import { settingsMessages as text } from './settings-messages.ts';

type Row = Record<string, unknown>;

const reorder = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });

const selectList = (kind: ListKind): string =>
  Object.entries(kind.columns)
    .map(([field, { column, time }]) =>
      time ? `(floor(extract(epoch FROM ${column}) * 1000))::float8 AS "${field}"` : `${column} AS "${field}"`,
    )
    .join(', ');

export function listRows(q: Queryable, kind: ListKind, siteId: number): Promise<Row[]> {
  return q.query<Row>(`SELECT ${selectList(kind)} FROM ${kind.table} WHERE site_id = $1 ORDER BY sort, id`, [siteId]);
}

export function oneRow(q: Queryable, kind: ListKind, siteId: number, id: number): Promise<Row | undefined> {
  return q.one<Row>(`SELECT ${selectList(kind)} FROM ${kind.table} WHERE site_id = $1 AND id = $2`, [siteId, id]);
}

/** `column = $n` / value pairs of the given fields (known columns only: the schema chose the keys). */
function assignments(
  kind: ListKind,
  input: Row,
  first: number,
): { columns: string[]; values: string[]; params: unknown[] } {
  const columns: string[] = [];
  const values: string[] = [];
  const params: unknown[] = [];
  for (const [field, value] of Object.entries(input)) {
    const spec = kind.columns[field];
    if (!spec || field === 'id') continue;
    params.push(value);
    columns.push(spec.column);
    values.push(
      spec.time ? `to_timestamp($${first + params.length - 1}::float8 / 1000)` : `$${first + params.length - 1}`,
    );
  }
  return { columns, values, params };
}

export const lockSite = (q: Queryable, siteId: number) =>
  q.query('SELECT id FROM sites WHERE id = $1 FOR UPDATE', [siteId]);

/** Registers the calls of one kind. */
export function listRoutes(api: FastifyInstance, db: Db, kind: ListKind): void {
  const base = `/settings/sites/:siteId/${kind.segment}`;
  const inTx = <T>(work: (q: Queryable) => Promise<T>) => uniqueAs('code', text.codeTaken, () => db.tx(work));
  const after = async (
    q: Queryable,
    req: FastifyRequest,
    siteId: number,
    action: string,
    id: number,
    before: Row | null,
  ) => {
    const row = action === 'delete' ? null : ((await oneRow(q, kind, siteId, id)) ?? null);
    if (row) kind.check?.(row);
    await kind.afterChange?.(q, siteId);
    await audit(q, {
      ...auditOf(req),
      action: `${kind.target}.${action}`,
      targetType: kind.target,
      targetId: id,
      before: before ? { siteId, ...before } : undefined,
      after: row ? { siteId, ...row } : undefined,
    });
    return row;
  };

  /** The kind's look at a new row (`id` null) or a change of row `id`, before its transaction. */
  const vetted = async (req: FastifyRequest, input: Row, id: number | null): Promise<Vetted> => {
    if (!kind.vet) return { input };
    const siteId = await siteOf(db, req);
    const before = id === null ? null : ((await oneRow(db, kind, siteId, id)) ?? null);
    if (id !== null && !before) throw notFound(kind.label, id);
    return kind.vet(db, siteId, input, before);
  };
  const answer = (row: Row | null, { notice }: Vetted) => (notice ? { ...row, notice } : row);

  api.get(base, settingsRoles, async (req) => ({ list: await listRows(db, kind, await siteOf(db, req)) }));

  api.post(base, settingsRoles, async (req) => {
    const given = Object.entries(parseInput(kind.create, req.body)).filter(([, value]) => value !== undefined);
    const fields = { ...kind.defaults?.(), ...Object.fromEntries(given) };
    kind.check?.(fields);
    const vet = await vetted(req, fields, null);
    const { input } = vet;
    const row = await inTx(async (q) => {
      const siteId = await siteOf(q, req);
      await lockSite(q, siteId);
      // Without a sort of its own, a new row goes last.
      input.sort ??= (await q.one<{ n: number }>(
        `SELECT COALESCE(MAX(sort), 0) + 10 AS n FROM ${kind.table} WHERE site_id = $1`,
        [siteId],
      ))!.n;
      const set = assignments(kind, input, 2);
      const made = await q.one<{ id: number }>(
        `INSERT INTO ${kind.table} (site_id, ${set.columns.join(', ')}) VALUES ($1, ${set.values.join(', ')}) RETURNING id`,
        [siteId, ...set.params],
      );
      return after(q, req, siteId, 'create', made!.id, null);
    });
    return answer(row, vet);
  });

  api.patch(`${base}/:id`, settingsRoles, async (req) => {
    const id = itemIdOf(req);
    const vet = await vetted(req, parseInput(kind.patch, req.body), id);
    const { input } = vet;
    const row = await inTx(async (q) => {
      const siteId = await siteOf(q, req);
      await lockSite(q, siteId);
      const before = await oneRow(q, kind, siteId, id);
      if (!before) throw notFound(kind.label, id);
      kind.check?.({ ...before, ...input });
      const set = assignments(kind, input, 3);
      await q.query(
        `UPDATE ${kind.table} SET ${set.columns.map((column, i) => `${column} = ${set.values[i]}`).join(', ')}
          WHERE site_id = $1 AND id = $2`,
        [siteId, id, ...set.params],
      );
      return after(q, req, siteId, 'update', id, before);
    });
    return answer(row, vet);
  });

  if (kind.deletable) {
    api.delete(`${base}/:id`, settingsRoles, async (req) => {
      const id = itemIdOf(req);
      return db.tx(async (q) => {
        const siteId = await siteOf(q, req);
        await lockSite(q, siteId);
        const before = await oneRow(q, kind, siteId, id);
        if (!before) throw notFound(kind.label, id);
        await q.query(`DELETE FROM ${kind.table} WHERE site_id = $1 AND id = $2`, [siteId, id]);
        await after(q, req, siteId, 'delete', id, before);
        return { ok: true };
      });
    });
  }

  // The ids in their new order: every row of the site's list exactly once.
  api.post(`${base}/order`, settingsRoles, async (req) => {
    const { ids } = parseInput(reorder, req.body);
    return db.tx(async (q) => {
      const siteId = await siteOf(q, req);
      await lockSite(q, siteId);
      const rows = await listRows(q, kind, siteId);
      const known = rows.map((row) => row.id as number);
      if (ids.length !== known.length || new Set(ids).size !== ids.length || ids.some((id) => !known.includes(id)))
        throw badField('ids', text.order);
      await q.query(
        `UPDATE ${kind.table} t SET sort = o.n * 10
           FROM unnest($2::int[]) WITH ORDINALITY AS o(id, n)
          WHERE t.site_id = $1 AND t.id = o.id`,
        [siteId, ids],
      );
      await audit(q, {
        ...auditOf(req),
        action: `${kind.target}.reorder`,
        targetType: 'site',
        targetId: siteId,
        before: known,
        after: ids,
      });
      return { list: await listRows(q, kind, siteId) };
    });
  });
}
