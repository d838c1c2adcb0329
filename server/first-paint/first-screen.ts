/**
 * The first screen's head start (Lighthouse LCP). The HTML of a first visit to a screen
 * brings, before any script has run, what that screen needs:
 *   - its chunk, the chunks it imports and their stylesheets (from Vite's build manifest,
 *     STATIC_DIR/.vite/manifest.json): scripts as modulepreload, so they download beside the entry
 *     instead of after it has run, and styles as preloads; where the page carries a first paint,
 *     only its stylesheets, linked (the first paint needs them, the scripts wait for it);
 *   - for home, a movie, a topic, the forum, a search and the play page, the first paint: the
 *     screen's markup rendered by the app's own components from the data of its first reads (the
 *     app's server entry, src/entry-server.tsx, built into the build's .ssr/ folder and loaded from
 *     there), which the browser paints at once and the app replaces when its own screen has the
 *     content; the entry then runs after that first frame (startEntryAfterPaint). A detail is
 *     rendered as a visitor without a session sees it, and reading it for the paint counts no view;
 *     the app's copy then shows the viewer's own likes and access;
 *   - where there is no first paint, the answers of its first public reads (the app-wide lists,
 *     whose CDN lines every image needs, and the screen's own read), encrypted exactly as POST
 *     /api<path> answers them, in a JSON data block `<script type="application/json"
 *     id="first-answer">`; the API client takes them instead of sending the calls
 *     (src/api/first-answer.ts). A data block is never run, so the CSP holds. A page with a first
 *     paint carries the site info and the CDN lines alone there (see html() for why).
 * Any other path, a missing manifest or a failing read: the plain index.html, as before.
 * The service worker answers later navigations from its precached index.html; all of this is only
 * for the visit that has nothing yet.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteOrigin } from '../net/site-origin.ts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type {
  AppInit,
  CategoryDetail,
  FeaturedDetail,
  ForumGroup,
  HomeData,
  MovieDetail,
  PostDetail,
  TagDetail,
  TypePageInfo,
  UserProfile,
} from '../../contract/calls/content.ts';
import {
  answerKey,
  FIRST_ANSWER_ID,
  FIRST_PAINT_ENTRY,
  HERO_TIMING,
  SITE_INFO_KEY,
  type FirstAnswer,
  type FirstPaintRenderer,
  type PaintContext,
} from '../../contract/first-paint.ts';
import { API } from '../../contract/calls/paths.ts';
import type { SearchOverview } from '../../contract/calls/search.ts';
import type { Cipher } from '../../contract/protocol/cipher.ts';
import { ok } from '../../contract/protocol/envelope.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ROUTE_PATTERNS, type RouteName } from '../../contract/route-patterns.ts';
import { pageTitle, ROUTE_TITLES, TITLE_SECTIONS } from '../../contract/page-head.ts';
import { ApiError } from '../api-error.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Site } from '../db/sites.ts';
import { toSiteInfo } from '../db/sites.ts';
import { answerOf, type Call } from '../protocol/define-call.ts';
import { encodeEnvelope } from '../protocol/envelope-reply.ts';
import { validate } from '../protocol/parse-input.ts';
import { inlineHashes } from '../security-headers.ts';
import { previewMovieDetail } from '../routes/movies.ts';
import { previewArticleDetail, previewChiguaDetail, previewTopicDetail } from '../routes/posts.ts';
import { siteInfoAnswer } from '../routes/site-info.ts';
import type { SiteDirectory } from '../site-directory.ts';
import {
  collectionHead,
  listHead,
  movieHead,
  postHead,
  renderHead,
  unindexedHead,
  userHead,
  type Collection,
  type HeadContext,
  type PageHead,
} from './page-head.ts';

type Renderer = FirstPaintRenderer;

/** Where a screen's head start is drawn for: the path's match and the query. */
interface Address {
  match: RegExpExecArray;
  query: URLSearchParams;
}

/**
 * A screen's first paint: drawn from the data of the screen's carried answer, or from `read`
 * (a detail as a visitor without a session sees it, without counting a view).
 */
interface Painting {
  read?: (db: Db, id: number, now: number) => Promise<unknown>;
  render: (renderer: Renderer, context: PaintContext, data: unknown, address: Address) => string;
  /** Whether the address shows what the paint draws (default: always). */
  when?: (address: Address) => boolean;
}

