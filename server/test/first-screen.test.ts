/**
 * The first screen's head start (server/first-paint/first-screen.ts): a first visit's HTML names the screen's
 * chunks and styles from the build manifest, carries the answers of its first public reads,
 * encrypted as /api answers them, and for home, a movie, a topic, the forum, a search and the play
 * page the screen's first paint, rendered by the app's components; other pages get the plain shell.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ANSWER_ID, HERO_TIMING, SITE_INFO_KEY, type FirstAnswer } from '../../contract/first-paint.ts';
import type { AppInit, ForumGroup, HomeData, MovieDetail, PostDetail } from '../../contract/calls/content.ts';
import type { SearchOverview } from '../../contract/calls/search.ts';
import { API, SITE_INFO_PATH } from '../../contract/calls/paths.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { buildServerEntry } from '../../scripts/lib/build.ts';
import { answerBlock } from '../first-paint/first-screen.ts';
import { dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { seedIndexedContent } from './search-fixture.ts';

const INDEX =
  '<!doctype html>\n<html>\n  <head>\n    <link rel="preload" href="/api/fetch-data" as="fetch" crossorigin />\n    <style>body{margin:0}</style>\n    <script>document.documentElement.dataset.theme="dark"</script>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>';

/** What Vite's build manifest says of the entry, home (with the shared content chunk) and a movie. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['src/routes/home.tsx'] },
  'src/routes/home.tsx': {
    file: 'assets/home-h1.js',
    imports: ['index.html', '_content-c1.js'],
    css: ['assets/home-h1.css'],
  },
  '_content-c1.js': { file: 'assets/content-c1.js', imports: ['index.html'], css: ['assets/content-c1.css'] },
  'src/routes/movie-detail.tsx': { file: 'assets/movie-detail-m1.js', imports: ['index.html', '_content-c1.js'] },
};

/** A build folder with the shell and manifest above and the app's real server entry, built by Vite. */
async function fakeBuild(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'station-first-screen-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await buildServerEntry(dir);
  return dir;
}

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const firstPaintOf = (html: string): string => {
  const start = html.indexOf('<div id="first-paint"');
  return start < 0 ? '' : html.slice(start, html.indexOf('<div id="root">'));
};

const answersIn = (html: string): FirstAnswer[] => {
  const block = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ID}">(.*?)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as FirstAnswer[]) : [];
};

