/**
 * The sites of the station group: list (an operator limited to some sites sees only those), edit
 * host, title, description and colour, upload the icon, and add a branded site (超级管理员 only).
 * A new site works at once: it gets the demo site's first enabled CDN line and copies of the demo's
 * enabled VIP plans and coin packages (so its VIP and wallet screens sell something); banners and
 * goods start empty (goods carry stock of their own). Its accountId is the next number after the
 * highest numeric one, its appId `site<accountId>`. 离线下载天数 (download_days, migration 019): how many
 * days a VIP's offline download stays playable (1..365, default 7; server/routes/downloads.ts).
 * 采集接口 (vod_feeds, migration 039): the site's MacCMS feed on or off (off for a new site), the
 * access levels it lists and its key (server/supply/provide-routes.ts).
 *
 * A host decides which visitors a site gets: a request whose Host is no site's is answered by the
 * default site. So a new host is never an IP address or a loopback name (what reaches the server
 * without a site's name, the default site's visitors, health checks), whoever sets it; and an
 * operator limited to some sites may give them only a name that is not another site's, nor inside
 * or around one (www.<its host>, its parent domain). A host left as it was is not checked again
 * (the seeded demo's localhost).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MovieAccess } from '../../../contract/calls/content.ts';
import type { OperatorInfo } from '../../../contract/admin/session.ts';
import { FEED_ACCESS, type SettingsSite } from '../../../contract/admin/settings.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { DEFAULT_DOWNLOAD_DAYS } from '../../db/downloads.ts';
import { DEMO_SITE, SITE_COLUMNS } from '../../db/sites.ts';
import { saveVodFeedSettings } from '../../db/vod-feed.ts';
import { badField } from '../admin-errors.ts';
import { auditOf, parseInput } from '../admin-input.ts';
import { audit } from '../audit.ts';
import { canActOnSite, operatorOf } from '../guards.ts';
import { lockSite } from './list-routes.ts';
import { storeSiteIcons } from './settings-images.ts';
import { colourSchema, settingsRoles, siteOf, superOnly, uniqueAs } from './settings-scope.ts';
import { settingsMessages as text } from './settings-messages.ts';

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const hostSchema = z
  .string({ message: text.host })
  .trim()
  .toLowerCase()
  .refine((value) => HOST.test(value), { message: text.host });
const fields = {
  host: hostSchema,
  title: z.string({ message: text.title }).trim().min(1, { message: text.title }).max(40),
  description: z.string().trim().max(200),
  primaryColor: colourSchema,
  downloadDays: z
    .number({ message: text.downloadDays })
    .int({ message: text.downloadDays })
    .min(1, { message: text.downloadDays })
    .max(365, { message: text.downloadDays }),
  feedEnabled: z.boolean(),
  feedAccess: z.enum(FEED_ACCESS, { message: text.feedAccess }),
  feedKey: z
    .string({ message: text.feedKey })
    .trim()
    .regex(/^(?:[A-Za-z0-9_-]{8,64})?$/, { message: text.feedKey })
    .nullable()
    .transform((key) => key || null),
};
/** The fields of the feed: a site is made with its feed off (a row in vod_feeds when first saved). */
const FEED_FIELDS = ['feedEnabled', 'feedAccess', 'feedKey'] as const;
const newSite = z
  .object(fields)
  .omit({ feedEnabled: true, feedAccess: true, feedKey: true })
  .extend({
    description: fields.description.default(''),
    downloadDays: fields.downloadDays.default(DEFAULT_DOWNLOAD_DAYS),
  });
const siteChange = z
  .object(fields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: text.nothingToChange });

/** What browsers read as an IPv4 address (a last label of digits, or 0x hex), and loopback names. */
const ADDRESS_OR_LOOPBACK = /(?:^|\.)(?:\d+|0x[0-9a-f]*|localhost)$/;

/** The checks of a new host (see the module's header), under the sites table's lock. */
async function checkNewHost(q: Queryable, operator: OperatorInfo, host: string): Promise<void> {
  if (ADDRESS_OR_LOOPBACK.test(host)) throw badField('host', text.hostAddress);
  if (operator.siteIds === null) return;
  const others = await q.query<{ host: string }>(
    'SELECT lower(host) AS host FROM sites WHERE NOT (id = ANY($1::int[]))',
    [operator.siteIds],
  );
  if (others.some((other) => other.host === host)) throw badField('host', text.hostTaken);
  if (others.some((other) => host.endsWith(`.${other.host}`) || other.host.endsWith(`.${host}`)))
    throw badField('host', text.hostNearOther);
}

const SITE_ROWS = `SELECT ${SITE_COLUMNS}, download_days AS "downloadDays", coalesce(f.enabled, false) AS "feedEnabled",
       array_to_string(coalesce(f.access, '{free}'), ',') AS "feedAccess", f.feed_key AS "feedKey"
  FROM sites LEFT JOIN vod_feeds f ON f.site_id = sites.id`;
export const listSettingsSites = (q: Queryable): Promise<SettingsSite[]> =>
  q.query<SettingsSite>(`${SITE_ROWS} ORDER BY id`);
const siteRow = (q: Queryable, id: number) => q.one<SettingsSite>(`${SITE_ROWS} WHERE id = $1`, [id]);