interface CarriedRead {
  path: string;
  payload: unknown;
}

/**
 * A screen's head (server/first-paint/page-head.ts), from the data its paint or `read` drew (null:
 * none; `missing`: the visitor's read did not find the item, a 404 of the app).
 */
interface Heading {
  /** The screen's data when it has no paint of its own (a detail as a visitor sees it). */
  read?: (
    db: Db,
    id: number,
    now: number,
    call: (path: string, payload: unknown) => Promise<unknown>,
    address: Address,
  ) => Promise<unknown>;
  head: (context: HeadContext, data: unknown, address: Address, path: string) => PageHead;
  /** The section the missing item's page names. */
  missing?: string;
}

interface Screen {
  pattern: RegExp;
  heading?: Heading;
  /** The screen's module as the build manifest names it (src/app/route-table.ts loads it). */
  module: string;
  /**
   * The screen's own public read, with the payload the client sends (exactly); null: none. Its data
   * is what the first paint draws, or, where the page has none, an answer the page carries.
   */
  carries?: CarriedRead | ((address: Address) => CarriedRead | null);
  paints?: Painting;
  /** The colour mode the screen forces (the play page: dark), in place before its first paint. */
  colorMode?: 'dark';
}

/** The key of /search/{key} or /tag/{key} as the app reads it (URI-decoded and trimmed: lib/route-params.ts); null when none. */
function keyOf({ match }: Address): string | null {
  try {
    return decodeURIComponent(match[1]!).trim() || null;
  } catch {
    return null;
  }
}

/** ?ep=N as the play page reads it (a positive integer), else the first episode. */
function episodeOf({ query }: Address): number {
  const asked = Number(query.get('ep'));
  return Number.isSafeInteger(asked) && asked > 0 ? asked : 1;
}

/** The pages of a member's own (我的…), by route name: their module's file is the name in kebab case. */
const MINE_PAGES = [
  'mine',
  'mineBuy',
  'mineVip',
  'mineLike',
  'mineMall',
  'mineWallet',
  'mineHistory',
  'mineDownloads',
  'mineSetting',
  'minePersonal',
  'mineMessage',
] as const;

type PlainRoute = {
  [name in RouteName]: (typeof ROUTE_PATTERNS)[name] extends `${string}:${string}` ? never : name;
}[RouteName];

/**
 * A page without parameters, titled by its route: a list (its words the site's) or a member's own
 * page (我的…, 登录, 注册, 发布: never indexed).
 */
const plainScreen = (name: PlainRoute, file: string, indexed: 'list' | 'own'): Screen => {
  const path = ROUTE_PATTERNS[name];
  const head = indexed === 'list' ? listHead : unindexedHead;
  return {
    pattern: new RegExp(`^${path}$`),
    module: `src/routes/${file}.tsx`,
    heading: { head: (context) => head(context, path, ROUTE_TITLES[name]) },
  };
};

/** A post's page (吃瓜, 文章) whose head alone is rendered here: no first paint, the data read for the head. */
const postScreen = (name: 'chiguaDetail' | 'archives', file: string, read: NonNullable<Heading['read']>): Screen => ({
  pattern: new RegExp(`^${ROUTE_PATTERNS[name].replace(':id', '(\\d{1,9})')}$`),
  module: `src/routes/${file}.tsx`,
  heading: {
    read,
    head: (context, data, _, path) => postHead(context, data as PostDetail, path, TITLE_SECTIONS[name]!),
    missing: TITLE_SECTIONS[name],
  },
});

/**
 * A page gathering items under a name (a tag, a forum group, a category, a 专题), read as a visitor
 * reads it: its head a CollectionPage in its own words, titled with its route's section.
 */
const collectionScreen = (
  pattern: RegExp,
  file: string,
  name: RouteName,
  {
    read,
    collection,
  }: { read: NonNullable<Heading['read']>; collection: (data: unknown) => Omit<Collection, 'section'> },
): Screen => {
  const section = TITLE_SECTIONS[name]!;
  return {
    pattern,
    module: `src/routes/${file}.tsx`,
    heading: {
      read,
      head: (context, data) => collectionHead(context, { ...collection(data), section }),
      missing: section,
    },
  };
};

