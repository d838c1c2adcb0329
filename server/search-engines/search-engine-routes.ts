/**
 * What crawlers read of each site (docs/operations.md "Search engines"), chosen by the Host as the
 * pages are (server/site-directory.ts):
 *   - GET /robots.txt: the paths kept out of search (the API and the MacCMS feed, the member area, the console, search
 *     result pages, the payment sandbox) and, on a known site's host, where its sitemap index is;
 *   - GET /sitemap.xml: the site's sitemap index; GET /sitemaps/<kind>-<n>.xml: its files
 *     (server/search-engines/sitemaps.ts).
 * URLs are absolute on the site's own origin (server/net/site-origin.ts). A Host that is no site's is
 * never written into a URL: such a request gets robots.txt without a Sitemap line and 404 for the
 * sitemaps.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { SITEMAP_KINDS, type SitemapKind } from '../db/sitemaps.ts';
import { requestedSiteOrigin } from '../net/site-origin.ts';
import type { SiteDirectory } from '../site-directory.ts';
import { Sitemaps, type SitemapOptions } from './sitemaps.ts';

/** Paths kept out of search engines' indexes, on every site. */
export const DISALLOWED = ['/api/', '/api.php', '/admin', '/mine', '/search', '/pay/'] as const;

const FILE = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9][0-9]{0,5})\\.xml$`);

export const robotsTxt = (origin: string | null): string =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    ...(origin === null ? [] : ['', `Sitemap: ${origin}/sitemap.xml`]),
    '',
  ].join('\n');

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

interface Options {
  db: Db;
  sites: SiteDirectory;
  config: Pick<Config, 'PUBLIC_URL'>;
  sitemaps?: SitemapOptions;
}

export const searchEngineRoutes: FastifyPluginAsync<Options> = async (app, { db, sites, config, sitemaps }) => {
  const maps = new Sitemaps(db, { onError: (error) => app.log.error({ err: error }, 'sitemap bounds'), ...sitemaps });

  /** The site of the Host and its origin; origin null when the Host is no site's. */
  const siteOf = async (req: FastifyRequest) => {
    const site = await sites.findForHost(req.hostname);
    return { site, origin: site ? requestedSiteOrigin(req, site, config.PUBLIC_URL) : null };
  };

  app.get('/robots.txt', async (req, reply) => {
    const { origin } = await siteOf(req);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin));
  });

  const sendXml = (reply: FastifyReply, body: string | Buffer) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .header('vary', 'accept-encoding')
      .send(body);

  app.get('/sitemap.xml', async (req, reply) => {
    const { site, origin } = await siteOf(req);
    if (!site || origin === null) return notFound(reply);
    return sendXml(reply, await maps.index(site.id, origin));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (req, reply) => {
    const match = FILE.exec(req.params.file);
    const { site, origin } = await siteOf(req);
    if (!match || !site || origin === null) return notFound(reply);
    const file = await maps.file(site.id, match[1] as SitemapKind, Number(match[2]), origin);
    if (!file) return notFound(reply);
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return sendXml(reply.header('content-encoding', 'gzip'), await file.gzipped());
    }
    return sendXml(reply, await file.xml());
  });
};
