/**
 * The origin of a site's absolute URLs (canonical links, Open Graph, sitemaps, robots.txt): one
 * rule for the page heads (server/first-paint/page-head.ts) and the crawlers' files
 * (server/search-engines/), so a canonical link and its sitemap entry agree.
 *
 * On the site's own host: PUBLIC_URL when it names that host, else the request's protocol
 * (X-Forwarded-Proto only under TRUST_PROXY) and the site's host with the port asked for (none when
 * the scheme's own). A Host header that is not the site's host is never written into a URL.
 */
import type { FastifyRequest } from 'fastify';
import type { Site } from '../db/sites.ts';

const DNS_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const schemeOf = (req: FastifyRequest): 'https' | 'http' => (req.protocol === 'https' ? 'https' : 'http');

/** The origin (or base URL) of `site` as this request reached it, or null when the request's Host is not the site's. */
export function requestedSiteOrigin(req: FastifyRequest, site: Site, publicUrl: string | undefined): string | null {
  const host = site.host.toLowerCase();
  if (req.hostname.toLowerCase() !== host || !DNS_NAME.test(host)) return null;
  if (publicUrl) {
    const base = publicUrl.replace(/\/+$/, '');
    if (new URL(base).hostname.toLowerCase() === host) return base;
  }
  const scheme = schemeOf(req);
  const port = req.port;
  const usual = port === null || port === (scheme === 'https' ? 443 : 80);
  return `${scheme}://${host}${usual ? '' : `:${port}`}`;
}

/** A page's origin: as requested on the site's host; for any other Host, PUBLIC_URL's, else the site's host. */
export function siteOrigin(req: FastifyRequest, site: Site, publicUrl: string | undefined): string {
  return (
    requestedSiteOrigin(req, site, publicUrl) ??
    (publicUrl ? new URL(publicUrl).origin : `${schemeOf(req)}://${site.host.toLowerCase()}`)
  );
}
