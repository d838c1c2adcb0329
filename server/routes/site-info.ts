/** `GET /api/fetch-data`: plain JSON `{siteInfo}` of the site serving the request's Host (docs/spec.md section 7). */
import type { FastifyPluginAsync } from 'fastify';
import { SITE_INFO_PATH } from '../../contract/calls/paths.ts';
import { toSiteInfo, type Site } from '../db/sites.ts';
import type { SiteDirectory } from '../site-directory.ts';

/** The answer's body, also carried by a page with a first paint (server/first-paint/first-screen.ts). */
export const siteInfoAnswer = (site: Site) => ({ siteInfo: toSiteInfo(site) });

export const siteInfoRoutes: FastifyPluginAsync<{ sites: SiteDirectory }> = async (app, { sites }) => {
  app.get(SITE_INFO_PATH, async (req, reply) => {
    const site = await sites.findForHost(req.hostname);
    reply.header('cache-control', 'no-cache');
    if (!site) return reply.code(503).send({ error: 'no site is configured' });
    return siteInfoAnswer(site);
  });
};