const SCREENS: Screen[] = [
  {
    pattern: /^\/$/,
    module: 'src/routes/home.tsx',
    carries: { path: API.home, payload: {} },
    paints: { render: (r, context, data) => r.paintHome(context, data as HomeData) },
    heading: { head: (context) => listHead(context, '/', null) },
  },
  {
    pattern: /^\/movie\/(\d{1,9})$/,
    module: 'src/routes/movie-detail.tsx',
    paints: { read: previewMovieDetail, render: (r, context, data) => r.paintMovie(context, data as MovieDetail) },
    heading: { head: (context, data) => movieHead(context, data as MovieDetail), missing: TITLE_SECTIONS.movieDetail },
  },
  {
    pattern: /^\/topic\/(\d{1,9})$/,
    module: 'src/routes/topic-detail.tsx',
    paints: { read: previewTopicDetail, render: (r, context, data) => r.paintTopic(context, data as PostDetail) },
    heading: {
      head: (context, data, _, path) => postHead(context, data as PostDetail, path, TITLE_SECTIONS.topicDetail!),
      missing: TITLE_SECTIONS.topicDetail,
    },
  },
  {
    pattern: /^\/forum$/,
    module: 'src/routes/forum-list.tsx',
    carries: { path: API.forumList, payload: {} },
    paints: { render: (r, context, data) => r.paintForum(context, data as ForumGroup[]) },
    heading: { head: (context) => listHead(context, '/forum', '论坛') },
  },
  {
    // The 综合 answer, read here for the paint (or carried, for another tab). A navigation carries no
    // device's token, so this read counts nothing towards the hot searches (server/routes/search.ts).
    pattern: /^\/search\/([^/]+)$/,
    module: 'src/routes/search.tsx',
    carries: (address) => {
      const keyword = keyOf(address);
      return keyword === null ? null : { path: API.searchAll, payload: { keyword } };
    },
    paints: {
      // Another tab (?tab=movies …) lists its own kind, which the paint does not draw.
      when: ({ query }) => (query.get('tab') ?? 'all') === 'all',
      render: (r, context, data, address) => r.paintSearch(context, keyOf(address)!, data as SearchOverview),
    },
    heading: {
      head: (context, _, address) => {
        const keyword = keyOf(address) ?? '';
        const head = listHead(context, `/search/${encodeURIComponent(keyword)}`, null);
        return { ...head, title: pageTitle(context.site.title, TITLE_SECTIONS.search, keyword) };
      },
    },
  },
  {
    pattern: /^\/movie\/play\/(\d{1,9})$/,
    module: 'src/routes/movie-play.tsx',
    colorMode: 'dark',
    paints: {
      read: previewMovieDetail,
      render: (r, context, data, address) => r.paintPlay(context, data as MovieDetail, episodeOf(address)),
    },
    heading: {
      head: (context, data, _, path) => movieHead(context, data as MovieDetail, path),
      missing: TITLE_SECTIONS.moviePlay,
    },
  },
  plainScreen('movieList', 'movie-list', 'list'),
  plainScreen('topicList', 'topic-list', 'list'),
  plainScreen('tagList', 'tag-list', 'list'),
  plainScreen('userList', 'user-list', 'list'),
  plainScreen('chiguaList', 'chigua-list', 'list'),
  plainScreen('categoryList', 'category-list', 'list'),
  plainScreen('archiveList', 'archive-list', 'list'),
  ...(['release', 'login', 'register'] as const).map((name) => plainScreen(name, name, 'own')),
  ...MINE_PAGES.map((name) =>
    plainScreen(
      name,
      name.replace(/[A-Z]/, (letter) => `-${letter.toLowerCase()}`),
      'own',
    ),
  ),
  postScreen('chiguaDetail', 'chigua-detail', previewChiguaDetail),
  postScreen('archives', 'archives', previewArticleDetail),
  collectionScreen(/^\/tag\/([^/]+)$/, 'tag-detail', 'tagDetail', {
    read: (_db, _id, _now, call, address) => call(API.tagDetail, { key: keyOf(address) ?? '' }),
    collection: (data) => {
      const tag = data as TagDetail;
      return { name: tag.name, path: `/tag/${encodeURIComponent(tag.key)}` };
    },
  }),
  collectionScreen(/^\/forum\/(\d{1,9})$/, 'forum-page', 'forumPage', {
    read: (_db, topicId, _now, call) => call(API.forumDetail, { topicId }),
    collection: (data) => {
      const group = data as ForumGroup;
      const path = `/forum/${group.topicId}`;
      const trail = [{ name: ROUTE_TITLES.forumList, path: '/forum' }];
      return { name: group.name, description: group.description, path, image: group.icon, trail };
    },
  }),
  collectionScreen(/^\/category\/(\d{1,9})$/, 'category-page', 'categoryPage', {
    read: (_db, categoryId, _now, call) => call(API.categoryDetail, { categoryId }),
    collection: (data) => {
      const { node, path: parents } = data as CategoryDetail;
      const trail = parents
        .filter((step) => step.categoryId !== node.categoryId)
        .map((step) => ({ name: step.name, path: `/category/${step.categoryId}` }));
      return {
        name: node.name,
        description: node.description,
        path: `/category/${node.categoryId}`,
        image: node.icon,
        trail,
      };
    },
  }),
  collectionScreen(/^\/featured\/(\d{1,9})$/, 'featured', 'featured', {
    read: (_db, id, _now, call) => call(API.featuredDetail, { id }),
    collection: (data) => {
      const featured = data as FeaturedDetail;
      const { title: name, description, cover: image } = featured;
      return { name, description, path: `/featured/${featured.id}`, image };
    },
  }),
  {
    pattern: /^\/user\/(\d{1,9})$/,
    module: 'src/routes/user-page.tsx',
    heading: {
      read: (_db, id, _now, call) => call(API.userDetail, { id }),
      head: (context, data) => userHead(context, data as UserProfile),
      missing: TITLE_SECTIONS.userPage,
    },
  },
  // The single-segment catch-all, last: /vip, /free, /hot … (a type the site lacks is the app's 404).
  {
    pattern: /^\/([a-z0-9_-]{1,32})$/i,
    module: 'src/routes/type-page.tsx',
    heading: {
      read: (_db, _id, _now, call, { match }) => call(API.typeInfo, { type: match[1] }),
      head: (context, data) => {
        const { type, label } = data as TypePageInfo;
        return listHead(context, `/${encodeURIComponent(type)}`, label);
      },
      missing: ROUTE_TITLES.typePage,
    },
  },
];

