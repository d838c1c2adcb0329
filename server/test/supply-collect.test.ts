/**
 * Collection (资源采集, server/supply/, docs/collection.md) on both stores, against MacCMS v10 feeds
 * served from 127.0.0.1 (fixtures/maccms: the shapes and the untidiness of real feeds, JSON and
 * XML): what lands in the catalogue (mapped categories, plain text, https episodes only, each once,
 * the poster sizes, drafts or published), what the run's log says for every item, a re-run that
 * collects nothing twice, one title from two sources, a run paused and resumed, a run whose worker
 * stopped taken up by another process, and sources that time out, answer garbage or redirect to a
 * private address failing with their reason and writing nothing.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunState } from '../../contract/admin/supply.ts';
import { PLACEHOLDER_POSTER } from '../admin/catalogue/movie-writes.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { posterFiles } from '../media/media-layout.ts';
import { invalidateWords } from '../moderation/sensitive-words.ts';
import { Outbound } from '../net/outbound.ts';
import { pauseRun, resumeRun, startRun, type SupplyDeps } from '../supply/run-control.ts';
import { readSourceClasses, SupplyFetchError } from '../supply/source-client.ts';
import { createAppOn, createHarness, DB_KINDS, type Harness, type HarnessOptions } from './harness.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'maccms');

interface Answer {
  status?: number;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  delayMs?: number;
}

/** A feed host on 127.0.0.1: each path answers through a function of the request's URL. */
class FeedServer {
  readonly hits: string[] = [];
  readonly routes = new Map<string, (url: URL) => Answer>();
  private readonly server: Server = createServer((req, res) => {
    this.hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', this.origin);
    const answer = this.routes.get(url.pathname)?.(url) ?? { status: 404, body: 'not found' };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, answer.headers).end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A fixture's text with its `{{origin}}` made this server's. */
  fixture(name: string): string {
    return readFileSync(join(FIXTURES, name), 'utf8').split('{{origin}}').join(this.origin);
  }

  /** A source's API answering `pages[pg - 1]` to ac=detail (and ac=list with the first page). */
  feed(path: string, pages: (url: URL) => Answer | string[], type = 'application/json'): void {
    this.routes.set(path, (url) => {
      const answer = pages(url);
      if (!Array.isArray(answer)) return answer;
      const pg = Number(url.searchParams.get('pg') ?? '1');
      const body = answer[pg - 1];
      return body === undefined ? { status: 404 } : { body, headers: { 'content-type': type } };
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A JSON page of `count` series named `${prefix} n`, numbered from `first`, of `pageCount` pages. */
function generatedPage(prefix: string, page: number, pageCount: number, perPage = 2): string {
  const list = Array.from({ length: perPage }, (_, i) => {
    const n = (page - 1) * perPage + i + 1;
    return {
      vod_id: `${prefix}-${n}`,
      vod_name: `${prefix}${n}`,
      type_id: '2',
      type_name: '电视剧',
      vod_time: '2024-03-01 00:00:00',
      vod_year: '2024',
      vod_play_from: 'm3u8',
      vod_play_url: `第1集$https://cdn.example.com/${prefix}/${n}/1.m3u8#第2集$https://cdn.example.com/${prefix}/${n}/2.m3u8`,
    };
  });
  return JSON.stringify({ code: 1, msg: '数据列表', page, pagecount: pageCount, limit: perPage, total: 6, list });
}

const FILM = 901;
const SERIES = 902;

async function seedCatalogue(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO categories (id, parent_id, name, route, sort, depth) VALUES
      (900, NULL, '影视', '/movie', 0, 1), (${FILM}, 900, '电影', NULL, 0, 2), (${SERIES}, 900, '电视剧', NULL, 1, 2);
    INSERT INTO sensitive_words (word, action) VALUES ('违禁词', 'refuse'), ('屏蔽词', 'mask')
      ON CONFLICT (word) DO UPDATE SET action = EXCLUDED.action;`);
  invalidateWords();
}

describe.each(DB_KINDS)('collection from MacCMS sources on %s', (kind) => {
  const feeds = new FeedServer();
  const mediaDir = mkdtempSync(join(tmpdir(), 'supply-media-'));
  const config: Partial<Config> = {
    MEDIA_DIR: mediaDir,
    OUTBOUND_TEST_HOSTS: 'loopback',
    SUPPLY_PAGE_TIMEOUT_MS: 1_000,
    SUPPLY_JOB_RETRY_SECONDS: 1,
    JOBS_POLL_SECONDS: 0.5,
  };
  const options: HarnessOptions = { config, seed: seedCatalogue };
  let h: Harness;
  let deps: SupplyDeps;

  const addSource = async (
    name: string,
    path: string,
    more: { format?: 'json' | 'xml'; landAs?: 'draft' | 'published'; map?: [number, number][]; key?: string } = {},
  ): Promise<number> => {
    const row = await h.db.one<{ id: number }>(
      `INSERT INTO supply_sources (name, api_url, format, land_as, api_key) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [name, `${feeds.origin}${path}`, more.format ?? 'json', more.landAs ?? 'draft', more.key ?? null],
    );
    for (const [typeId, categoryId] of more.map ?? [])
      await h.db.query('INSERT INTO supply_type_map (source_id, type_id, category_id) VALUES ($1, $2, $3)', [
        row!.id,
        typeId,
        categoryId,
      ]);
    return row!.id;
  };

  interface RunView {
    state: RunState;
    page: number;
    pageCount: number | null;
    added: number;
    updated: number;
    skipped: number;
    failed: number;
    failure: string | null;
    operatorId: number | null;
  }
  const runOf = async (db: Db, id: number) =>
    (await db.one<RunView>(
      `SELECT state, page, page_count AS "pageCount", added, updated, skipped, failed, failure,
              operator_id AS "operatorId" FROM supply_runs WHERE id = $1`,
      [id],
    ))!;
  const waitFor = async (db: Db, id: number, done: (run: RunView) => boolean, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const run = await runOf(db, id);
      if (done(run)) return run;
      if (Date.now() > until) throw new Error(`run ${id} still ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const finished = (run: RunView) => run.state === 'done' || run.state === 'failed' || run.state === 'paused';
  const collect = async (sourceId: number, mode: 'all' | 'day' | 'ids' = 'all', ids: string[] = []) => {
    const id = await startRun(deps, { sourceId, mode, ids, operatorId: null });
    return { id, run: await waitFor(h.db, id, finished) };
  };
  const itemsOf = (runId: number) =>
    h.db.query<{ vodId: string; outcome: string; reason: string; movieId: number | null; page: number }>(
      `SELECT vod_id AS "vodId", outcome, reason, movie_id AS "movieId", page FROM supply_run_items
        WHERE run_id = $1 ORDER BY id`,
      [runId],
    );
  const movieNamed = (title: string) =>
    h.db.query<{
      id: number;
      title: string;
      description: string;
      categoryId: number;
      status: string;
      poster: string;
      year: number;
      region: string;
      castNames: string[];
      directors: string[];
      remarks: string;
      alias: string;
      language: string;
      scoreTenths: number | null;
      totalEpisodes: number | null;
      finished: boolean;
      matchName: string;
    }>(
      `SELECT id, title, description, category_id AS "categoryId", status, poster, year, region,
              cast_names AS "castNames", directors, remarks, alias, language, score_tenths AS "scoreTenths",
              total_episodes AS "totalEpisodes", finished, match_name AS "matchName"
         FROM movies WHERE title = $1`,
      [title],
    );
  const episodesOf = (movieId: number) =>
    h.db.query<{ number: number; title: string; state: string; video: string | null }>(
      'SELECT number, title, state, video FROM episodes WHERE movie_id = $1 ORDER BY number',
      [movieId],
    );
  const playSourcesOf = (movieId: number) =>
    h.db.query<{ name: string; flag: string; sourceId: number; urls: string[] }>(
      `SELECT p.name, p.flag, p.source_id AS "sourceId",
              (SELECT array_agg(e.url ORDER BY e.number) FROM play_source_episodes e WHERE e.play_source_id = p.id) AS urls
         FROM play_sources p WHERE p.movie_id = $1 ORDER BY p.position, p.id`,
      [movieId],
    );
  const collectedCount = async () =>
    (await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM movies WHERE match_name IS NOT NULL'))!.n;

  let sourceA = 0;
  let sourceB = 0;

  beforeAll(async () => {
    await feeds.start();
    const jpeg = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#993366' } })
      .png()
      .toBuffer();
    feeds.routes.set('/pics/101.jpg', () => ({ body: jpeg, headers: { 'content-type': 'image/jpeg' } }));
    feeds.routes.set('/pics/107.png', () => ({ body: png }));
    feeds.routes.set('/pics/b1.png', () => ({ body: png }));
    feeds.routes.set('/pics/not-image.jpg', () => ({ body: '<html>hotlink refused</html>' }));
    feeds.feed('/a/api.php/provide/vod', (url) => {
      if (url.searchParams.get('ac') === 'list') return { body: feeds.fixture('a-list.json') };
      const ids = url.searchParams.get('ids');
      const pages = ['a-page1.json', 'a-page2.json', 'a-page3.json'].map((name) => feeds.fixture(name));
      if (ids) {
        const wanted = new Set(ids.split(','));
        const list = pages.flatMap((page) => (JSON.parse(page) as { list: { vod_id: unknown }[] }).list);
        const chosen = list.filter((vod) => wanted.has(String(vod.vod_id)));
        return { body: JSON.stringify({ code: 1, page: 1, pagecount: 1, total: chosen.length, list: chosen }) };
      }
      return pages;
    });
    feeds.feed(
      '/b/api.php/provide/vod/at/xml',
      () => ['b-page1.xml', 'b-page2.xml'].map((name) => feeds.fixture(name)),
      'text/xml',
    );
    h = await createHarness(kind, options);
    deps = { db: h.db, jobs: h.app.jobWorkers.jobs };
    sourceA = await addSource('甲资源', '/a/api.php/provide/vod', {
      map: [
        [1, FILM],
        [2, SERIES],
      ],
      key: 'k3y',
    });
    sourceB = await addSource('乙资源', '/b/api.php/provide/vod/at/xml', {
      format: 'xml',
      landAs: 'published',
      map: [[5, SERIES]],
    });
  });

  afterAll(async () => {
    await h?.close();
    await feeds.close();
  });

  it("reads a source's classes and total, JSON and XML", async () => {
    const outbound = new Outbound({ testHosts: 'loopback' });
    const json = await readSourceClasses(outbound, {
      apiUrl: `${feeds.origin}/a/api.php/provide/vod`,
      format: 'json',
      apiKey: 'k3y',
    });
    expect(json).toEqual({
      classes: [
        { typeId: 1, typeName: '电影' },
        { typeId: 2, typeName: '电视剧' },
        { typeId: 3, typeName: '综艺' },
      ],
      total: 7,
    });
    expect(feeds.hits).toContain('/a/api.php/provide/vod?ac=list&pg=1&key=k3y');
    const xml = await readSourceClasses(outbound, {
      apiUrl: `${feeds.origin}/b/api.php/provide/vod/at/xml`,
      format: 'xml',
      apiKey: null,
    });
    expect(xml).toEqual({
      classes: [
        { typeId: 5, typeName: '电视剧' },
        { typeId: 6, typeName: '动漫' },
      ],
      total: 3,
    });
    // Without the loopback test setting, 127.0.0.1 is refused before any request.
    await expect(
      readSourceClasses(new Outbound({ testHosts: 'off' }), {
        apiUrl: `${feeds.origin}/a/api.php/provide/vod`,
        format: 'json',
        apiKey: null,
      }),
    ).rejects.toThrow(new SupplyFetchError('源站地址不是公网地址'));
  });

  it('collects a JSON source: mapped types, plain text, https episodes once each, posters, drafts', async () => {
    const { id, run } = await collect(sourceA);
    expect(run).toMatchObject({ state: 'done', page: 3, pageCount: 3, added: 4, updated: 0, skipped: 3, failed: 0 });
    expect(feeds.hits).toContain('/a/api.php/provide/vod?ac=detail&pg=2&key=k3y');

    const items = await itemsOf(id);
    expect(items.map((item) => [item.vodId, item.outcome, item.page])).toEqual([
      ['101', 'added', 1],
      ['102', 'added', 1],
      ['103', 'skipped', 1],
      ['104', 'skipped', 2],
      ['105', 'added', 2],
      ['106', 'skipped', 2],
      ['107', 'added', 3],
    ]);
    const reason = (vodId: string) => items.find((item) => item.vodId === vodId)!.reason;
    expect(reason('103')).toBe('分类未映射：综艺');
    expect(reason('104')).toBe('没有可播放的 https 地址');
    expect(reason('106')).toBe('含敏感词：违禁词');
    expect(reason('101')).toBe('丢弃 1 个非 https 或无效的播放地址');
    expect(reason('102')).toContain('丢弃 1 个非 https 或无效的播放地址');
    expect(reason('102')).toContain('封面获取失败');
    expect(reason('105')).toBe('封面不是图片，保留占位封面');
    expect(await movieNamed('综艺大会')).toEqual([]);
    expect(await movieNamed('只有HTTP')).toEqual([]);
    expect(await movieNamed('某片')).toEqual([]);

    const [film] = await movieNamed('流浪地球');
    expect(film).toMatchObject({
      categoryId: FILM,
      status: 'draft',
      year: 2019,
      region: '大陆',
      castNames: ['吴京', '屈楚萧', '李光洁'],
      directors: ['郭帆'],
      remarks: 'HD国语',
      alias: 'The Wandering Earth',
      language: '国语',
      scoreTenths: 79,
      totalEpisodes: 1,
      finished: true,
      matchName: '流浪地球',
    });
    expect(film!.description).toBe('太阳即将毁灭&人类 开启\n“流浪地球”计划。***在此\n\n第二段…中');
    expect(await episodesOf(film!.id)).toEqual([{ number: 1, title: 'HD', state: 'ready', video: null }]);
    expect(await playSourcesOf(film!.id)).toEqual([
      { name: '甲资源 · ffm3u8', flag: 'ffm3u8', sourceId: sourceA, urls: ['https://cdn.example.com/101/index.m3u8'] },
    ]);
    // The picture became the two poster sizes, never a link to the source's.
    expect(film!.poster).toMatch(new RegExp(`^posters/m${film!.id}-[0-9a-f]{12}$`));
    const files = posterFiles(film!.poster);
    expect(existsSync(join(mediaDir, files.small)) && existsSync(join(mediaDir, files.large))).toBe(true);
    const large = await sharp(join(mediaDir, files.large)).metadata();
    expect([large.width, large.height, large.format]).toEqual([720, 1080, 'webp']);

    const [series] = await movieNamed('三体');
    expect(series).toMatchObject({
      categoryId: SERIES,
      description: '地球文明与三体文明',
      castNames: ['张鲁一', '于和伟'],
      scoreTenths: null,
      totalEpisodes: 30,
      finished: false,
      remarks: '更新至第3集',
      poster: PLACEHOLDER_POSTER,
    });
    expect(await episodesOf(series!.id)).toEqual([
      { number: 1, title: '第01集', state: 'ready', video: null },
      { number: 2, title: '第02集', state: 'ready', video: null },
      { number: 3, title: '第03集', state: 'ready', video: null },
    ]);
    expect((await playSourcesOf(series!.id)).map((p) => p.urls)).toEqual([
      [
        'https://cdn.example.com/102/1.m3u8',
        'https://cdn.example.com/102/2.m3u8',
        'https://cdn.example.com/102/3.m3u8',
      ],
    ]);
    const [trimmed] = await movieNamed('狂飙');
    expect(trimmed).toMatchObject({ year: 2023, directors: [], scoreTenths: 91, poster: PLACEHOLDER_POSTER });
    const [season] = await movieNamed('漫长的季节');
    expect(season!.description).toBe('东北 往事');
    expect(season!.poster).not.toBe(PLACEHOLDER_POSTER);
    // Drafts: counted nowhere a visitor looks until published; the audit names no operator.
    expect(await h.db.one('SELECT n FROM category_counts WHERE category_id = $1 AND n > 0', [FILM])).toBeUndefined();
    const audit = await h.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'movie.create' AND operator_id IS NULL
          AND target_id = $1`,
      [String(film!.id)],
    );
    expect(audit!.n).toBe(1);
  });

  it('collects nothing twice: a re-run skips the unchanged, a changed item updates its title', async () => {
    const before = await collectedCount();
    const episodes = await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM episodes');
    const again = await collect(sourceA);
    expect(again.run).toMatchObject({ state: 'done', added: 0, updated: 0, skipped: 7, failed: 0 });
    expect((await itemsOf(again.id)).filter((item) => item.reason === '未变化').map((item) => item.vodId)).toEqual([
      '101',
      '102',
      '105',
      '107',
    ]);
    expect(await collectedCount()).toBe(before);
    expect(await h.db.one('SELECT count(*)::int AS n FROM episodes')).toEqual(episodes);

    // The source adds an episode to 三体 and says so by its vod_time; an operator edited the synopsis meanwhile.
    const [series] = await movieNamed('三体');
    await h.db.query(`UPDATE movies SET description = '运营写的简介' WHERE id = $1`, [series!.id]);
    const original = feeds.routes.get('/a/api.php/provide/vod')!;
    feeds.routes.set('/a/api.php/provide/vod', (url) => {
      const answer = original(url);
      if (url.searchParams.get('pg') !== '1' || typeof answer.body !== 'string') return answer;
      const body = answer.body
        .replace('2024-01-02 08:00:00', '2024-01-09 08:00:00')
        .replace('更新至第3集', '更新至第4集')
        .replace('#第04集$ftp://cdn.example.com/102/4.m3u8', '#第04集$https://cdn.example.com/102/4.m3u8');
      return { ...answer, body };
    });
    try {
      const changed = await collect(sourceA, 'day');
      expect(changed.run).toMatchObject({ state: 'done', added: 0, updated: 1, skipped: 6 });
      expect(feeds.hits).toContain('/a/api.php/provide/vod?ac=detail&pg=1&h=24&key=k3y');
    } finally {
      feeds.routes.set('/a/api.php/provide/vod', original);
    }
    const [updated] = await movieNamed('三体');
    expect(updated).toMatchObject({ remarks: '更新至第4集', description: '运营写的简介' });
    expect((await episodesOf(series!.id)).map((e) => e.number)).toEqual([1, 2, 3, 4]);
    expect(await collectedCount()).toBe(before);
  });

  it('collects a list of ids in chunks', async () => {
    const { id, run } = await collect(sourceA, 'ids', ['101', '107']);
    expect(run).toMatchObject({ state: 'done', page: 1, pageCount: 1, skipped: 2 });
    expect(feeds.hits).toContain('/a/api.php/provide/vod?ac=detail&pg=1&ids=101%2C107&key=k3y');
    expect((await itemsOf(id)).map((item) => item.vodId)).toEqual(['101', '107']);
  });

  it('makes one title of the same name and year from two sources, with two play sources', async () => {
    const before = await collectedCount();
    const { id, run } = await collect(sourceB);
    expect(run).toMatchObject({ state: 'done', page: 2, pageCount: 2, added: 1, updated: 1, skipped: 1 });
    const items = await itemsOf(id);
    expect(items.map((item) => [item.vodId, item.outcome, item.reason])).toEqual([
      ['9001', 'updated', '按名称和年份并入已有标题；丢弃 1 个非 https 或无效的播放地址'],
      ['9002', 'added', ''],
      ['9003', 'skipped', '分类未映射：动漫'],
    ]);
    expect(await collectedCount()).toBe(before + 1);
    const [series] = await movieNamed('三体');
    expect(items[0]!.movieId).toBe(series!.id);
    // The draft stays a draft: a source lands only its new titles as it is set to.
    expect(series!.status).toBe('draft');
    expect((await playSourcesOf(series!.id)).map((p) => [p.name, p.urls.length])).toEqual([
      ['甲资源 · ffm3u8', 4],
      ['乙资源 · bfzym3u8', 2],
    ]);
    // An empty field here is filled from the second source; its picture replaces the placeholder.
    expect(series).toMatchObject({ directors: ['杨磊'], region: '大陆', language: '国语' });
    expect(series!.poster).not.toBe(PLACEHOLDER_POSTER);

    const [glory] = await movieNamed('黑暗荣耀');
    expect(glory).toMatchObject({ status: 'published', categoryId: SERIES, description: '复仇', region: '韩国' });
    expect(
      await h.db.one('SELECT n FROM category_counts WHERE category_id = $1 AND kind = $2', [SERIES, 'movie']),
    ).toEqual({
      n: 1,
    });
    const doc = await h.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM search_docs WHERE kind = 'movie' AND source_id = $1`,
      [glory!.id],
    );
    expect(doc!.n).toBe(1);
  });

  it('pauses after the page it is on and resumes from the next one', async () => {
    feeds.feed('/p/api.php/provide/vod', (url) => {
      const pg = Number(url.searchParams.get('pg'));
      return { body: generatedPage('暂停', pg, 3), delayMs: pg === 2 ? 600 : 0 };
    });
    const source = await addSource('丙资源', '/p/api.php/provide/vod', { map: [[2, SERIES]] });
    const id = await startRun(deps, { sourceId: source, mode: 'all', ids: [], operatorId: null });
    await waitFor(h.db, id, (run) => run.page >= 1);
    expect(await pauseRun(h.db, id)).toBe(true);
    const paused = await waitFor(h.db, id, finished);
    expect(paused).toMatchObject({ state: 'paused', page: 2, pageCount: 3, added: 4 });
    expect(await pauseRun(h.db, id)).toBe(false);
    expect(await resumeRun(deps, id)).toBe(true);
    const done = await waitFor(h.db, id, (run) => run.state === 'done');
    expect(done).toMatchObject({ page: 3, added: 6, skipped: 0 });
    expect(await resumeRun(deps, id)).toBe(false);
    const titles = await h.db.query<{ title: string; n: number }>(
      `SELECT title, count(*)::int AS n FROM movies WHERE title LIKE '暂停%' GROUP BY title ORDER BY title`,
    );
    expect(titles).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ title: `暂停${n}`, n: 1 })));
    expect((await itemsOf(id)).length).toBe(6);
  });

  it('fails a run with the reason when the source times out, answers garbage or redirects to a private address', async () => {
    const cases: [string, Answer, string][] = [
      ['timeout', { body: generatedPage('超时', 1, 1), delayMs: 2_500 }, '源站超时（1 秒）'],
      [
        'html',
        { body: feeds.fixture('garbage.html'), headers: { 'content-type': 'text/html' } },
        '源站返回的不是 MacCMS 数据',
      ],
      ['truncated', { body: feeds.fixture('truncated.json') }, '源站返回的不是 MacCMS 数据'],
      ['refusal', { body: JSON.stringify({ code: 0, msg: 'key 错误' }) }, '源站拒绝：key 错误'],
      ['status', { status: 500, body: 'oops' }, '源站返回 HTTP 500'],
      [
        'private',
        { status: 302, headers: { location: 'http://10.0.0.1/api.php/provide/vod' } },
        '源站重定向到不允许的地址',
      ],
      ['localhost', { status: 302, headers: { location: 'http://localhost/' } }, '源站重定向到不允许的地址'],
    ];
    const before = await collectedCount();
    for (const [name, answer, failure] of cases) {
      feeds.routes.set(`/f-${name}/api.php/provide/vod`, () => answer);
      const source = await addSource(`坏源${name}`, `/f-${name}/api.php/provide/vod`, { map: [[2, SERIES]] });
      const { run } = await collect(source);
      expect(run, name).toMatchObject({ state: 'failed', failure, page: 0, added: 0 });
    }
    const xml = await addSource('坏源xml', '/f-html/api.php/provide/vod', { format: 'xml', map: [[2, SERIES]] });
    expect((await collect(xml)).run).toMatchObject({ state: 'failed', failure: '源站返回的不是 MacCMS 数据' });
    // Garbage on page 2: page 1 stays written whole, nothing of page 2, and a resume goes on from page 2.
    feeds.feed('/f-later/api.php/provide/vod', (url) =>
      url.searchParams.get('pg') === '2' ? { body: '<html>' } : { body: generatedPage('半途', 1, 2) },
    );
    const later = await addSource('坏源later', '/f-later/api.php/provide/vod', { map: [[2, SERIES]] });
    const { id, run } = await collect(later);
    expect(run).toMatchObject({ state: 'failed', page: 1, added: 2, failure: '源站返回的不是 MacCMS 数据' });
    expect(await collectedCount()).toBe(before + 2);
    feeds.feed('/f-later/api.php/provide/vod', (url) => ({
      body: generatedPage('半途', Number(url.searchParams.get('pg')), 2),
    }));
    expect(await resumeRun(deps, id)).toBe(true);
    expect(await waitFor(h.db, id, finished)).toMatchObject({ state: 'done', page: 2, added: 4, failure: null });
  });

  it('queues a 最近 24 小时 run for a source whose schedule is due, once', async () => {
    feeds.feed('/s/api.php/provide/vod', () => ({
      body: JSON.stringify({ code: 1, page: 1, pagecount: 0, total: 0, list: [] }),
    }));
    const source = await addSource('定时源', '/s/api.php/provide/vod');
    await h.db.query('UPDATE supply_sources SET every_hours = 6 WHERE id = $1', [source]);
    const schedule = h.app.jobWorkers.supplySchedule;
    const [runId] = await schedule.round(Date.now());
    expect(runId).toBeDefined();
    expect(await schedule.round(Date.now())).toEqual([]);
    const run = await waitFor(h.db, runId!, finished);
    expect(run).toMatchObject({ state: 'done', operatorId: null });
    expect(await h.db.one('SELECT mode FROM supply_runs WHERE id = $1', [runId])).toEqual({ mode: 'day' });
    // Done, but not due for six hours; then due again.
    expect(await schedule.round(Date.now())).toEqual([]);
    const [later] = await schedule.round(Date.now() + 6 * 3_600_000 + 1_000);
    expect(later).toBeDefined();
    expect(await waitFor(h.db, later!, finished)).toMatchObject({ state: 'done' });
  });
});

describe.each(DB_KINDS)('a collection run whose worker stops, on %s', (kind) => {
  it('is taken up by the next process from the page after the last whole one', async () => {
    const feeds = new FeedServer();
    await feeds.start();
    let slow = true;
    feeds.feed('/k/api.php/provide/vod', (url) => {
      const pg = Number(url.searchParams.get('pg'));
      return { body: generatedPage('中断', pg, 3), delayMs: pg === 2 && slow ? 800 : 0 };
    });
    const options: HarnessOptions = {
      config: {
        MEDIA_DIR: mkdtempSync(join(tmpdir(), 'supply-kill-')),
        OUTBOUND_TEST_HOSTS: 'loopback',
        SUPPLY_PAGE_TIMEOUT_MS: 2_000,
        SUPPLY_JOB_RETRY_SECONDS: 1,
        JOBS_POLL_SECONDS: 0.5,
      },
      seed: seedCatalogue,
    };
    const first = await createHarness(kind, options);
    const db = first.db;
    let second: Awaited<ReturnType<typeof createAppOn>> | undefined;
    try {
      const row = await db.one<{ id: number }>(
        `INSERT INTO supply_sources (name, api_url) VALUES ('丁资源', $1) RETURNING id`,
        [`${feeds.origin}/k/api.php/provide/vod`],
      );
      await db.query('INSERT INTO supply_type_map (source_id, type_id, category_id) VALUES ($1, 2, $2)', [
        row!.id,
        SERIES,
      ]);
      const id = await startRun(
        { db, jobs: first.app.jobWorkers.jobs },
        { sourceId: row!.id, mode: 'all', ids: [], operatorId: null },
      );
      const until = Date.now() + 20_000;
      const stateOf = () =>
        db.one<{ state: string; page: number; added: number }>(
          'SELECT state, page, added FROM supply_runs WHERE id = $1',
          [id],
        );
      while ((await stateOf())!.page < 1) {
        if (Date.now() > until) throw new Error('page 1 never written');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The process stops while page 2 is on its way: its run is aborted where it is.
      await first.app.close();
      expect(await stateOf()).toMatchObject({ state: 'running', page: 1, added: 2 });
      slow = false;
      second = await createAppOn(db, options);
      for (;;) {
        const run = await stateOf();
        if (run!.state === 'done') break;
        if (Date.now() > until) throw new Error(`run still ${JSON.stringify(run)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await stateOf()).toMatchObject({ state: 'done', page: 3, added: 6 });
      const titles = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM movies WHERE title LIKE '中断%' GROUP BY title`,
      );
      expect(titles).toHaveLength(6);
      expect(titles.every((t) => t.n === 1)).toBe(true);
      const logged = await db.query('SELECT vod_id FROM supply_run_items WHERE run_id = $1', [id]);
      expect(logged).toHaveLength(6);
    } finally {
      await second?.app.close();
      await db.close();
      await feeds.close();
    }
  }, 40_000);
});
