/**
 * What crawlers read of each site (docs/operations.md "Search engines"): GET /robots.txt per site,
 * GET /sitemap.xml (a sitemap index) and its files /sitemaps/<kind>-<n>.xml. Every item a public
 * list shows is in exactly one file, on the requesting site's own origin; a hidden, held, deleted,
 * draft, unpublished or scheduled item is in none; files split at the per-file limit (50,000; a
 * smaller one injected here); an unknown Host never gets its name written into a URL.
 */
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { changeMarks, madeBody, madeFiles, makeFiles, SITEMAP_KINDS } from '../db/sitemaps.ts';
import { searchEngineRoutes } from '../search-engines/search-engine-routes.ts';
import type { SitemapOptions } from '../search-engines/sitemaps.ts';
import { SiteDirectory } from '../site-directory.ts';
import { seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** XML text: no markup characters but the five entity references. */
const TEXT = `[^<>&]*(?:&(?:amp|lt|gt|quot|apos);[^<>&]*)*`;
const LASTMOD = '<lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod>';

/**
 * The <loc>s of a sitemap document, after checking the whole document is exactly the protocol's
 * shape (one entry a line) with well-formed escaped text; the locs unescaped.
 */
function locsOf(xml: string, root: 'urlset' | 'sitemapindex', requireLastmod: boolean): string[] {
  const tag = root === 'urlset' ? 'url' : 'sitemap';
  const line = new RegExp(`^<${tag}><loc>(${TEXT})</loc>(?:${LASTMOD})${requireLastmod ? '' : '?'}</${tag}>$`);
  expect(xml.startsWith(`${XML_HEAD}<${root} ${NS}>\n`)).toBe(true);
  expect(xml.endsWith(`</${root}>\n`)).toBe(true);
  const lines = xml.slice(`${XML_HEAD}<${root} ${NS}>\n`.length, -`</${root}>\n`.length).split('\n').slice(0, -1);
  return lines.map((entry) => {
    const match = line.exec(entry);
    expect(match, entry).not.toBeNull();
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    return match![1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!);
  });
}

/** Hidden, held, deleted, unpublished and future items beside the fixture's visible ones; a tag to escape. */
async function seedHiddenItems(db: Queryable): Promise<void> {
  await db.exec(`
    INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, year, published_at, status)
    VALUES (31, '草稿', '', 'posters/x', 60, 12, 'free', 2024, now() - interval '1 day', 'draft'),
           (32, '下架', '', 'posters/x', 60, 12, 'free', 2024, now() - interval '1 day', 'unpublished'),
           (33, '定时', '', 'posters/x', 60, 12, 'free', 2024, now() + interval '1 day', 'published');
    INSERT INTO users (id, site_id, device_id, nickname, avatar, hidden_at)
      SELECT 9005, id, 'fixture-hidden', '被举报', '/avatar/5.webp', now() FROM sites WHERE account_id = '10001';
    INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at, hidden_at, held_at, deleted_at) VALUES
      (113, 'topic', 21, 9005, '被举报话题', '正文', now() - interval '1 hour', now(), NULL, NULL),
      (114, 'topic', 21, 9001, '可见话题', '正文', now() - interval '1 hour', NULL, NULL, NULL),
      (206, 'chigua', 31, 9002, '待审的瓜', '正文', now() - interval '1 hour', now(), now(), NULL),
      (306, 'article', 41, 9003, '已删文章', '正文', now() - interval '1 hour', now(), NULL, now());
    INSERT INTO tags (id, key, name) VALUES (6, 'R&B <现场>', 'R&B <现场>'), (7, '无人用', '无人用'), (8, 'Rock''n''Roll (live)', 'Rock''n''Roll (live)');
    INSERT INTO movie_tags (movie_id, tag_id) VALUES (1, 6), (2, 8);`);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The pages each kind's public lists show in the fixture, as paths. */
const VISIBLE_PATHS = [
  ...range(1, 30).map((id) => `/movie/${id}`),
  ...[...range(101, 112), 114].map((id) => `/topic/${id}`),
  ...range(201, 205).map((id) => `/chigua/${id}`),
  ...range(301, 305).map((id) => `/archives/${id}`),
  ...['热血', '悬疑', '100%_真实', 'Sci-Fi', 'R&B <现场>', "Rock'n'Roll (live)"].map(
    (key) => `/tag/${encodeURIComponent(key)}`,
  ),
];
const DEMO_AUTHORS = [9001, 9002, 9003].map((id) => `/user/${id}`);
const HIDDEN_PATHS = [
  '/movie/31',
  '/movie/32',
  '/movie/33',
  '/topic/113',
  '/chigua/206',
  '/archives/306',
  '/user/9005',
];

describe.each(DB_KINDS)('sitemaps and robots.txt on %s', (kind) => {
  let h: Harness;
  let app: FastifyInstance;
  /** The routes over the harness's store with a small file limit; `clock` drives their cache. */
  let clock = 0;
  const mapsApp = async (sitemaps: SitemapOptions, config: { PUBLIC_URL?: string } = {}) => {
    const small = Fastify({ trustProxy: true });
    await small.register(searchEngineRoutes, { db: h.db, sites: new SiteDirectory(h.db), config, sitemaps });
    await small.ready();
    return small;
  };

  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: async (db) => {
        await seedContent(db);
        await seedHiddenItems(db);
      },
    });
    app = await mapsApp({ perFile: 4, clock: () => clock, ttlMs: 1_000 });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const get = (on: FastifyInstance, url: string, host: string, headers: Record<string, string> = {}) =>
    on.inject({ method: 'GET', url, headers: { host, ...headers } });

  /** Every page URL of the site's sitemaps, by file, after checking the index and each file. */
  async function crawl(on: FastifyInstance, host: string, origin: string, perFile: number) {
    const index = await get(on, '/sitemap.xml', host);
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const files = locsOf(index.body, 'sitemapindex', false);
    const byFile = new Map<string, string[]>();
    for (const file of files) {
      expect(file.startsWith(`${origin}/sitemaps/`), file).toBe(true);
      const res = await get(on, file.slice(origin.length), host);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urls = locsOf(res.body, 'urlset', !file.includes('/tags-'));
      expect(urls.length, file).toBeGreaterThan(0);
      expect(urls.length, file).toBeLessThanOrEqual(perFile);
      byFile.set(file, urls);
    }
    return { files, byFile, urls: [...byFile.values()].flat() };
  }

  it('lists every visible item of each kind in exactly one file, on the site’s own origin', async () => {
    const { files, urls, byFile } = await crawl(app, 'localhost:8080', 'http://localhost:8080', 4);
    const expected = [...VISIBLE_PATHS, ...DEMO_AUTHORS].map((path) => `http://localhost:8080${path}`);
    expect(urls.length).toBe(new Set(urls).size); // no URL twice
    expect(new Set(urls)).toEqual(new Set(expected));
    // Split by kind, in files of at most 4: 30 movies are 8 files, the 13 topics 4.
    expect(files.filter((file) => file.includes('/sitemaps/movies-'))).toHaveLength(8);
    expect(files.filter((file) => file.includes('/sitemaps/topics-'))).toHaveLength(4);
    expect(byFile.get('http://localhost:8080/sitemaps/movies-8.xml')).toEqual([
      'http://localhost:8080/movie/29',
      'http://localhost:8080/movie/30',
    ]);
    for (const kindName of SITEMAP_KINDS) expect(files).toContain(`http://localhost:8080/sitemaps/${kindName}-1.xml`);
  });

  it('leaves out hidden, held, deleted, draft, unpublished and scheduled items and unused tags', async () => {
    const { urls } = await crawl(app, 'localhost', 'http://localhost', 4);
    for (const path of [...HIDDEN_PATHS, `/tag/${encodeURIComponent('无人用')}`, '/tag/%E7%88%B1%E6%83%85']) {
      expect(urls, path).not.toContain(`http://localhost${path}`);
    }
  });

  it('writes lastmod from the update or publication time and escapes URLs as XML', async () => {
    const movies = (await get(app, '/sitemaps/movies-1.xml', 'localhost')).body;
    const updated = await h.db.one<{ at: Date }>(
      'SELECT GREATEST(updated_at, published_at) AS at FROM movies WHERE id = 1',
    );
    expect(movies).toContain(
      `<url><loc>http://localhost/movie/1</loc><lastmod>${updated!.at.toISOString().slice(0, 19)}Z</lastmod></url>`,
    );
    const articles = (await get(app, '/sitemaps/articles-1.xml', 'localhost')).body;
    expect(articles).toContain('<loc>http://localhost/archives/301</loc><lastmod>2025-04-13T13:00:00Z</lastmod>');
    const tags = (await get(app, '/sitemaps/tags-2.xml', 'localhost')).body;
    expect(tags).toContain(`<loc>http://localhost/tag/${encodeURIComponent('R&B <现场>')}</loc>`);
    // The one character encodeURIComponent keeps that XML escapes.
    expect(tags).toContain('<loc>http://localhost/tag/Rock&apos;n&apos;Roll%20(live)</loc>');
    // The index's lastmod of a file is the latest of its rows'.
    const index = (await get(app, '/sitemap.xml', 'localhost')).body;
    expect(index).toContain(
      '<sitemap><loc>http://localhost/sitemaps/articles-1.xml</loc><lastmod>2025-04-13T16:00:00Z</lastmod></sitemap>',
    );
  });

  it('gives each site its own host and its own users', async () => {
    const { urls } = await crawl(app, 'OTHER.test', 'http://other.test', 4);
    expect(urls).toContain('http://other.test/movie/1');
    expect(urls.filter((url) => url.includes('/user/'))).toEqual(['http://other.test/user/9004']);
    expect(urls.every((url) => url.startsWith('http://other.test/'))).toBe(true);
    // The protocol a trusted proxy forwarded; PUBLIC_URL only for the site it names.
    const https = await get(app, '/sitemap.xml', 'other.test:443', { 'x-forwarded-proto': 'https' });
    expect(locsOf(https.body, 'sitemapindex', false)[0]).toMatch(/^https:\/\/other\.test\/sitemaps\//);
    const withPublicUrl = await mapsApp({ perFile: 4 }, { PUBLIC_URL: 'https://other.test/' });
    try {
      expect((await get(withPublicUrl, '/robots.txt', 'other.test:8080')).body).toContain(
        'Sitemap: https://other.test/sitemap.xml',
      );
      expect((await get(withPublicUrl, '/robots.txt', 'localhost:8080')).body).toContain(
        'Sitemap: http://localhost:8080/sitemap.xml',
      );
    } finally {
      await withPublicUrl.close();
    }
  });

  it('answers robots.txt per site, and an unknown Host without its name in any URL', async () => {
    for (const [host, origin] of [
      ['localhost:8080', 'http://localhost:8080'],
      ['other.test', 'http://other.test'],
    ]) {
      const res = await get(app, '/robots.txt', host!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /api.php',
          'Disallow: /admin',
          'Disallow: /mine',
          'Disallow: /search',
          'Disallow: /pay/',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    }
    for (const host of ['evil.example', 'localhost.evil.example', 'evil.example&x=<y>']) {
      const robots = await get(app, '/robots.txt', host);
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Disallow: /api/');
      expect(robots.body).not.toContain('Sitemap:');
      expect(robots.body).not.toContain('evil');
      for (const url of ['/sitemap.xml', '/sitemaps/movies-1.xml']) {
        const res = await get(app, url, host);
        expect(res.statusCode, `${host}${url}`).toBe(404);
        expect(res.body).not.toContain('evil');
      }
    }
  });

  it('answers 404 for a file the index does not list', async () => {
    for (const url of [
      '/sitemaps/movies-0.xml',
      '/sitemaps/movies-9.xml',
      '/sitemaps/movies-01.xml',
      '/sitemaps/bogus-1.xml',
      '/sitemaps/movies-1.xml.gz',
      '/sitemaps/movies-99999999999999999999.xml',
      '/sitemaps/..%2Frobots.txt',
    ]) {
      const res = await get(app, url, 'localhost');
      expect(res.statusCode, url).toBe(404);
    }
  });

  /** The app's routes over the harness's store with every statement outside a transaction counted. */
  async function countedApp(sitemaps: SitemapOptions) {
    const counted = { statements: [] as string[] };
    const db: Db = {
      ...h.db,
      kind: h.db.kind,
      query: (sql, params) => {
        counted.statements.push(sql);
        return h.db.query(sql, params);
      },
    };
    const on = Fastify();
    await on.register(searchEngineRoutes, { db, sites: new SiteDirectory(h.db), config: {}, sitemaps });
    return {
      on,
      counted,
      bodyReads: () => counted.statements.filter((sql) => sql.includes('body FROM sitemap_files')).length,
    };
  }

  it('reads a made file once, whatever origins ask for it, until it is made anew', async () => {
    // Neither the TTL nor the change marks' check is ever due.
    const { on, counted, bodyReads } = await countedApp({ perFile: 4, clock: () => 0 });
    try {
      const hosts = ['localhost:8080', 'localhost:8081', 'other.test', 'localhost'];
      for (const host of hosts) {
        const res = await get(on, '/sitemaps/movies-2.xml', host);
        expect(locsOf(res.body, 'urlset', true)[0]).toMatch(new RegExp(`^http://${host.toLowerCase()}/movie/5$`));
      }
      expect(bodyReads()).toBe(1);
      // Then every origin's file is answered from memory.
      const before = counted.statements.length;
      for (const host of hosts) await get(on, '/sitemaps/movies-2.xml', host);
      expect(counted.statements.length).toBe(before);
    } finally {
      await on.close();
    }
  });

  it('keeps a site origin’s finished file gzipped in the store, for every process, and finishes it anew with its make', async () => {
    const served = () =>
      h.db.query<{ origin: string; version: string; gz: Uint8Array }>(
        `SELECT origin, version, gz FROM sitemap_served WHERE kind = 'movies' AND per_file = 6 AND n = 1 ORDER BY origin`,
      );
    const first = await countedApp({ perFile: 6, maxCachedBytes: 0, clock: () => clock, checkMs: 1_000 });
    const second = await countedApp({ perFile: 6, maxCachedBytes: 0, clock: () => clock, checkMs: 1_000 });
    try {
      // A site's own origins are kept; one with a port of its own (any a Host header names) is not.
      for (const host of ['localhost', 'other.test', 'localhost:8080'])
        await get(first.on, '/sitemaps/movies-1.xml', host);
      expect((await served()).map((row) => row.origin)).toEqual(['http://localhost', 'http://other.test']);

      // Another process keeping nothing in memory answers from the store, gzipped or not, without the made body.
      for (const headers of [{ 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
        const res = await get(second.on, '/sitemaps/movies-1.xml', 'localhost', headers);
        const xml = headers['accept-encoding'] ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
        expect(locsOf(xml, 'urlset', true)).toEqual(range(1, 6).map((id) => `http://localhost/movie/${id}`));
      }
      expect(second.bodyReads()).toBe(0);

      // A change to the file: its make finishes it anew for both origins, before anyone asks.
      await h.db.query(`UPDATE movies SET status = 'unpublished' WHERE id = 2`);
      clock += 1_000;
      await get(second.on, '/sitemap.xml', 'localhost'); // the look that starts the make
      await expect
        .poll(async () => {
          const rows = await served();
          return rows.map((row) => gunzipSync(row.gz).toString('utf8').includes('/movie/2<'));
        })
        .toEqual([false, false]);
      // The process that made it answers from the store; so does the other once it has read the new list.
      const res = await get(second.on, '/sitemaps/movies-1.xml', 'other.test');
      expect(locsOf(res.body, 'urlset', true)).toEqual([1, 3, 4, 5, 6].map((id) => `http://other.test/movie/${id}`));
      expect(second.bodyReads()).toBe(0);
      await expect
        .poll(async () => locsOf((await get(first.on, '/sitemaps/movies-1.xml', 'localhost')).body, 'urlset', true))
        .toEqual([1, 3, 4, 5, 6].map((id) => `http://localhost/movie/${id}`));
    } finally {
      await h.db.query(`UPDATE movies SET status = 'published' WHERE id = 2`);
      await first.on.close();
      await second.on.close();
    }
  });

  it('sends a file gzipped when the crawler accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/sitemaps/movies-1.xml',
      headers: { host: 'localhost', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(locsOf(gunzipSync(res.rawPayload).toString('utf8'), 'urlset', true)).toHaveLength(4);
  });

  it('keeps what it read for the TTL, then shows an item hidden since', async () => {
    const hasTopic = async () =>
      (await get(app, '/sitemaps/topics-1.xml', 'localhost')).body.includes('http://localhost/topic/101<');
    expect(await hasTopic()).toBe(true);
    await h.db.query('UPDATE posts SET hidden_at = now() WHERE id = 101');
    try {
      expect(await hasTopic()).toBe(true); // within the TTL: as read
      clock += 1_001;
      await get(app, '/sitemap.xml', 'localhost'); // stale: answered as it was while new bounds are read
      await expect.poll(hasTopic, { timeout: 5_000 }).toBe(false);
    } finally {
      await h.db.query('UPDATE posts SET hidden_at = NULL WHERE id = 101');
      // Left as found: the files made again with the topic, so no later test starts from files
      // made while it was hidden (a process answers those while it makes new ones).
      clock += 1_001;
      await get(app, '/sitemap.xml', 'localhost');
      await expect.poll(hasTopic, { timeout: 5_000 }).toBe(true);
    }
  });

  it('shows a publication, a hiding and a new author in every process once the next look at the change marks has made them', async () => {
    // Two processes of the station over one store, each with an hour's TTL and a look every second.
    const processes = [
      await mapsApp({ perFile: 4, clock: () => clock, ttlMs: 3_600_000, checkMs: 1_000 }),
      await mapsApp({ perFile: 4, clock: () => clock, ttlMs: 3_600_000, checkMs: 1_000 }),
    ];
    const paths = async (on: FastifyInstance) =>
      (await crawl(on, 'localhost', 'http://localhost', 4)).urls.map((url) => url.slice('http://localhost'.length));
    try {
      for (const on of processes) expect(await paths(on)).toContain('/topic/101');
      const signedIn = await changeMarks(h.db);
      // A visitor's device signing in (a user without posts) changes no sitemap.
      await h.db.query(
        `INSERT INTO users (id, site_id, device_id, nickname, avatar)
         SELECT 9006, id, 'fixture-visitor', '游客', '/avatar/6.webp' FROM sites WHERE account_id = '10001'`,
      );
      expect(await changeMarks(h.db)).toEqual(signedIn);

      await h.db.query(`UPDATE movies SET status = 'published' WHERE id = 31`);
      await h.db.query('UPDATE posts SET hidden_at = now() WHERE id = 101');
      await h.db.query(
        `INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at) VALUES (115, 'topic', 21, 9006, '新话题', '正文', now())`,
      );
      const marks = await changeMarks(h.db);
      for (const kind of ['movies', 'topics', 'chigua', 'articles', 'users'] as const) {
        expect(marks[kind], kind).not.toBe(signedIn[kind]);
      }
      expect(marks.tags).toBe(signedIn.tags);
      for (const on of processes) {
        const before = await paths(on); // the marks not looked at again yet: as read
        expect(before).toContain('/topic/101');
        expect(before).not.toContain('/movie/31');
      }
      clock += 1_000;
      // The look starts the makes in the background (one process makes, the other waits and reads
      // what it made); the files made before are answered meanwhile.
      for (const on of processes) {
        await expect
          .poll(
            async () => {
              const after = await paths(on);
              return {
                added: ['/movie/31', '/topic/115', '/user/9006'].every((path) => after.includes(path)),
                hidden: !after.includes('/topic/101'),
              };
            },
            { timeout: 10_000 },
          )
          .toEqual({ added: true, hidden: true });
      }
    } finally {
      await h.db
        .exec(`UPDATE movies SET status = 'draft' WHERE id = 31; UPDATE posts SET hidden_at = NULL WHERE id = 101;
        DELETE FROM posts WHERE id = 115; DELETE FROM users WHERE id = 9006;`);
      for (const on of processes) await on.close();
    }
  });

  it('makes again only the files whose rows changed, keeping their ranges until one grows past the limit', async () => {
    // Files of 5 (a size no other test makes): the 13 visible topics 101-112 and 114 are 3 files.
    const make = (always = false) => makeFiles(h.db, 'topics', 0, 5, always);
    const topicsOf = async () => {
      const files = (await madeFiles(h.db, 'topics', 0, 5))!;
      const bodies = await Promise.all(files.map((file) => madeBody(h.db, 'topics', 0, 5, file.n)));
      return bodies.map((made) =>
        [...made!.body.matchAll(/<loc>\/topic\/(\d+)<\/loc>/g)].map((match) => Number(match[1])),
      );
    };
    try {
      expect(await make()).toEqual({ files: 3, written: 3, skipped: false });
      expect(await make()).toEqual({ files: 3, written: 0, skipped: true }); // made at the current mark
      expect(await make(true)).toEqual({ files: 3, written: 0, skipped: false }); // nothing changed
      expect(await topicsOf()).toEqual([
        [101, 102, 103, 104, 105],
        [106, 107, 108, 109, 110],
        [111, 112, 114],
      ]);
      // A hiding rewrites its own file; the others keep their ranges.
      await h.db.query('UPDATE posts SET hidden_at = now() WHERE id = 107');
      expect(await make()).toEqual({ files: 3, written: 1, skipped: false });
      expect(await topicsOf()).toEqual([
        [101, 102, 103, 104, 105],
        [106, 108, 109, 110],
        [111, 112, 114],
      ]);
      // A new topic: the last file only, until it is full.
      await h.db.query(
        `INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at) VALUES (116, 'topic', 21, 9001, '新', '正文', now())`,
      );
      expect(await make()).toEqual({ files: 3, written: 1, skipped: false });
      expect((await topicsOf())[2]).toEqual([111, 112, 114, 116]);
      // A row in a full range (an id below the first): cut anew from there; the third file comes
      // out as it was (the same range and rows), so it is not written.
      await h.db.query(
        `INSERT INTO posts (id, kind, category_id, author_id, title, body, created_at) VALUES (100, 'topic', 21, 9001, '旧', '正文', now())`,
      );
      expect(await make()).toEqual({ files: 3, written: 2, skipped: false });
      expect(await topicsOf()).toEqual([
        [100, 101, 102, 103, 104],
        [105, 106, 108, 109, 110],
        [111, 112, 114, 116],
      ]);
      // Everything of the last file hidden: the file goes.
      await h.db.query('UPDATE posts SET hidden_at = now() WHERE id IN (111, 112, 114, 116)');
      expect(await make()).toEqual({ files: 2, written: 0, skipped: false });
      expect(await topicsOf()).toHaveLength(2);
    } finally {
      await h.db.exec(`DELETE FROM posts WHERE id IN (100, 116);
        UPDATE posts SET hidden_at = NULL WHERE id IN (107, 111, 112, 114);`);
    }
  });

  it('is served by the app itself, at 50,000 URLs a file', async () => {
    // 50,001 more visible movies: two files of movies, the first of exactly 50,000. Inserted (and
    // deleted) without the kept counters' triggers, which would take a minute on PGlite.
    await h.db.exec(`
      SET session_replication_role = replica;
      INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, year, published_at)
      SELECT 100000 + i, '批量' || i, '', 'posters/x', 60, 12, 'free', 2024, timestamptz '2025-06-01 00:00:00+00'
      FROM generate_series(1, 50001) i;
      SET session_replication_role = DEFAULT;`);
    try {
      const index = await get(h.app, '/sitemap.xml', 'localhost');
      const files = locsOf(index.body, 'sitemapindex', false).filter((file) => file.includes('/movies-'));
      expect(files).toEqual(['http://localhost/sitemaps/movies-1.xml', 'http://localhost/sitemaps/movies-2.xml']);
      const first = locsOf((await get(h.app, '/sitemaps/movies-1.xml', 'localhost')).body, 'urlset', true);
      const second = locsOf((await get(h.app, '/sitemaps/movies-2.xml', 'localhost')).body, 'urlset', true);
      expect(first).toHaveLength(50_000);
      expect(second).toHaveLength(30 + 50_001 - 50_000);
      expect(new Set([...first, ...second]).size).toBe(30 + 50_001);
      expect(second.at(-1)).toBe('http://localhost/movie/150001');
      expect((await get(h.app, '/robots.txt', 'localhost')).body).toContain('Sitemap: http://localhost/sitemap.xml');
    } finally {
      await h.db.exec(`SET session_replication_role = replica; DELETE FROM movies WHERE id > 100000;
        SET session_replication_role = DEFAULT;`);
    }
  }, 120_000);
});