describe.each(DB_KINDS)('the first screen head start on %s', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = await fakeBuild();
    h = await createHarness(kind, { seed: seedIndexedContent, config: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string) => h.app.inject({ method: 'GET', url });

  it("the build's server entry renders the paint, but is never served", async () => {
    const res = await page('/.ssr/entry-server.js');
    expect(res.body).not.toContain('renderToString');
    expect(res.headers['content-type']).not.toMatch(/javascript/);
    expect(firstPaintOf((await page('/')).body)).toContain('<div id="first-paint"');
  });

  it('home: links its styles for the first paint and starts the entry after it, with nothing else to fetch first', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/home-h1.css" />');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/content-c1.css" />');
    // No preload of a script or of the site info, which comes with the answers.
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('href="/api/fetch-data"');
    expect(answersIn(res.body)).toContainEqual({
      key: SITE_INFO_KEY,
      body: JSON.stringify((await h.app.inject({ method: 'GET', url: SITE_INFO_PATH })).json()),
    });
    expect(res.body).not.toContain('src="/assets/index-e1.js"');
    expect(res.body).toMatch(/<script type="module">[^<]*import\("\/assets\/index-e1\.js"\)[^<]*<\/script>/);
    // once the LCP image has painted (element timing), else once the first contentful paint has
    expect(res.body).toContain(`img[elementtiming="${HERO_TIMING}"]`);
    expect(res.body).toContain("getEntriesByName('first-contentful-paint')");
    expect(res.body.indexOf(FIRST_ANSWER_ID)).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('a list without a first paint: preloads its chunk and the content chunk (not the entry) and their styles', async () => {
    const manifest = {
      ...MANIFEST,
      'src/routes/movie-list.tsx': { file: 'assets/movie-list-l1.js', imports: ['index.html', '_content-c1.js'] },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const listed = await createHarness(kind, { seed: seedContent, config: { STATIC_DIR: dir } });
    try {
      const html = (await listed.app.inject({ method: 'GET', url: '/movie' })).body;
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/movie-list-l1.js" />');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/content-c1.js" />');
      expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/content-c1.css" />');
      expect(html).not.toContain('href="/assets/index-e1.js"');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(html).not.toContain('id="first-paint"');
      expect(html).toContain('<link rel="preload" href="/api/fetch-data" as="fetch" crossorigin />');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">');
      expect(answersIn(html).map((answer) => answer.key)).not.toContain(SITE_INFO_KEY);
    } finally {
      await listed.close();
      writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    }
  });

  it("allows exactly the page's inline scripts and styles in its CSP, by hash", async () => {
    const res = await page('/');
    const policy = String(res.headers['content-security-policy']);
    const hashes = (directive: string) => new RegExp(`${directive} ([^;]*)`).exec(policy)![1]!.split(' ');
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const inline = (tag: string) =>
      [...res.body.matchAll(new RegExp(`<${tag}(?: type="module")?>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
        sha(match[1]!),
      );
    expect(inline('style').length).toBeGreaterThan(0);
    expect(hashes('style-src')).toEqual(["'self'", ...inline('style')]);
    expect(hashes('script-src')).toEqual(["'self'", ...inline('script')]);
  });

  it('home: the first paint shows what the home call answers, before the app root, inert and without test ids', async () => {
    const html = (await page('/')).body;
    const home = await dataOf<HomeData>(h.client, API.home, {});
    const paint = firstPaintOf(html);
    expect(html.indexOf('<div id="first-paint"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(paint).toMatch(
      /^<div id="first-paint" aria-hidden="true" inert="">|^<div id="first-paint" aria-hidden="true" inert>/,
    );
    // its first screen: the banners, hot tags and featured collections (the movie rows come with the app)
    for (const banner of home.banners) expect(paint).toContain(escapeHtml(banner.title));
    for (const tag of home.hotTags) expect(paint).toContain(escapeHtml(tag.name));
    for (const item of home.featured) expect(paint).toContain(escapeHtml(item.title));
    expect(home.featured.length).toBeGreaterThan(0);
    // the LCP image, on the site's first CDN line as the app names it before its line race
    const lines = (await dataOf<AppInit>(h.client, API.init, {})).cdnLines;
    const line = lines[0]!.cdnLine.replace(/\/$/, '');
    expect(paint).toContain(`src="${line}/${home.banners[0]!.image}"`);
    // it alone is drawn, marked for the element timing the entry's start waits for; the other
    // slides and the featured row keep their boxes and get their images with the app
    const images = [...paint.matchAll(/<img [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes(line));
    expect(images).toHaveLength(1);
    expect(images[0]).toContain(`elementtiming="${HERO_TIMING}"`);
    expect(images[0]).toMatch(/fetchpriority="high"/i);
    for (const banner of home.banners.slice(1)) expect(paint).not.toContain(banner.image);
    expect(paint).not.toContain('data-testid');
    expect(paint).not.toContain('<script');
  });

  it('a movie and a topic: the first paint shows their title as a visitor sees them', async () => {
    const movie = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: FX.freeMovie });
    expect(firstPaintOf((await page(`/movie/${FX.freeMovie}`)).body)).toContain(escapeHtml(movie.title));
    const topic = await dataOf<PostDetail>(h.client, API.topicDetail, { id: FX.topicWithReplies });
    expect(firstPaintOf((await page(`/topic/${FX.topicWithReplies}`)).body)).toContain(escapeHtml(topic.title));
  });

  it('counts no view of a movie or a topic for their first paint (the app counts its own read)', async () => {
    // Read as a viewer sees them: a detail answer is the row and this process's tallies not yet
    // written, its own view included, so a flush landing between two reads changes nothing.
    const views = async () =>
      Promise.all([
        dataOf<MovieDetail>(h.client, API.movieDetail, { id: FX.freeMovie }).then((movie) => movie.views),
        dataOf<PostDetail>(h.client, API.topicDetail, { id: FX.topicWithReplies }).then((topic) => topic.views),
      ]);
    const [movieBefore, topicBefore] = await views();
    await page(`/movie/${FX.freeMovie}`);
    await page(`/topic/${FX.topicWithReplies}`);
    // one more each: the second detail reads themselves, none for the pages
    expect(await views()).toEqual([movieBefore + 1, topicBefore + 1]);
  });

  it('a movie that does not exist: no first paint, the shell with the preloads', async () => {
    const html = (await page('/movie/999999')).body;
    expect(html).not.toContain('id="first-paint"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/movie-detail-m1.js" />');
  });

  it('a page with a first paint carries the site info and the CDN lines alone: no long answer lengthens its HTML', async () => {
    const lines = await dataOf(h.client, API.cdnLines, {});
    for (const url of [
      '/',
      `/movie/${FX.freeMovie}`,
      `/topic/${FX.topicWithReplies}`,
      '/forum',
      `/movie/play/${FX.freeMovie}`,
    ]) {
      const html = (await page(url)).body;
      expect(firstPaintOf(html), url).not.toBe('');
      const answers = answersIn(html);
      expect(
        answers.map((answer) => answer.key),
        url,
      ).toEqual([SITE_INFO_KEY, `${API.cdnLines} {}`]);
      expect(h.client.open(answers[1]!.body).data, url).toEqual(lines);
    }
  });

  it('a page without one carries the answers of the app-wide lists and of its own read, the same data as the calls', async () => {
    const keyword = '影片';
    const html = (await page(`/search/${encodeURIComponent(keyword)}?tab=movies`)).body;
    expect(firstPaintOf(html)).toBe('');
    const answers = answersIn(html);
    expect(answers.map((answer) => answer.key)).toEqual([
      `${API.init} {}`,
      `${API.searchAll} {"keyword":"${keyword}"}`,
    ]);
    for (const [answer, path, payload] of [
      [answers[0]!, API.init, {}],
      [answers[1]!, API.searchAll, { keyword }],
    ] as const) {
      const envelope = h.client.open(answer.body);
      expect(envelope.code, path).toBe(Code.Ok);
      expect(envelope.data, path).toEqual(await dataOf(h.client, path, payload));
    }
  });

  it('a path of no route: the plain shell', async () => {
    for (const url of ['/movie/abc', '/movie/play/abc', '/movie/1/x', '/a/b/c']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("a member's own page and a type the site lacks: no paint, a head that says noindex", async () => {
    for (const url of ['/mine', '/mine/wallet', '/search', '/nosuchtype']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(firstPaintOf(res.body), url).toBe('');
      expect(res.body, url).toContain('<meta name="robots" content="noindex"');
    }
  });

  it('the forum: paints its groups under the heading', async () => {
    const html = (await page('/forum')).body;
    const groups = await dataOf<ForumGroup[]>(h.client, API.forumList, {});
    const paint = firstPaintOf(html);
    expect(paint).toContain('class="screen-lead"');
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(paint).toContain(escapeHtml(group.name));
    expect(paint).not.toContain('data-testid');
  });

  describe('a search', () => {
    const keyword = '影片';
    const counted = async () =>
      (await h.db.query('SELECT 1 FROM search_searchers WHERE keyword = $1', [keyword])).length;

    it('paints the hits of the 综合 answer of the decoded keyword', async () => {
      const html = (await page(`/search/${encodeURIComponent(` ${keyword} `)}`)).body;
      // the keyword as the page reads it, decoded and trimmed
      const overview = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword });
      expect(overview.movies.length).toBeGreaterThan(0);
      const paint = firstPaintOf(html);
      // every hit's title (its terms marked), the first posters drawn
      const text = paint.replace(/<[^>]+>/g, '');
      for (const movie of overview.movies) expect(text).toContain(escapeHtml(movie.title));
      expect(paint).toContain(overview.movies[0]!.poster.small);
      // the search bar holds the keyword, as the app's does
      expect(paint).toContain(`value="${keyword}"`);
      expect(paint).toMatch(new RegExp(`<img elementtiming="${HERO_TIMING}"[^>]*fetchpriority="high"`, 'i'));
    });

    it('counts no search for the page: a navigation carries no device’s token, and hot searches count devices', async () => {
      await h.db.query('DELETE FROM search_searchers WHERE keyword = $1', [keyword]);
      for (const from of ['10.30.0.1', '10.30.0.2', '10.30.0.3']) {
        await h.app.inject({ method: 'GET', url: `/search/${encodeURIComponent(keyword)}`, remoteAddress: from });
      }
      expect(await counted()).toBe(0);
    });

    it('a keyword the call refuses: the shell, with the app-wide lists', async () => {
      const tooLong = (await page(`/search/${encodeURIComponent('长'.repeat(41))}`)).body;
      expect(answersIn(tooLong).map((answer) => answer.key)).toEqual([`${API.init} {}`]);
      expect(tooLong).not.toContain('id="first-paint"');
    });
  });

  it('the play page: the poster in the player box as the LCP image, the title and facts, no view counted', async () => {
    const movie = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: FX.freeMovie });
    const views = async () =>
      (await h.db.one<{ views: number }>('SELECT views FROM movies WHERE id = $1', [FX.freeMovie]))!.views;
    const before = await views();
    const html = (await page(`/movie/play/${FX.freeMovie}`)).body;
    expect(await views()).toBe(before);
    const paint = firstPaintOf(html);
    expect(paint).toMatch(/class="play-header__title">[^<]*</);
    expect(paint).toContain(`class="play-info__title">${escapeHtml(movie.title)}<`);
    const box = /<div class="video-player is-controls">([\s\S]*?)<div class="video-player__top">/.exec(paint);
    expect(box?.[1]).toMatch(new RegExp(`<img elementtiming="${HERO_TIMING}"[^>]*fetchpriority="high"`, 'i'));
    expect(box?.[1]).toContain(movie.poster.large);
    // the related movies keep their boxes; their posters come with the app
    const posters = [...paint.matchAll(/<img [^>]*>/g)].filter(([tag]) => tag.includes('/posters/'));
    expect(posters).toHaveLength(1);
    // drawn dark whatever the viewer's mode, as the app shows the play page; no other page forces one
    expect(html).toMatch(/<html data-force-theme="dark"[\s>]/);
    expect((await page(`/movie/${FX.freeMovie}`)).body).not.toContain('data-force-theme');
  });

  it('the play page of a movie that does not exist: no first paint, the shell with the preloads', async () => {
    const html = (await page('/movie/play/999999')).body;
    expect(html).not.toContain('id="first-paint"');
    expect(answersIn(html).map((answer) => answer.key)).toEqual([`${API.init} {}`]);
  });

  describe('text that reads as a replacement pattern', () => {
    // Every pattern String.replace expands in a replacement string.
    const DOLLARS = "$& $` $' $1 $$";
    const SITE_TITLE = `站点${DOLLARS}`;
    const BANNER = `横幅${DOLLARS}`;
    const MOVIE = `影片${DOLLARS}`;
    const GROUP = `讨论${DOLLARS}`;
    const NICKNAME = `昵称${DOLLARS}`;
    const TITLE = `FPA ${DOLLARS} end`;
    const BODY = `正文 ${DOLLARS}`;
    const HOT_WORD = `热词${DOLLARS}`;
    let d: Harness;
    let topicId: number;
    beforeAll(async () => {
      d = await createHarness(kind, { seed: seedIndexedContent, config: { STATIC_DIR: dir } });
      const site = (await d.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [
        DEMO_SITE.accountId,
      ]))!.id;
      await d.db.query('UPDATE sites SET title = $2 WHERE id = $1', [site, SITE_TITLE]);
      await d.db.query('UPDATE banners SET title = $2 WHERE id = $1', [FX.banners[0], BANNER]);
      await d.db.query('UPDATE movies SET title = $2 WHERE id = $1', [FX.freeMovie, MOVIE]);
      await d.db.query('UPDATE categories SET name = $2 WHERE id = $1', [FX.forumGroup.categoryId, GROUP]);
      await d.db.query('INSERT INTO hot_words (site_id, word, pinned, sort) VALUES ($1, $2, true, 0)', [
        site,
        HOT_WORD,
      ]);
      const member = await d.client.registerGuest();
      expect(
        (await d.client.call(API.updatePersonal, { nickname: NICKNAME }, { token: member.token })).envelope.code,
      ).toBe(Code.Ok);
      const published = await d.client.call<{ id: number }>(
        API.topicPublish,
        { title: TITLE, body: BODY, topicId: FX.forumGroup.topicId },
        { token: member.token },
      );
      expect(published.envelope.code, published.envelope.msg).toBe(Code.Ok);
      topicId = published.envelope.data.id;
    });
    afterAll(() => d?.close());

    /** The page, checked whole: one app root after one first paint, the answers' block intact. */
    const pageOf = async (url: string) => {
      const html = (await d.app.inject({ method: 'GET', url })).body;
      expect(html.match(/<div id="root">/g), url).toHaveLength(1);
      expect(html.match(/<div id="first-paint"/g), url).toHaveLength(1);
      expect(html.match(/<\/head>/g), url).toHaveLength(1);
      const answers = answersIn(html);
      const siteInfo = answers.find((answer) => answer.key === SITE_INFO_KEY);
      expect((JSON.parse(siteInfo!.body) as { siteInfo: { title: string } }).siteInfo.title, url).toBe(SITE_TITLE);
      return { html, paint: firstPaintOf(html), answers };
    };

    it('home, a movie, its play page and the forum show it as typed', async () => {
      expect((await pageOf('/')).paint).toContain(escapeHtml(BANNER));
      expect((await pageOf(`/movie/${FX.freeMovie}`)).paint).toContain(escapeHtml(MOVIE));
      expect((await pageOf(`/movie/play/${FX.freeMovie}`)).paint).toContain(escapeHtml(MOVIE));
      expect((await pageOf('/forum')).paint).toContain(escapeHtml(GROUP));
    });

    it("a topic shows its title, body and author's nickname as typed", async () => {
      const { paint } = await pageOf(`/topic/${topicId}`);
      for (const text of [TITLE, BODY, NICKNAME]) expect(paint).toContain(escapeHtml(text));
    });

    it('a search for it shows the keyword and its hits as typed; one without hits, the hot words', async () => {
      const keyword = `FPA ${DOLLARS}`;
      const nickname = await pageOf(`/search/${encodeURIComponent(NICKNAME)}`);
      expect(nickname.paint.replace(/<[^>]+>/g, '')).toContain(escapeHtml(NICKNAME));
      const found = await pageOf(`/search/${encodeURIComponent(keyword)}`);
      expect(found.paint).toContain(`value="${escapeHtml(keyword)}"`);
      const text = found.paint.replace(/<[^>]+>/g, '');
      for (const hit of [TITLE, NICKNAME]) expect(text).toContain(escapeHtml(hit));
      // another tab, which the paint does not draw, carries the answer under the client's key
      const tab = (await d.app.inject({ method: 'GET', url: `/search/${encodeURIComponent(keyword)}?tab=movies` }))
        .body;
      expect(answersIn(tab).map((answer) => answer.key)).toContain(`${API.searchAll} ${JSON.stringify({ keyword })}`);
      const none = await pageOf(`/search/${encodeURIComponent('没有这个词zzz')}`);
      expect(none.paint.replace(/<[^>]+>/g, '')).toContain(escapeHtml(HOT_WORD));
    });
  });

  it('writes a data block no text can close', () => {
    const block = answerBlock([{ key: '/x {"q":"</script><script>alert(1)</script>"}', body: 'YWJj' }]);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(block)![1]!)).toEqual([
      { key: '/x {"q":"</script><script>alert(1)</script>"}', body: 'YWJj' },
    ]);
  });
});
