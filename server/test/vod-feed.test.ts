/**
 * The MacCMS v10 provide feed (server/supply/provide-routes.ts, docs/api.md "The MacCMS feed") on
 * both stores: off until a site turns it on; its JSON and XML with every field of the format;
 * paging, `t` (a category and its subtree), `wd`, `h` and `ids`; the access levels the site lists
 * (free only by default), play URLs signed to play without a session (a trial's alone for a title
 * that is not free, none without a trial); nothing hidden, unpublished or scheduled ever listed;
 * bad parameters, a wrong key and a burst answered the MacCMS way (code 0 and what is wrong).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VOD_FEED_PATH } from '../../contract/calls/paths.ts';
import { saveVodFeedSettings } from '../db/vod-feed.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';
import { mediaPlugin } from '../media/media-plugin.ts';
import { trialSegments, verifyTicket } from '../media/play-ticket.ts';
import { createRateLimiter, noRateLimits, RATE_RULES, type RateLimiter } from '../protocol/rate-limit.ts';
import { createMemoryState } from '../request-state/memory-state.ts';
import { SiteDirectory } from '../site-directory.ts';
import { provideRoutes } from '../supply/provide-routes.ts';
import { seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const SECRET = 'feed-test-media-secret';
const LIST_FIELDS = [
  'vod_id',
  'vod_name',
  'type_id',
  'type_name',
  'vod_en',
  'vod_time',
  'vod_remarks',
  'vod_play_from',
];
const DETAIL_FIELDS = [
  ...LIST_FIELDS,
  'vod_sub',
  'vod_pic',
  'vod_actor',
  'vod_director',
  'vod_content',
  'vod_blurb',
  'vod_area',
  'vod_lang',
  'vod_year',
  'vod_score',
  'vod_class',
  'vod_total',
  'vod_serial',
  'vod_isend',
  'vod_play_server',
  'vod_play_note',
  'vod_play_url',
];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface Vod extends Record<string, unknown> {
  vod_id: number;
  vod_play_url: string;
}
interface FeedJson {
  code: number;
  msg: string;
  page: number;
  pagecount: number;
  limit: string;
  total: number;
  list: Vod[];
  class?: { type_id: number; type_pid: number; type_name: string }[];
}

describe.each(DB_KINDS)('the MacCMS provide feed on %s', (kind) => {
  let h: Harness;
  let app: FastifyInstance;
  let siteId: number;
  const feedApp = async (limits: RateLimiter) => {
    const feed = Fastify();
    await feed.register(provideRoutes, {
      db: h.db,
      sites: new SiteDirectory(h.db, 0, 0),
      config: { MEDIA_SECRET: SECRET },
      limits,
    });
    await feed.ready();
    return feed;
  };
  const get = async (query: string, on: FastifyInstance = app, host = 'localhost') => {
    const res = await on.inject({ method: 'GET', url: `${VOD_FEED_PATH}${query}`, headers: { host } });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
  };
  const json = async (query: string) => {
    const res = await get(query);
    expect(res.status, res.body).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    return JSON.parse(res.body) as FeedJson;
  };
  const ids = async (query: string) => (await json(query)).list.map((vod) => vod.vod_id);
  const feed = (settings: { enabled?: boolean; access?: ('free' | 'vip' | 'coins')[]; key?: string | null }) =>
    saveVodFeedSettings(h.db, siteId, { enabled: true, access: ['free'], key: null, ...settings });

  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: async (db) => {
        await seedContent(db);
        // Free titles hidden three ways, one listed with an edit today; the others last changed when published.
        await db.exec(`
          INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, year, published_at, status)
          VALUES (31, '草稿', '', 'posters/x', 60, 12, 'free', 2024, now() - interval '1 day', 'draft'),
                 (32, '下架', '', 'posters/x', 60, 12, 'free', 2024, now() - interval '1 day', 'unpublished'),
                 (33, '定时', '', 'posters/x', 60, 12, 'free', 2024, now() + interval '1 day', 'published');
          INSERT INTO episodes (movie_id, number, video, duration_s, state)
            SELECT i, 1, 'videos/v' || i, 60, 'ready' FROM generate_series(31, 33) i;
          UPDATE movies SET updated_at = published_at WHERE id <> 4;
          UPDATE movies SET title = '雾都]]>来信 <&>', remarks = 'HD', cast_names = '{甲,乙}', directors = '{丙}',
                 language = '国语', score_tenths = 85 WHERE id = 2;`);
      },
    });
    siteId = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!.id;
    app = await feedApp(noRateLimits);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });
  beforeEach(() => feed({}));

  it('is off until a site turns it on, and a site answers for itself alone', async () => {
    await feed({ enabled: false });
    for (const query of ['?ac=list', '/at/xml?ac=detail']) {
      const res = await get(query);
      expect(res.status).toBe(404);
      expect(res.body).toContain('接口已关闭');
    }
    await feed({});
    // The other site of the station has no feed row: off there.
    expect((await get('?ac=list', app, 'other.test')).status).toBe(404);
  });

  it('lists the free titles newest first with the list fields and the movie categories as class', async () => {
    const page = await json('?ac=list');
    expect(page).toMatchObject({ code: 1, msg: '数据列表', page: 1, pagecount: 1, limit: '20', total: 10 });
    // Title 4 was edited today: it leads; the others by publication, newest first.
    expect(page.list.map((vod) => vod.vod_id)).toEqual([4, 10, 9, 8, 7, 6, 5, 3, 2, 1]);
    for (const vod of page.list) expect(Object.keys(vod).sort()).toEqual([...LIST_FIELDS].sort());
    const ten = page.list.find((vod) => vod.vod_id === 10)!;
    expect(ten).toEqual({
      vod_id: 10,
      vod_name: '影片10',
      type_id: 12,
      type_name: '喜剧',
      vod_en: 'yingpian10',
      vod_time: '2025-01-11 08:00:00',
      vod_remarks: '',
      vod_play_from: 'm3u8',
    });
    expect(page.class).toEqual([
      { type_id: 11, type_pid: 0, type_name: '动作' },
      { type_id: 111, type_pid: 11, type_name: '武侠' },
      { type_id: 112, type_pid: 11, type_name: '警匪' },
      { type_id: 12, type_pid: 0, type_name: '喜剧' },
    ]);
  });

  it('pages by pg and pagesize, and filters by t (with its subtree), wd, h and ids', async () => {
    const second = await json('?ac=list&pg=2&pagesize=3');
    expect(second).toMatchObject({ page: 2, pagecount: 4, limit: '3', total: 10 });
    expect(second.list.map((vod) => vod.vod_id)).toEqual([8, 7, 6]);
    expect(await ids('?ac=list&pg=5&pagesize=3')).toEqual([]);
    // Category 11 and its children 111 and 112; 12 alone.
    expect((await ids('?ac=list&t=11')).sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 7, 8, 9]);
    expect((await ids('?ac=list&t=111')).sort((a, b) => a - b)).toEqual([4, 8]);
    expect(await ids('?ac=list&t=12')).toEqual([10, 6, 2]);
    expect(await ids('?ac=list&t=999')).toEqual([]);
    expect(await ids(`?ac=list&wd=${encodeURIComponent('star')}`)).toEqual([7]);
    expect(await ids(`?ac=list&wd=${encodeURIComponent('折扣')}`)).toEqual([6, 5]);
    expect(await ids('?ac=list&h=24')).toEqual([4]);
    expect(await ids('?ac=detail&ids=1,2,15,31,32,33,2')).toEqual([2, 1]);
  });

  it('reads page after page from where the page before ended: the titles asked cold, each once', async () => {
    const all = await ids('?ac=list&pagesize=100');
    // Cold first (by offset, on an app that has answered no page before it), then in turn.
    const cold = await feedApp(noRateLimits);
    const coldPages: number[][] = [];
    for (const pg of [3, 2, 1]) {
      const res = await cold.inject({
        method: 'GET',
        url: `${VOD_FEED_PATH}?ac=list&pagesize=3&pg=${pg}`,
        headers: { host: 'localhost' },
      });
      coldPages[pg] = (JSON.parse(res.body) as FeedJson).list.map((vod) => vod.vod_id);
    }
    await cold.close();
    const pages: number[][] = [];
    for (let pg = 1; pg <= 4; pg++) pages[pg] = await ids(`?ac=list&pagesize=3&pg=${pg}`);
    expect(pages.slice(1, 4)).toEqual(coldPages.slice(1, 4));
    expect(pages.flat()).toEqual(all);
    // A title changed between two pages moves to the top: the run reading on reads no title twice
    // (by offset, the page after would repeat the last title of this one); the next run's h finds it.
    const first = await ids('?ac=list&pagesize=3&pg=1');
    await h.db.query('UPDATE movies SET updated_at = now() WHERE id = $1', [all[5]]);
    try {
      const second = await ids('?ac=list&pagesize=3&pg=2');
      expect([...first, ...second]).toEqual(all.slice(0, 7).filter((id) => id !== all[5]));
    } finally {
      await h.db.query('UPDATE movies SET updated_at = published_at WHERE id = $1', [all[5]]);
    }
  });

  it('details a title with every field, and a play URL that plays without a session', async () => {
    const [vod] = (await json('?ac=detail&ids=2')).list;
    expect(Object.keys(vod!).sort()).toEqual([...DETAIL_FIELDS].sort());
    expect(vod).toMatchObject({
      vod_name: '雾都]]>来信 <&>',
      vod_remarks: 'HD',
      vod_pic: 'http://localhost/cdn/1/posters/m2-l.webp',
      vod_actor: '甲,乙',
      vod_director: '丙',
      vod_content: '影片2的简介',
      vod_blurb: '影片2的简介',
      vod_area: '大陆',
      vod_lang: '国语',
      vod_year: '2002',
      vod_score: '8.5',
      vod_total: 1,
      vod_serial: '1',
      vod_isend: 1,
      vod_play_from: 'm3u8',
    });
    const match = /^正片\$http:\/\/localhost\/cdn\/1\/play\/([^/]+)\/index\.m3u8$/.exec(vod!.vod_play_url);
    expect(match, vod!.vod_play_url).not.toBeNull();
    const ticket = verifyTicket(match![1]!, SECRET);
    expect(ticket).toMatchObject({ movieId: 2, video: 'v2', trialSeconds: null });
    // Long-lived: days, not the app's hours.
    expect(ticket!.expiresAt * 1000 - Date.now()).toBeGreaterThan(6 * 86_400_000);
  });

  it('lists more access levels when the site says so: a trial alone plays, and a title without one offers no play URL', async () => {
    await feed({ access: ['free', 'vip'] });
    expect((await json('?ac=list')).total).toBe(20);
    const list = (await json('?ac=detail&ids=11,20')).list;
    const eleven = list.find((vod) => vod.vod_id === 11)!;
    const ticket = verifyTicket(/\/play\/([^/]+)\//.exec(eleven.vod_play_url)![1]!, SECRET);
    expect(ticket?.trialSeconds).toBe(60);
    expect(list.find((vod) => vod.vod_id === 20)).toMatchObject({ vod_play_url: '', vod_play_from: '' });
    // Never a hidden, unpublished or scheduled title, whatever the levels.
    await feed({ access: ['free', 'vip', 'coins'] });
    expect((await json('?ac=list&pagesize=100')).total).toBe(30);
    expect(await ids('?ac=detail&ids=31,32,33')).toEqual([]);
  });

  it('answers XML at /at/xml and with at=xml, text in CDATA', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', cdataPropName: '__cdata' });
    const list = await get('/at/xml?ac=list&pagesize=2');
    expect(list.type).toBe('application/xml; charset=utf-8');
    const doc = parser.parse(list.body);
    expect(doc.rss.version).toBe('5.1');
    expect(doc.rss.list).toMatchObject({ page: '1', pagecount: '5', pagesize: '2', recordcount: '10' });
    expect(doc.rss.list.video.map((video: { id: number }) => video.id)).toEqual([4, 10]);
    expect(doc.rss.class.ty.map((ty: { id: string }) => ty.id)).toEqual(['11', '111', '112', '12']);

    const detail = parser.parse((await get('?ac=detail&ids=2&at=xml')).body);
    const video = detail.rss.list.video;
    // A `]]>` in the text ends one CDATA section and starts the next: the text is their parts joined.
    expect([video.name.__cdata].flat().join('')).toBe('雾都]]>来信 <&>');
    expect(video.dl.dd.flag).toBe('m3u8');
    expect(video.dl.dd.__cdata).toMatch(/^正片\$http:\/\/localhost\/cdn\/1\/play\/[^/]+\/index\.m3u8$/);
  });

  it('answers bad parameters with code 0 naming the parameter, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['?ac=bogus', 'ac'],
      ['?pg=0', 'pg'],
      ['?pg=abc', 'pg'],
      ['?pg=99999999999', 'pg'],
      ['?pagesize=101', 'pagesize'],
      ['?t=-1', 't'],
      ['?h=1.5', 'h'],
      ['?ids=1,x', 'ids'],
      [`?ids=${range(1, 101).join(',')}`, 'ids'],
      [`?wd=${'长'.repeat(51)}`, 'wd'],
      ['?at=yaml', 'at'],
    ];
    for (const [query, name] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(200);
      const body = JSON.parse(res.body) as { code: number; msg: string };
      expect(body.code, query).toBe(0);
      expect(body.msg, query).toContain(name);
    }
    const xml = await get('/at/xml?pg=0');
    expect(xml.body).toMatch(/<error><!\[CDATA\[参数错误：pg/);
    // A parameter given twice: the last counts, as PHP reads it.
    expect(await ids('?ac=list&pagesize=1&pagesize=2')).toHaveLength(2);
  });

  it('asks for the key the site sets, and slows down a burst from one address', async () => {
    await feed({ key: 'feed-key-0123' });
    for (const query of ['?ac=list', '?ac=list&key=wrong-key-000']) {
      const res = await get(query);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ code: 0, msg: '密钥错误' });
    }
    expect((await json('?ac=list&key=feed-key-0123')).total).toBe(10);

    await feed({});
    const limited = await feedApp(createRateLimiter(createMemoryState(), RATE_RULES));
    try {
      const rule = RATE_RULES.find((r) => r.name === 'vod-feed')!;
      for (let i = 0; i < rule.limit; i++) expect((await get('?ac=list&pagesize=1', limited)).status).toBe(200);
      const refused = await get('?ac=list&pagesize=1', limited);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 0, msg: expect.stringContaining('采集过于频繁') });
      // Guessing keys is no way around it: wrong keys count against the address too.
      await feed({ key: 'feed-key-0123' });
      expect((await get('?ac=list&key=guess-0000', limited)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a TVBox-style client searches, reads a title and plays it in plain HTTP, a trial cut where it ends', async () => {
    // Two videos of 30 segments on disk, as the ladders' rungs keep them; the media server beside the feed.
    const mediaDir = mkdtempSync(join(tmpdir(), 'vod-feed-media-'));
    const segments = 30;
    for (const video of ['v7', 'v11']) {
      const dir = join(mediaDir, 'videos', video);
      mkdirSync(dir, { recursive: true });
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${HLS_SEGMENT_SECONDS}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
      ];
      for (let n = 0; n < segments; n++) {
        const name = `seg-${String(n).padStart(3, '0')}.ts`;
        writeFileSync(join(dir, name), `segment ${n} of ${video}`);
        lines.push(`#EXTINF:${HLS_SEGMENT_SECONDS}.000,`, name);
      }
      writeFileSync(join(dir, 'index.m3u8'), [...lines, '#EXT-X-ENDLIST', ''].join('\n'));
    }
    const site = Fastify();
    await site.register(provideRoutes, {
      db: h.db,
      sites: new SiteDirectory(h.db, 0, 0),
      config: { MEDIA_SECRET: SECRET },
      limits: noRateLimits,
    });
    await site.register(mediaPlugin, { mediaDir, secret: SECRET });
    await site.listen({ host: '127.0.0.1', port: 0 });
    const { port } = site.server.address() as { port: number };
    // The client asks by the site's host, as an app given the feed's address would.
    const fetchFeed = (query: string) =>
      site
        .inject({ method: 'GET', url: `${VOD_FEED_PATH}${query}`, headers: { host: 'localhost' } })
        .then((res) => JSON.parse(res.body) as FeedJson);
    const fetchMedia = (url: string) => fetch(url.replace('http://localhost/', `http://127.0.0.1:${port}/`));
    try {
      await feed({ access: ['free', 'vip'] });
      const found = await fetchFeed(`?ac=videolist&wd=${encodeURIComponent('Star_Wars')}`);
      expect(found.list.map((vod) => vod.vod_id)).toEqual([7]);
      for (const [id, playable] of [
        [7, segments],
        [11, trialSegments(60)],
      ] as const) {
        const [vod] = (await fetchFeed(`?ac=detail&ids=${id}`)).list;
        const [name, url] = vod!.vod_play_url.split('$') as [string, string];
        expect(name).toBe('正片');
        const playlist = await fetchMedia(url);
        expect(playlist.status).toBe(200);
        const text = await playlist.text();
        const listed = text.split('\n').filter((line) => line.startsWith('seg-'));
        expect(listed, `title ${id}`).toHaveLength(playable);
        const segment = (n: number) => fetchMedia(new URL(`seg-${String(n).padStart(3, '0')}.ts`, url).href);
        expect(await (await segment(0)).text()).toBe(`segment 0 of v${id}`);
        expect((await segment(playable - 1)).status).toBe(200);
        if (playable < segments) expect((await segment(playable)).status).toBe(403);
      }
    } finally {
      await site.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
