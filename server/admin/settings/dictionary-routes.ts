/**
 * The data dictionary (type / key / label / sort), shared by every site of the station group (the
 * app's /system/dictionary): 超级管理员 and 运营 read it; only an operator of every site changes
 * it, since a change shows on all of them (an operator limited to some sites gets 403).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminDictEntry } from '../../../contract/admin/settings.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { AdminHttpError, forbidden } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { operatorOf } from '../guards.ts';
import { settingsRoles, uniqueAs } from './settings-scope.ts';
import { settingsMessages as text } from './settings-messages.ts';

const typeSchema = z
  .string({ message: text.dictType })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, { message: text.dictType });
const keySchema = z
  .string({ message: text.dictKey })
  .trim()
  .min(1, { message: text.dictKey })
  .max(64, { message: text.dictKey });
const labelSchema = z.string({ message: text.label }).trim().min(1, { message: text.label }).max(60);
const sort = z.number().int().min(0).max(1_000_000);

const listQuery = z.object({ type: typeSchema.optional().or(z.literal('').transform(() => undefined)) });
const entry = z.object({ type: typeSchema, key: keySchema, label: labelSchema, sort: sort.default(0) });
const entryParams = z.object({ type: typeSchema, key: keySchema });
const change = z
  .object({ label: labelSchema, sort })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });

const COLUMNS = 'type, key, label, sort';
const one = (q: Queryable, type: string, key: string) =>
  q.one<AdminDictEntry>(`SELECT ${COLUMNS} FROM dictionary WHERE type = $1 AND key = $2`, [type, key]);

function assertEverySite(req: FastifyRequest): void {
  if (operatorOf(req).siteIds !== null) throw forbidden(text.dictAllSites);
}

export function dictionaryRoutes(api: FastifyInstance, db: Db): void {
  api.get('/settings/dictionary', settingsRoles, async (req) => {
    const { type } = parseInput(listQuery, req.query);
    const types = await db.query<{ type: string }>('SELECT DISTINCT type FROM dictionary ORDER BY type');
    const list = await db.query<AdminDictEntry>(
      `SELECT ${COLUMNS} FROM dictionary ${type ? 'WHERE type = $1' : ''} ORDER BY type, sort, key`,
      type ? [type] : [],
    );
    return { types: types.map((row) => row.type), list };
  });

  api.post('/settings/dictionary', settingsRoles, async (req) => {
    assertEverySite(req);
    const input = parseInput(entry, req.body);
    return uniqueAs('key', text.dictTaken, () =>
      db.tx(async (q) => {
        await q.query('INSERT INTO dictionary (type, key, label, sort) VALUES ($1, $2, $3, $4)', [
          input.type,
          input.key,
          input.label,
          input.sort,
        ]);
        const after = (await one(q, input.type, input.key))!;
        await audit(q, {
          ...auditOf(req),
          action: 'dictionary.create',
          targetType: 'dictionary',
          targetId: `${input.type}/${input.key}`,
          after,
        });
        return after;
      }),
    );
  });

  api.patch('/settings/dictionary/:type/:key', settingsRoles, async (req) => {
    assertEverySite(req);
    const { type, key } = parseInput(entryParams, req.params);
    const input = parseInput(change, req.body);
    return db.tx(async (q) => {
      const before = await one(q, type, key);
      if (!before) throw new AdminHttpError(404, text.notFound('字典项', `${type}/${key}`));
      await q.query('UPDATE dictionary SET label = $3, sort = $4 WHERE type = $1 AND key = $2', [
        type,
        key,
        input.label ?? before.label,
        input.sort ?? before.sort,
      ]);
      const after = (await one(q, type, key))!;
      await audit(q, {
        ...auditOf(req),
        action: 'dictionary.update',
        targetType: 'dictionary',
        targetId: `${type}/${key}`,
        before,
        after,
      });
      return after;
    });
  });

  api.delete('/settings/dictionary/:type/:key', settingsRoles, async (req) => {
    assertEverySite(req);
    const { type, key } = parseInput(entryParams, req.params);
    return db.tx(async (q) => {
      const before = await one(q, type, key);
      if (!before) throw new AdminHttpError(404, text.notFound('字典项', `${type}/${key}`));
      await q.query('DELETE FROM dictionary WHERE type = $1 AND key = $2', [type, key]);
      await audit(q, {
        ...auditOf(req),
        action: 'dictionary.delete',
        targetType: 'dictionary',
        targetId: `${type}/${key}`,
        before,
      });
      return { ok: true };
    });
  });
}