/** Every screen's first read: the app-wide lists, which also name the CDN lines of every image. */
const APP_LISTS = { path: API.init, payload: {} };

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
  db: Db;
  config: Config;
  cipher: Cipher;
  sites: SiteDirectory;
  now: () => number;
  log: FastifyBaseLogger;
}

/** A module's chunk, its static imports (not the entry) and their CSS, as files of the build. */
export function chunkFiles(manifest: BuildManifest, module: string): { scripts: string[]; styles: string[] } {
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
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The page's Content-Security-Policy: `policy` (server/security-headers.ts) with script-src and
 * style-src allowing exactly this page's inline scripts and styles by their hashes (index.html's
 * theme script and critical style, the deferred start of the entry, the first paint's styles).
 * The answers' JSON data block and the head's JSON-LD are never run and need no entry.
 */
export function policyForPage(policy: string, html: string): string {
  const { scripts, styles } = inlineHashes(
    html.replace(/<script type="application\/(?:ld\+)?json"[\s\S]*?<\/script>/g, ''),
  );
  return policy
    .replace(/script-src [^;]*/, () => `script-src ${["'self'", ...scripts].join(' ')}`)
    .replace(/style-src [^;]*/, () => `style-src ${["'self'", ...styles].join(' ')}`);
}

/**
 * `html` with `text` put right before the first `marker` (unchanged without one). By slicing: a
 * replacement string would read `$&`, `` $` `` or `$'` in the text (members' titles, a search
 * keyword) as patterns and copy the page into itself.
 */
function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at);
}

const PAINT_WAIT_MS = 1_000;
const FRAME_WAIT_MS = 200;

/**
 * With a first paint, the entry module is asked for once the browser has painted it: once its LCP
 * image (the first priority image, marked for element timing by src/entry-server.tsx) is on
 * screen, or failed; without such an image (a topic: its LCP is its text) or without element
 * timing (Safari, Firefox), once the first contentful paint is on screen (paint timing); in a
 * browser without either, after the next frame. Neither the app's download nor its start competes
 * with the first screen; the app takes over a little later. A timer starts it anyway (a hidden tab
 * paints nothing, a slow image).
 *
 * The next frame alone was not enough: a requestAnimationFrame callback runs before its frame is
 * painted, and in a third of the Lighthouse runs of a topic the entry was asked for 60 ms before
 * the text was on screen, which then counted the app's download before the LCP (1.7 s against 1.07).
 */
