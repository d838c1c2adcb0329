/**
 * The head of a first visit's page (docs/architecture.md, "The head"; server/first-paint/page-head.ts):
 * every screen of the first paint's list says its own title (item - section - site, the site's name
 * from the requesting site), description, canonical URL on the requested site's origin, Open Graph
 * and Twitter tags and JSON-LD of the right type; members' text with <, ", & and $& comes out
 * escaped everywhere; a missing, hidden or unknown item's page says noindex; paid text never leaks;
 * the CSP leaves the JSON-LD out of its hashes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerEntry } from '../../scripts/lib/build.ts';
import type { Db } from '../db/db.ts';
import { FX, seedContent } from './content-fixture.ts';
import { createHarness, type Harness } from './harness.ts';

const INDEX = `<!doctype html>
<html>
  <head>
    <title>影视社区</title>
    <meta name="description" content="通用描述" />
    <script>document.documentElement.dataset.theme="dark"</script>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const NASTY = `<b>"雾都"\u2028& $& 'x'</b>`;
const BODY = `第一行 </script><script>alert(1)</script> & $& \u2028 第二行`;
const SECRET = '付费部分的秘密';

async function seed(db: Db): Promise<void> {
  await seedContent(db);
  await db.query('UPDATE movies SET title = $1, description = $2 WHERE id = $3', [NASTY, BODY, FX.freeMovie]);
  await db.query('UPDATE posts SET title = $1, body = $2 WHERE id = $3', [NASTY, BODY, FX.topicWithReplies]);
  // A series: movie 3 with a second episode; topic 104 hidden; topic 105 priced (its body paid).
  await db.exec(`INSERT INTO episodes (movie_id, number, video, duration_s, state) VALUES (3, 2, 'videos/v3b', 700, 'ready');
    UPDATE posts SET hidden_at = now() WHERE id = 104;
    UPDATE posts SET price_coins = 20, summary = '免费的摘要', body = '${SECRET}' WHERE id = 105;`);
}

const HOSTS = [
  { host: 'localhost', site: '影视社区', line: '/cdn/1' },
  { host: 'other.test', site: '别站', line: '/cdn/9' },
];

interface Head {
  title: string;
  meta: Map<string, string>;
  canonical: string | undefined;
  ld: Record<string, unknown>[];
}

const unescape = (text: string): string =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g))
    meta.set(key!, unescape(value!));
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    ld: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  };
}

describe('the head of a first visit', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'station-page-head-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-e1.js', isEntry: true } }),
    );
    await buildServerEntry(dir);
    h = await createHarness('pglite', { seed, config: { STATIC_DIR: dir } });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (url: string, host = 'localhost') => {
    const res = await h.app.inject({ method: 'GET', url, headers: { host } });
    expect(res.statusCode).toBe(200);
    return { html: res.body, head: headOf(res.body), policy: String(res.headers['content-security-policy']) };
  };

  const ldOf = (head: Head, type: string) => head.ld.find((thing) => thing['@type'] === type);

  describe.each(HOSTS)('on $host', ({ host, site, line }) => {
    const origin = `http://${host}`;
    const page = (url: string) => get(url, host);

    const common = (head: Head, title: string, path: string, ogType: string) => {
      expect(head.title).toBe(title);
      expect(head.meta.get('og:title')).toBe(title);
      expect(head.meta.get('twitter:title')).toBe(title);
      expect(head.canonical).toBe(`${origin}${path}`);
      expect(head.meta.get('og:url')).toBe(`${origin}${path}`);
      expect(head.meta.get('og:type')).toBe(ogType);
      expect(head.meta.get('og:site_name')).toBe(site);
      expect(head.meta.get('description')!.length).toBeGreaterThan(0);
      expect(head.meta.get('og:description')).toBe(head.meta.get('description'));
      expect(head.meta.has('robots')).toBe(false);
    };

    it('home: the site name, its own description and a WebSite with a SearchAction', async () => {
      const { head, html } = await page('/');
      common(head, site, '/', 'website');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).not.toContain('通用描述');
      const website = ldOf(head, 'WebSite')!;
      expect(website).toMatchObject({ '@context': 'https://schema.org', name: site, url: `${origin}/` });
      expect(website.potentialAction).toMatchObject({
        '@type': 'SearchAction',
        target: { urlTemplate: `${origin}/search/{search_term_string}` },
        'query-input': 'required name=search_term_string',
      });
    });

    it('lists: the section and the site', async () => {
      const lists = [
        ['/movie', '电影'],
        ['/topic', '话题'],
        ['/forum', '论坛'],
        ['/tag', '标签'],
        ['/user', '用户'],
        ['/chigua', '吃瓜'],
        ['/category', '分类'],
        ['/archives', '文章'],
      ];
      for (const [path, name] of lists) common((await page(path!)).head, `${name} - ${site}`, path!, 'website');
    });

    it('a content type’s page (/vip …): its label and the site; a type the site lacks, noindex', async () => {
      const { head } = await page('/vip');
      common(head, `VIP 专区 - ${site}`, '/vip', 'website');
      expect((await page('/nosuchtype')).head.meta.get('robots')).toBe('noindex');
    });

    it("a member's own pages and the sign-in: titled, never indexed, no JSON-LD", async () => {
      const own = [
        ['/mine', '我的'],
        ['/mine/buy', '我的购买'],
        ['/mine/downloads', '离线缓存'],
        ['/mine/message', '消息'],
        ['/login', '登录'],
        ['/register', '注册'],
        ['/release', '发布'],
      ];
      for (const [path, name] of own) {
        const { head } = await page(path!);
        expect(head.title, path).toBe(`${name} - ${site}`);
        expect(head.canonical, path).toBe(`${origin}${path}`);
        expect(head.meta.get('robots'), path).toBe('noindex');
        expect(head.ld, path).toEqual([]);
      }
    });

    it('a tag, a forum group, a category and a 专题: CollectionPage in their own words, with breadcrumbs', async () => {
      const tag = (await page(`/tag/${encodeURIComponent('100%_真实')}`)).head;
      common(tag, `100%_真实 - 标签 - ${site}`, `/tag/${encodeURIComponent('100%_真实')}`, 'website');
      expect(ldOf(tag, 'CollectionPage')).toMatchObject({
        name: '100%_真实',
        url: `${origin}/tag/${encodeURIComponent('100%_真实')}`,
      });
      const group = (await page(`/forum/${FX.forumGroup.topicId}`)).head;
      common(group, `综合讨论 - 论坛 - ${site}`, `/forum/${FX.forumGroup.topicId}`, 'website');
      const groupCrumbs = ldOf(group, 'BreadcrumbList')!.itemListElement as { name: string; item: string }[];
      expect(groupCrumbs.map((crumb) => crumb.name)).toEqual(['论坛', '综合讨论']);
      const category = (await page('/category/111')).head;
      common(category, `武侠 - 分类 - ${site}`, '/category/111', 'website');
      const crumbs = ldOf(category, 'BreadcrumbList')!.itemListElement as { name: string; item: string }[];
      expect(crumbs.map((crumb) => [crumb.name, crumb.item])).toEqual([
        ['电影', `${origin}/category/1`],
        ['动作', `${origin}/category/11`],
        ['武侠', `${origin}/category/111`],
      ]);
      const featured = (await page('/featured/1')).head;
      common(featured, `周末片单 - 专题 - ${site}`, '/featured/1', 'website');
      expect(featured.meta.get('description')).toBe('周末必看');
      expect(featured.meta.get('og:image')).toBe(`${origin}${line}/featured/1.webp`);
      for (const gone of ['/tag/无此标签', '/forum/999', '/category/999', '/featured/999']) {
        const { head } = await page(gone);
        expect(head.meta.get('robots'), gone).toBe('noindex');
        expect(head.ld, gone).toEqual([]);
      }
    });

    it("an archive's article: Article with its free summary, never its locked text", async () => {
      const { head, html } = await page('/archives/303');
      common(head, `文章303 - 文章 - ${site}`, '/archives/303', 'article');
      expect(ldOf(head, 'Article')).toMatchObject({ headline: '文章303' });
      expect(html).not.toContain('只有解锁后可见');
    });

    it('a search: the keyword, 搜索 and the site; the canonical without the query', async () => {
      const { head } = await page(`/search/${encodeURIComponent('星 球')}?tab=all&utm=x`);
      common(head, `星 球 - 搜索 - ${site}`, `/search/${encodeURIComponent('星 球')}`, 'website');
    });

    it('a film: Movie with its trial-free VideoObject, breadcrumbs from its categories, the poster on a CDN line', async () => {
      const { head } = await page(`/movie/2`);
      common(head, `影片2 - 电影 - ${site}`, '/movie/2', 'video.movie');
      expect(head.meta.get('description')).toBe('影片2的简介');
      const poster = `${origin}${line}/posters/m2-l.webp`;
      expect(head.meta.get('og:image')).toBe(poster);
      expect(head.meta.get('twitter:card')).toBe('summary_large_image');
      const movie = ldOf(head, 'Movie')!;
      expect(movie).toMatchObject({ name: '影片2', url: `${origin}/movie/2`, image: poster, duration: 'PT10M2S' });
      expect(movie.trailer).toMatchObject({ '@type': 'VideoObject', thumbnailUrl: poster, duration: 'PT10M2S' });
      expect((movie.trailer as { uploadDate: string }).uploadDate).toMatch(/^2025-01-03T/);
      const crumbs = ldOf(head, 'BreadcrumbList')!.itemListElement as { name: string; position: number }[];
      expect(crumbs.map((crumb) => crumb.name)).toEqual(['电影', '喜剧', '影片2']);
    });

    it('a VIP film: its video is the trial only', async () => {
      const movie = ldOf((await page(`/movie/${FX.vipMovie}`)).head, 'Movie')!;
      expect(movie.trailer).toMatchObject({ duration: 'PT1M' });
    });

    it('a series: TVSeries with its episodes; its play page the same, canonical without ?ep', async () => {
      const series = ldOf((await page('/movie/3')).head, 'TVSeries')!;
      expect(series).toMatchObject({ name: '影片3', numberOfEpisodes: 2 });
      expect((series.episode as { episodeNumber: number }[]).map((episode) => episode.episodeNumber)).toEqual([1, 2]);
      const play = (await page('/movie/play/3?ep=2')).head;
      common(play, `影片3 - 电影 - ${site}`, '/movie/play/3', 'video.movie');
    });

    it('a topic: DiscussionForumPosting with its text, reply count and author; its first image', async () => {
      const { head } = await page('/topic/102');
      common(head, `话题102 - 话题 - ${site}`, '/topic/102', 'article');
      expect(head.meta.get('og:image')).toBe(`${origin}${line}/a.webp`);
      expect(ldOf(head, 'DiscussionForumPosting')).toMatchObject({
        headline: '话题102',
        text: '话题102的正文。',
        commentCount: 0,
        author: { '@type': 'Person', name: '老王', url: `${origin}/user/9001` },
      });
    });

    it('a 吃瓜 post and a user: their own heads', async () => {
      const chigua = (await page('/chigua/202')).head;
      common(chigua, `瓜202 - 吃瓜 - ${site}`, '/chigua/202', 'article');
      expect(ldOf(chigua, 'DiscussionForumPosting')).toMatchObject({ headline: '瓜202', text: '瓜202的正文。' });
    });
  });

  it("a user's page: ProfilePage in their own words", async () => {
    const { head } = await get('/user/9001');
    expect(head.title).toBe('老王 - 用户 - 影视社区');
    expect(head.meta.get('description')).toBe('影评人');
    expect(head.meta.get('og:type')).toBe('profile');
    expect(ldOf(head, 'ProfilePage')).toMatchObject({
      mainEntity: { '@type': 'Person', name: '老王', url: 'http://localhost/user/9001' },
    });
  });

  it('an unknown Host is never echoed: the site falls back to its own host', async () => {
    const { head, html } = await get('/movie/2', 'evil.example');
    expect(head.canonical).toBe('http://localhost/movie/2');
    expect(html).not.toContain('evil.example');
  });

  it('a title and body with <, ", & and $& come out escaped in the title, meta tags and JSON-LD', async () => {
    for (const url of [`/movie/${FX.freeMovie}`, `/topic/${FX.topicWithReplies}`]) {
      const { html, head } = await get(url);
      expect(head.title.startsWith(`${NASTY} - `)).toBe(true);
      expect(head.meta.get('og:title')).toBe(head.title);
      expect(head.meta.get('description')).toBe(BODY.replace(/\s+/g, ' '));
      const headHtml = html.slice(0, html.indexOf('</head>'));
      expect(headHtml).not.toContain('<b>');
      expect(headHtml).not.toContain('alert(1)</script>');
      expect(headHtml).toContain(`<title>&#60;b&#62;&#34;雾都&#34;\u2028&#38; $&#38; &#39;x&#39;&#60;/b&#62; - `);
      const thing = head.ld[0]!;
      expect(thing.name ?? thing.headline).toBe(NASTY);
      expect(headHtml).toContain('\\u003cb\\u003e\\"雾都\\"\\u2028\\u0026 $\\u0026');
      expect(headHtml).toContain('\\u003c/script\\u003e');
    }
  });

  it('the CSP hashes no JSON-LD (it is never run)', async () => {
    const { html, policy } = await get('/');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(policy).not.toContain(`sha256-${createHash('sha256').update(ld).digest('base64')}`);
    expect(/script-src ([^;]*)/.exec(policy)![1]).toContain("'sha256-");
  });

  it('a missing, hidden or unknown item: noindex, no JSON-LD', async () => {
    for (const url of ['/movie/999999', '/topic/104', '/chigua/999', '/user/424242', '/movie/play/999999']) {
      const { head } = await get(url);
      expect(head.meta.get('robots'), url).toBe('noindex');
      expect(head.ld, url).toEqual([]);
    }
  });

  it("a priced topic's head holds its free part only", async () => {
    const { html, head } = await get('/topic/105');
    expect(html).not.toContain(SECRET);
    expect(head.meta.get('description')).toBe('免费的摘要');
  });
});
