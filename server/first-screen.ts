/**
 * The first screen's head start (issue 8, Lighthouse LCP). The HTML of a first visit names, before
 * any script has run, what its screen will need:
 *   - the screen's chunk, the chunks it imports and its stylesheets (from Vite's build manifest,
 *     STATIC_DIR/.vite/manifest.json), as modulepreload / preload links: they download beside the
 *     entry bundle instead of after it has run;
 *   - the answers of its first public reads (the app-wide lists, whose CDN lines every image needs,
 *     and home's own call), encrypted exactly as POST /api<path> would send them (the same
 *     read-cache entries), in a JSON data block `<script type="application/json" id="first-answer">`;
 *     the API client takes them instead of sending the calls (src/api/first-answer.ts). A data
 *     block is never run, so the CSP holds.
 * Any other path, a missing manifest or a failing read: the plain index.html, as before.
 * The service worker answers later navigations from its precached index.html; the hints are only
 * for the visit that has nothing yet.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { API } from '../src/api/paths.ts';
import { FIRST_ANSWER_ID, type FirstAnswer } from '../src/api/first-answer-format.ts';
import type { Cipher } from '../src/protocol/cipher.ts';
import { ok } from '../src/protocol/envelope.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Call } from './protocol/define-call.ts';
import { encodeEnvelope } from './protocol/envelope-reply.ts';
import { validate } from './protocol/parse-input.ts';
import { ReadCache } from './protocol/read-cache.ts';
import type { SiteDirectory } from './site-directory.ts';

interface Screen {
  pattern: RegExp;
  /** The screen's module as the build manifest names it (src/app/route-table.ts loads it). */
  module: string;
  /** The public read the screen sends first, with the payload the client sends (exactly). */
  firstCall?: FirstCall;
}

interface FirstCall {
  path: string;
  payload: unknown;
}

/** Every screen's first call: the app-wide lists, which also name the CDN lines of every image. */
const APP_LISTS: FirstCall = { path: API.init, payload: {} };

const SCREENS: Screen[] = [
  { pattern: /^\/$/, module: 'src/routes/home.tsx', firstCall: { path: API.home, payload: {} } },
  { pattern: /^\/movie\/\d+$/, module: 'src/routes/movie-detail.tsx' },
  { pattern: /^\/topic\/\d+$/, module: 'src/routes/topic-detail.tsx' },
  { pattern: /^\/movie$/, module: 'src/routes/movie-list.tsx' },
  { pattern: /^\/topic$/, module: 'src/routes/topic-list.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type BuildManifest = Record<string, ManifestChunk>;

export interface FirstScreenDeps {
  staticDir: string;
  calls: readonly Call[];
  readCache: ReadCache;
  db: Db;
  config: Config;
  cipher: Cipher;
  sites: SiteDirectory;
  now: () => number;
}

/** The links that fetch a module's chunk, its static imports (not the entry's) and their CSS. */
export function preloadLinks(manifest: BuildManifest, module: string): string[] {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" />`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
}

/** The JSON data block of the answers; `<` escaped so no text can close the element. */
export const answerBlock = (answers: FirstAnswer[]): string =>
  `<script type="application/json" id="${FIRST_ANSWER_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;

export class FirstScreens {
  private constructor(
    private readonly template: string,
    private readonly manifest: BuildManifest,
    private readonly deps: FirstScreenDeps,
  ) {}

  /** Null when the build has no manifest (a build from before it, or a dev server): plain shell. */
  static async load(deps: FirstScreenDeps): Promise<FirstScreens | null> {
    try {
      const [template, manifest] = await Promise.all([
        readFile(join(deps.staticDir, 'index.html'), 'utf8'),
        readFile(join(deps.staticDir, '.vite', 'manifest.json'), 'utf8'),
      ]);
      return template.includes('</head>') ? new FirstScreens(template, JSON.parse(manifest) as BuildManifest, deps) : null;
    } catch {
      return null;
    }
  }

  /** index.html with the head start of the screen at `req`'s path, or null for any other path. */
  async html(req: FastifyRequest): Promise<string | null> {
    const path = req.url.split('?')[0]!;
    const screen = SCREENS.find((candidate) => candidate.pattern.test(path));
    if (!screen) return null;
    const head = preloadLinks(this.manifest, screen.module);
    const calls = screen.firstCall ? [APP_LISTS, screen.firstCall] : [APP_LISTS];
    const answers = await Promise.all(
      calls.map((first) =>
        this.answer(req, first).catch((error: unknown) => {
          req.log.warn({ err: error, path: first.path }, 'first screen: no inline answer');
          return null;
        }),
      ),
    );
    const found = answers.filter((answer) => answer !== null);
    if (found.length > 0) head.push(answerBlock(found));
    return this.template.replace('</head>', `  ${head.join('\n    ')}\n  </head>`);
  }

  private async answer(req: FastifyRequest, { path, payload: clientPayload }: FirstCall): Promise<FirstAnswer | null> {
    const { calls, readCache, sites, cipher, db, config, now } = this.deps;
    const call = calls.find((candidate) => candidate.path === path);
    const site = await sites.findForHost(req.hostname);
    if (!call || call.auth !== 'none' || !site) return null;
    const payload = validate(call.schema, clientPayload);
    const make = async () =>
      Buffer.from(encodeEnvelope(cipher, ok((await call.run({ payload, site, session: null, user: null, db, config, req, now: now() })) ?? null)));
    const key = ReadCache.keyOf(site.id, path, payload);
    const body = readCache.enabled && key !== null ? await readCache.body(key, make) : await make();
    return { key: `${path} ${JSON.stringify(clientPayload)}`, body: body.toString('utf8') };
  }
}