export function startEntryAfterPaint(html: string): string {
  return html.replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_, src: string) => {
    const start = [
      `let started=false;const start=()=>{if(!started){started=true;import(${JSON.stringify(src)});}};`,
      `const hero=document.querySelector('img[elementtiming="${HERO_TIMING}"]');const types=PerformanceObserver.supportedEntryTypes;`,
      `if(hero&&types.includes('element')){`,
      `new PerformanceObserver(start).observe({type:'element',buffered:true});hero.addEventListener('error',start);setTimeout(start,${PAINT_WAIT_MS});`,
      `}else if(types.includes('paint')){`,
      `new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length>0)start();}).observe({type:'paint',buffered:true});setTimeout(start,${PAINT_WAIT_MS});`,
      `}else{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,${FRAME_WAIT_MS});}`,
    ].join('');
    return `<script type="module">${start}</script>`;
  });
}

/**
 * index.html without its preloads (the site info, the entry's imports): on a page with a first
 * paint they would share the slow line with the paint's stylesheets and image. The site info comes
 * in the answers' block instead; the scripts load after the paint.
 */
const withoutPreloads = (html: string): string => html.replace(/\s*<link rel="(?:preload|modulepreload)"[^>]*>/g, '');

/** index.html without its one title and description for every page (the page's own head replaces them). */
const withoutGenericHead = (html: string): string =>
  html.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');

