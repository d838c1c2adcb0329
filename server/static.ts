/**
 * Serves the PWA build (STATIC_DIR, Vite's dist/): hashed files under /assets are immutable for a
 * year; the shell entry points (index.html, sw.js, the manifest) are revalidated on every load so an
 * update is seen at once. Any other GET that is not /api/*, /media/* or a file gets index.html (SPA
 * routes); a missing file, recognised by an extension in its last segment unless the browser asks
 * for HTML, stays a 404, so a stale chunk fails loudly instead of parsing HTML as JavaScript.
 * Files are listed at start-up (wildcard: false): restart the server after a new build.
 * /admin and /admin/* get the operator console's page (admin.html), never the visitors' shell.
 * A POST to the share target's action without a service worker is sent on to /release (303).
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policyForPage, type FirstScreens } from './first-paint/first-screen.ts';
import { SHARE_ACTION } from '../contract/share-target.ts';

const REVALIDATE = new Set(['index.html', 'admin.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
// /metrics: served only when set up (server/metrics/metrics-http.ts), else a 404, never the shell.
const NOT_SPA = /^\/(api|admin-api|media|assets|metrics)(\/|$)/;
const CONSOLE = /^\/admin(\/|$)/;

function cacheControlFor(filePath: string): string {
  if (REVALIDATE.has(basename(filePath).replace(/\.(?:br|gz)$/, ''))) return 'no-cache';
  if (/[\\/]assets[\\/]/.test(filePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

const wantsSpaShell = (req: FastifyRequest): boolean => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0]!;
  if (NOT_SPA.test(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (req.headers.accept ?? '').includes('text/html');
};

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

/** A page made per request, compressed as the browser accepts (brotli, else gzip), as the build's files are. */
function sendPage(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** The SPA shell: with the head start of a first screen (first-screen.ts) where there is one. */
async function sendShell(
  req: FastifyRequest,
  reply: FastifyReply,
  firstScreens: FirstScreens | null,
): Promise<FastifyReply> {
  const html = await firstScreens?.html(req);
  if (!html) return reply.sendFile('index.html');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policyForPage(policy, html));
  return sendPage(req, reply, html);
}

export async function registerStatic(
  app: FastifyInstance,
  staticDir: string,
  firstScreens: FirstScreens | null = null,
): Promise<void> {
  const root = resolve(staticDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn(`no PWA build in ${root}: run \`npm run build\``);
    app.setNotFoundHandler((req, reply) =>
      wantsSpaShell(req)
        ? reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send(
              `The PWA is not built: ${root}/index.html is missing. Run \`npm run build\`, then restart the server.`,
            )
        : notFound(reply),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // Served per site by server/routes/site-manifest.ts and server/search-engines/ (an older build's robots.txt too).
    globIgnore: ['manifest.webmanifest', 'manifest.webmanifest.*', 'robots.txt', 'sitemap.xml', 'sitemaps/**'],
    // "/" is a screen like any other (sendShell), not the file; /index.html stays the file.
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside its text files (scripts/lib/precompress.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
  });
  app.setNotFoundHandler((req, reply) => {
    // The Web Share Target's action (contract/share-target.ts) is the service worker's; a share that
    // reaches the server (no worker in control) still opens the publish page, without its files.
    if (req.method === 'POST' && req.url.split('?')[0] === SHARE_ACTION) return reply.redirect('/release', 303);
    if (!wantsSpaShell(req)) return notFound(reply);
    if (CONSOLE.test(req.url.split('?')[0]!)) return reply.sendFile('admin.html');
    return sendShell(req, reply, firstScreens);
  });
}
