/** Sites of the station group: one row per branded site (accountId, appId, host, look). */
import type { SiteIcons } from '../../contract/admin/settings.ts';
import type { SiteInfo } from '../../contract/calls/account.ts';
import type { Queryable } from './db.ts';

export interface Site {
  id: number;
  accountId: string;
  appId: string;
  host: string;
  title: string;
  description: string;
  primaryColor: string;
  /** The site's own app icons (set in the console), or null: the build's. */
  icons: SiteIcons | null;
}

export const SITE_COLUMNS = `id, account_id AS "accountId", app_id AS "appId", host, title, description,
  primary_color AS "primaryColor", icons`;

/** The demo site of docs/api.md; its key material is the development default. */
export const DEMO_SITE = {
  accountId: '10001',
  appId: 'demo',
  host: 'localhost',
  title: '影视社区',
  description: '电影、论坛与吃瓜，一站看个够',
  primaryColor: '#ff6a00',
} as const;

/** Creates the demo site on first start; an existing row (perhaps edited by an operator) is kept. */
export async function ensureDemoSite(db: Queryable): Promise<Site> {
  const d = DEMO_SITE;
  await db.query(
    `INSERT INTO sites (account_id, app_id, host, title, description, primary_color)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id) DO NOTHING`,
    [d.accountId, d.appId, d.host, d.title, d.description, d.primaryColor],
  );
  const site = await db.one<Site>(`SELECT ${SITE_COLUMNS} FROM sites WHERE account_id = $1`, [d.accountId]);
  if (!site) throw new Error('demo site missing right after its insert');
  return site;
}

export const listSites = (db: Queryable): Promise<Site[]> =>
  db.query<Site>(`SELECT ${SITE_COLUMNS} FROM sites ORDER BY id`);

export const toSiteInfo = (site: Site): SiteInfo => ({
  title: site.title,
  host: site.host,
  accountId: site.accountId,
  appId: site.appId,
  description: site.description,
  primaryColor: site.primaryColor,
});