/** The JSON data block of the answers; `<` escaped so no text can close the element. */
export const answerBlock = (answers: FirstAnswer[]): string =>
  `<script type="application/json" id="${FIRST_ANSWER_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;

export class FirstScreens {
  private constructor(
    private readonly template: string,
    private readonly manifest: BuildManifest,
    private readonly renderer: Renderer | null,
    private readonly deps: FirstScreenDeps,
  ) {}

  /** Null when the build has no manifest (a build from before it, or a dev server): plain shell. */
  static async load(deps: FirstScreenDeps): Promise<FirstScreens | null> {
    let template: string;
    let manifest: BuildManifest;
    try {
      template = await readFile(join(deps.staticDir, 'index.html'), 'utf8');
      manifest = JSON.parse(await readFile(join(deps.staticDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
    } catch {
      return null;
    }
    if (!template.includes('</head>') || !template.includes('<div id="root">')) return null;
    const entry = pathToFileURL(join(deps.staticDir, FIRST_PAINT_ENTRY)).href;
    const renderer = await (import(entry) as Promise<Renderer>).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'first paint unavailable: pages start without it');
      return null;
    });
    return new FirstScreens(template, manifest, renderer, deps);
  }

  /** index.html with the head start of the screen at `req`'s path, or null for any other path. */
  async html(req: FastifyRequest): Promise<string | null> {
    const [path = '', search = ''] = req.url.split('?');
    const screen = SCREENS.find((candidate) => candidate.pattern.test(path));
    const site = screen && (await this.deps.sites.findForHost(req.hostname));
    if (!screen || !site) return null;
    const address: Address = { match: screen.pattern.exec(path)!, query: new URLSearchParams(search) };
    const carries = typeof screen.carries === 'function' ? screen.carries(address) : (screen.carries ?? null);
    const quietly = <T>(work: Promise<T>, what: string): Promise<T | null> =>
      work.catch((error: unknown) => {
        req.log.warn({ err: error, what }, 'first screen: left out');
        return null;
      });

    const [lists, carried] = await Promise.all([
      quietly(this.read(req, site, APP_LISTS.path, APP_LISTS.payload), APP_LISTS.path),
      carries ? quietly(this.read(req, site, carries.path, carries.payload), carries.path) : null,
    ]);
    const { painting, heading } = { painting: screen.paints, heading: screen.heading };
    const paints = painting !== undefined && (painting.when?.(address) ?? true);
    const id = Number(address.match[1]);
    // A detail the visitor's read does not find (code 6: missing, hidden, held, deleted) is the
    // app's 404: its head says noindex. Any other failure: the page goes without the data.
    let missing = false;
    const detail = (work: Promise<unknown>): Promise<unknown> =>
      work.catch((error: unknown) => {
        if (error instanceof ApiError && error.code === Code.NotFound) missing = true;
        else req.log.warn({ err: error, what: path }, 'first screen: left out');
        return null;
      });
    const { db, now } = this.deps;
    const read = paints
      ? painting.read
      : heading?.read &&
        ((...args: Parameters<NonNullable<Painting['read']>>) =>
          heading.read!(...args, (callPath, payload) => this.read(req, site, callPath, payload), address));
    const data = read ? await detail(read(db, id, now())) : paints ? carried : null;

    let firstPaint: string | null = null;
    if (paints && this.renderer && lists !== null && data !== null)
      firstPaint = this.paint(
        req,
        painting,
        { pathname: path, site: toSiteInfo(site), appInit: lists as AppInit },
        data,
        address,
      );

    const headContext: HeadContext = {
      site,
      origin: siteOrigin(req, site, this.deps.config.PUBLIC_URL),
      lists: lists as AppInit | null,
    };
    const pageHead = !heading
      ? null
      : missing
        ? unindexedHead(headContext, path, heading.missing ?? '')
        : read && data === null
          ? listHead(headContext, path, heading.missing ?? null)
          : heading.head(headContext, data, address, path);

    const answers: FirstAnswer[] = [];
    if (firstPaint) {
      // The paint is the page's head start; of the answers it carries the site info and the CDN
      // lines alone (a few hundred bytes: the player's stream and every image of the app wait for
      // a line). The others are ciphertext, which no compression shrinks (the app-wide lists alone
      // are 11 KB), and would take the HTML past what a new connection's first round trip brings
      // (TCP's initial window, about 14 KB), delaying the paint itself by a round trip; the app
      // asks for them once it runs, beside its own chunks.
      answers.push({ key: SITE_INFO_KEY, body: JSON.stringify(siteInfoAnswer(site)) });
      const lines = (lists as AppInit).cdnLines;
      answers.push({ key: answerKey(API.cdnLines, {}), body: encodeEnvelope(this.deps.cipher, ok(lines)) });
    } else {
      for (const [call, data] of [
        [APP_LISTS, lists],
        [carries, carried],
      ] as const) {
        if (call && data !== null)
          answers.push({ key: answerKey(call.path, call.payload), body: encodeEnvelope(this.deps.cipher, ok(data)) });
      }
    }
    const { scripts, styles } = chunkFiles(this.manifest, screen.module);
    // With a first paint, nothing but its stylesheets competes with it for the network: the scripts
    // are asked for once it has been painted (startEntryAfterPaint).
    const head = pageHead ? [renderHead(pageHead, headContext)] : [];
    head.push(
      ...(firstPaint
        ? styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`)
        : [
            ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" />`),
            ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
          ]),
    );
    if (answers.length > 0) head.push(answerBlock(answers));
    // Pieces of data go in by insertBefore, never as a replacement string.
    const template = firstPaint ? withoutPreloads(this.template) : this.template;
    let html = insertBefore(
      pageHead ? withoutGenericHead(template) : template,
      '</head>',
      `  ${head.join('\n    ')}\n  `,
    );
    // index.html's colour-mode script reads it (the app then forces the same mode itself).
    const mode = screen.colorMode;
    if (mode) html = html.replace(/<html(?=[\s>])/, () => `<html data-force-theme="${mode}"`);
    return firstPaint ? insertBefore(startEntryAfterPaint(html), '<div id="root">', `${firstPaint}\n    `) : html;
  }

  /** The screen's first paint, or null (logged) when rendering it fails: the page goes without. */
  private paint(
    req: FastifyRequest,
    painting: Painting,
    context: PaintContext,
    data: unknown,
    address: Address,
  ): string | null {
    try {
      return painting.render(this.renderer!, context, data, address);
    } catch (error) {
      req.log.warn({ err: error, what: 'paint' }, 'first screen: left out');
      return null;
    }
  }

  /** A read as a visitor without a session sees it (the call must allow that). */
  private async read(req: FastifyRequest, site: Site, path: string, clientPayload: unknown): Promise<unknown> {
    const { calls, db, config, now } = this.deps;
    const call = calls.find((candidate) => candidate.path === path);
    if (!call || call.auth === 'user') throw new Error(`${path} is not a visitor's read`);
    const payload = validate(call.schema, clientPayload);
    return answerOf(call, { payload, site, session: null, user: null, db, config, req, now: now() });
  }
}
