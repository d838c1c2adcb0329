/**
 * GET /manifest.webmanifest per site: the build's manifest with the site's own title, description
 * and, once the console gave it some, its own icons, so a branded site installs as itself. Read
 * per request through the site directory, so a change shows within the read cache's time.
 * Revalidated on every load, as the build's file is (server/static.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Site } from '../db/sites.ts';
import type { SiteDirectory } from '../site-directory.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

type Manifest = Record<string, unknown> & { icons?: ManifestIcon[] };

const WEBP = 'image/webp';

export function manifestFor(base: Manifest, site: Site | undefined): Manifest {
  if (!site) return base;
  const own: Manifest = { ...base, name: site.title, short_name: site.title.slice(0, 12) };
  if (site.description) own.description = site.description;
  if (site.icons) {
    own.icons = [
      { src: site.icons['192'], sizes: '192x192', type: WEBP, purpose: 'any' },
      { src: site.icons['512'], sizes: '512x512', type: WEBP, purpose: 'any' },
      { src: site.icons.maskable, sizes: '512x512', type: WEBP, purpose: 'maskable' },
    ];
  }
  return own;
}

export const siteManifestRoutes: FastifyPluginAsync<{ sites: SiteDirectory; staticDir: string }> = async (
  app,
  { sites, staticDir },
) => {
  let base: Manifest;
  try {
    base = JSON.parse(readFileSync(join(staticDir, 'manifest.webmanifest'), 'utf8')) as Manifest;
  } catch {
    return; // no build: the static files' own 404s and 503 apply
  }
  app.get('/manifest.webmanifest', async (req, reply) => {
    const site = await sites.findForHost(req.hostname);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifestFor(base, site)));
  });
};