/** The defaults a new site gets from the demo site (see the module's header). */
async function copyDefaults(q: Queryable, siteId: number): Promise<void> {
  const demo = await q.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
  const line = demo
    ? await q.one<{ name: string; url: string }>(
        'SELECT name, url FROM cdn_lines WHERE site_id = $1 AND enabled ORDER BY sort, id LIMIT 1',
        [demo.id],
      )
    : undefined;
  await q.query('INSERT INTO cdn_lines (site_id, name, url, sort, enabled) VALUES ($1, $2, $3, 0, true)', [
    siteId,
    line?.name ?? '线路一',
    line?.url ?? '/cdn/1',
  ]);
  if (!demo) return;
  await q.query(
    `INSERT INTO vip_plans (site_id, code, name, days, price_fen, original_price_fen, badge, description, sort, enabled)
     SELECT $1, code, name, days, price_fen, original_price_fen, badge, description, sort, true
       FROM vip_plans WHERE site_id = $2 AND enabled`,
    [siteId, demo.id],
  );
  await q.query(
    `INSERT INTO coin_packages (site_id, code, coins, bonus_coins, price_fen, badge, sort, enabled)
     SELECT $1, code, coins, bonus_coins, price_fen, badge, sort, true FROM coin_packages WHERE site_id = $2 AND enabled`,
    [siteId, demo.id],
  );
}

export function siteRoutes(api: FastifyInstance, db: Db, config: Config): void {
  api.get('/settings/sites', settingsRoles, async (req) => {
    const operator = operatorOf(req);
    return { list: (await listSettingsSites(db)).filter((site) => canActOnSite(operator, site.id)) };
  });

  api.post('/settings/sites', superOnly, async (req) => {
    const input = parseInput(newSite, req.body);
    return uniqueAs('host', text.hostTaken, () =>
      db.tx(async (q) => {
        // One new site at a time: the next accountId is taken from the highest one.
        await q.query('LOCK TABLE sites IN SHARE ROW EXCLUSIVE MODE');
        await checkNewHost(q, operatorOf(req), input.host);
        const next = await q.one<{ n: string }>(
          `SELECT (COALESCE(MAX(account_id::bigint), 10000) + 1)::text AS n FROM sites WHERE account_id ~ '^[0-9]{1,15}$'`,
        );
        const accountId = next!.n;
        const made = await q.one<{ id: number }>(
          `INSERT INTO sites (account_id, app_id, host, title, description, primary_color, download_days)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            accountId,
            `site${accountId}`,
            input.host,
            input.title,
            input.description,
            input.primaryColor,
            input.downloadDays,
          ],
        );
        await copyDefaults(q, made!.id);
        const site = (await siteRow(q, made!.id))!;
        await audit(q, { ...auditOf(req), action: 'site.create', targetType: 'site', targetId: site.id, after: site });
        return site;
      }),
    );
  });

  api.patch('/settings/sites/:siteId', settingsRoles, async (req) => {
    const input = parseInput(siteChange, req.body);
    return uniqueAs('host', text.hostTaken, () =>
      db.tx(async (q) => {
        // A host is checked against the other sites' with none of them changing meanwhile.
        if (input.host !== undefined) await q.query('LOCK TABLE sites IN SHARE ROW EXCLUSIVE MODE');
        const siteId = await siteOf(q, req);
        await lockSite(q, siteId);
        const before = (await siteRow(q, siteId))!;
        if (input.host !== undefined && input.host !== before.host) await checkNewHost(q, operatorOf(req), input.host);
        const next = { ...before, ...input };
        await q.query(
          `UPDATE sites SET host = $2, title = $3, description = $4, primary_color = $5, download_days = $6
           WHERE id = $1`,
          [siteId, next.host, next.title, next.description, next.primaryColor, next.downloadDays],
        );
        if (FEED_FIELDS.some((name) => input[name] !== undefined)) {
          await saveVodFeedSettings(q, siteId, {
            enabled: next.feedEnabled,
            access: next.feedAccess.split(',') as MovieAccess[],
            key: next.feedKey,
          });
        }
        const after = (await siteRow(q, siteId))!;
        await audit(q, { ...auditOf(req), action: 'site.update', targetType: 'site', targetId: siteId, before, after });
        return after;
      }),
    );
  });

  // The icon: the image's bytes as the body (Content-Type image/*).
  api.post('/settings/sites/:siteId/icon', settingsRoles, async (req) => {
    const siteId = await siteOf(db, req);
    if (!Buffer.isBuffer(req.body)) throw badField('file', text.imageType);
    const colour = (await siteRow(db, siteId))!.primaryColor;
    const icons = await storeSiteIcons(config.UPLOAD_DIR, req.body, colour);
    return db.tx(async (q) => {
      await lockSite(q, siteId);
      const before = (await siteRow(q, siteId))!;
      await q.query('UPDATE sites SET icons = $2::jsonb WHERE id = $1', [siteId, JSON.stringify(icons)]);
      const after = (await siteRow(q, siteId))!;
      await audit(q, {
        ...auditOf(req),
        action: 'site.icon',
        targetType: 'site',
        targetId: siteId,
        before: { icons: before.icons },
        after: { icons: after.icons },
      });
      return after;
    });
  });
}
