/** `GET /api/fetch-data`: plain JSON `{siteInfo}` of the site serving the request's Host (docs/spec.md section 7). */
import type { FastifyPluginAsync } from 'fastify';
import { SITE_INFO_PATH } from '../../contract/calls/paths.ts';
import { toSiteInfo } from '../db/sites.ts';
import type { SiteDirectory } from '../site-directory.ts';

export const siteInfoRoutes: FastifyPluginAsync<{ sites: SiteDirectory }> = async (app, { sites }) => {
  app.get(SITE_INFO_PATH, async (req, reply) => {
    const site = await sites.findForHost(req.hostname);
    reply.header('cache-control', 'no-cache');
    if (!site) return reply.code(503).send({ error: 'no site is configured' });
    return { siteInfo: toSiteInfo(site) };
  });
};
