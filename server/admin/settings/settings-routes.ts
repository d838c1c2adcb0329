/**
 * The console's 站点设置 under /admin-api/settings (docs/admin-api.md), for 超级管理员 and 运营:
 * the per-site lists (list-kinds.ts: banners, CDN lines, VIP plans, coin packages, goods), the CDN
 * lines' live health, goods stock, images for banners and goods, the sites themselves and the shared
 * dictionary. An operator limited to some sites reads and changes only those (403). Images come as
 * the raw bytes of the body (Content-Type image/jpeg|png|gif|webp), parsed in this plugin only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { IMAGE_PURPOSES } from '../../../contract/admin/settings.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { dictionaryRoutes } from './dictionary-routes.ts';
import { lineHealth } from './line-health.ts';
import { listKinds } from './list-kinds.ts';
import { listRoutes, lockSite, oneRow } from './list-routes.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, storeSettingsImage } from './settings-images.ts';
import { itemIdOf, notFound, settingsRoles, siteOf } from './settings-scope.ts';
import { settingsMessages as text } from './settings-messages.ts';
import { siteRoutes } from './site-routes.ts';

const imageQuery = z.object({ purpose: z.enum(IMAGE_PURPOSES, { message: text.purpose }) });
const healthQuery = z.object({ refresh: z.enum(['0', '1']).optional() });
const stockChange = z
  .object({
    set: z
      .number({ message: text.stock })
      .int({ message: text.stock })
      .min(0, { message: text.stock })
      .max(2 ** 31 - 1),
    delta: z
      .number()
      .int()
      .min(-(2 ** 31 - 1))
      .max(2 ** 31 - 1),
  })
  .partial()
  .refine((value) => (value.set === undefined) !== (value.delta === undefined), { message: text.stockOne });

export const settingsRoutes: FastifyPluginAsync<AdminDeps> = async (api, { db, config, outbound }) => {
  api.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  const { linesHealth, probeLine } = lineHealth(api, outbound);
  const kinds = listKinds(config.OUTBOUND_TEST_HOSTS, probeLine);
  for (const kind of kinds) listRoutes(api, db, kind);
  siteRoutes(api, db, config);
  dictionaryRoutes(api, db);

  api.post('/settings/images', settingsRoles, async (req) => {
    const { purpose } = parseInput(imageQuery, req.query);
    if (!Buffer.isBuffer(req.body)) throw badField('file', text.imageType);
    return storeSettingsImage(config.UPLOAD_DIR, req.body, purpose);
  });

  api.get('/settings/sites/:siteId/cdn-lines/health', settingsRoles, async (req) => {
    const { refresh } = parseInput(healthQuery, req.query);
    const siteId = await siteOf(db, req);
    const rows = await db.query<{ id: number; url: string }>(
      'SELECT id, url FROM cdn_lines WHERE site_id = $1 ORDER BY sort, id',
      [siteId],
    );
    return { list: await linesHealth(rows, refresh === '1') };
  });

  const goods = kinds.find((kind) => kind.segment === 'goods')!;
  // Stock set to a value or moved by a delta; never below zero (exchanges may be taking it meanwhile).
  api.post('/settings/sites/:siteId/goods/:id/stock', settingsRoles, async (req) => {
    const id = itemIdOf(req);
    const input = parseInput(stockChange, req.body);
    return db.tx(async (q) => {
      const siteId = await siteOf(q, req);
      await lockSite(q, siteId);
      const before = await oneRow(q, goods, siteId, id);
      if (!before) throw notFound(goods.label, id);
      const changed = await q.one<{ stock: number }>(
        `UPDATE points_goods SET stock = ${input.set !== undefined ? '$3' : 'stock + $3'}
          WHERE site_id = $1 AND id = $2 AND ${input.set !== undefined ? 'true' : 'stock + $3 >= 0'} RETURNING stock`,
        [siteId, id, input.set ?? input.delta],
      );
      if (!changed) throw badField('delta', text.stockBelowZero(before.stock as number));
      const after = (await oneRow(q, goods, siteId, id))!;
      await audit(q, {
        ...auditOf(req),
        action: 'goods.stock',
        targetType: 'goods',
        targetId: id,
        before: { siteId, stock: before.stock },
        after: { siteId, stock: after.stock, ...input },
      });
      return after;
    });
  });
};
