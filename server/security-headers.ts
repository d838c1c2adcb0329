/**
 * Security headers on every response: a Content-Security-Policy without 'unsafe-inline' scripts,
 * nosniff, no framing (frame-ancestors 'none' and X-Frame-Options for old browsers), a referrer
 * policy, and HSTS on HTTPS. A route may set a stricter policy of its own (the payment cashier
 * does); it wins because the defaults are set first, when the request arrives.
 *
 * The PWA's index.html carries a small inline theme script and critical style (they must run before
 * first paint); the policy allows exactly those by their SHA-256, read from the build at start-up,
 * so any other inline script is refused. Media and API may live on other HTTPS hosts (CDN lines,
 * VITE_API_BASE), so images, media and fetches allow https: besides the own origin; so are a
 * collected title's 播放源 (other sites' HLS, played by hls.js: fetched, then media). Under the
 * loopback test setting (OUTBOUND_TEST_HOSTS=loopback, refused in production) media and fetches
 * also allow http://127.0.0.1:*, where a test's other site plays from; production's policy is the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** Browsers hash the element's text after the parser turned CR LF and CR into LF. */
const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

/** The CSP hashes of an HTML page's inline <script> (without src) and <style> blocks. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , body]) => sha256(body!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => sha256(body!));
  return { scripts, styles };
}

export function contentSecurityPolicy({ scripts, styles }: InlineHashes, loopbackMedia = false): string {
  const remote = loopbackMedia ? 'https: http://127.0.0.1:*' : 'https:';
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scripts].join(' ')}`,
    `style-src ${["'self'", ...styles].join(' ')}`,
    "img-src 'self' data: blob: https:",
    `media-src 'self' blob: ${remote}`,
    `connect-src 'self' ${remote}`,
    "font-src 'self' data:",
    // hls.js runs its transmuxer in a blob: worker.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The hashes of STATIC_DIR/index.html, or none when there is no build. */
export function buildHashes(staticDir: string): InlineHashes {
  const index = join(staticDir, 'index.html');
  return existsSync(index) ? inlineHashes(readFileSync(index, 'utf8')) : { scripts: [], styles: [] };
}

/**
 * The policy of the data under /api (protocol answers, site info, icons): nothing in them may load,
 * run or be framed. Short, too: it goes out with every call, where the page's policy (half a
 * kilobyte of hashes and sources) would only be bytes to send and check.
 */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Sets the headers on a reply; run it when the request arrives (an onRequest hook) and on the
 * answers fastify gives before any hook (frameworkErrors), so a route can still override them.
 */
export function securityHeaders(
  staticDir: string,
  testHosts: Config['OUTBOUND_TEST_HOSTS'] = 'off',
): (req: FastifyRequest, reply: FastifyReply) => void {
  const common = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const pageHeaders = {
    'content-security-policy': contentSecurityPolicy(buildHashes(staticDir), testHosts === 'loopback'),
    ...common,
  };
  const dataHeaders = { 'content-security-policy': DATA_POLICY, ...common };
  return (req, reply) => {
    reply.headers(req.url.startsWith('/api/') ? dataHeaders : pageHeaders);
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
  };
}
