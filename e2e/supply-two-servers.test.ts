/**
 * Both ways at once, two servers on one machine: server A, a copy of the demo (its MacCMS feed on
 * for free titles) whose PUBLIC_URL is the address B reaches it at; server B, a second copy of the demo under the outbound guard's loopback
 * test setting, collects A's feed through its console API, first as JSON then as XML (two sources),
 * with only the category of one of A's free series mapped. The 最近 24 小时 run adds that category's
 * titles and skips the others, the 全部 run after it collects nothing twice, and the XML source
 * merges into the same titles as a second 播放源. Then a visitor of B plays an episode of the
 * collected series in Chromium, from A's own media (cross-origin), and switches 播放源 in the
 * player's menu.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { RunItemPage, SupplyRun, SupplySource } from '../contract/admin/supply.ts';
import { CSRF_HEADER, type AdminSession } from '../contract/admin/session.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { signInAt, startConsoleSuite, type ConsoleSuite, type Credentials } from './admin-flows.ts';
import { noBrowser, openPage, PHONE } from './browser.ts';
import { openPlayerMenu, playsOn } from './player-flows.ts';
import { shoot } from './screenshots.ts';
import { copyOfSeededData } from './seeded-data.ts';
import { startServer, type RunningServer } from './server-process.ts';

interface FeedItem {
  vod_id: number;
  vod_name: string;
  type_id: number;
  vod_play_from: string;
  vod_play_url: string;
}

/**
 * A's free series, made as a resource site's is: the demo's series play one clip in every episode,
 * which a collector takes for one episode listed twice, so each of its episodes here gets a video
 * of its own (other titles' clips), in A's data folder before A starts.
 */
async function seriesWithItsOwnVideos(dataDir: string): Promise<number> {
  const db = await openDb({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await migrate(db);
    const series = await db.one<{ id: number }>(
      `SELECT m.id FROM movies m WHERE m.access = 'free' AND m.status = 'published' AND m.published_at <= now()
          AND (SELECT count(*) FROM episodes e WHERE e.movie_id = m.id AND e.state = 'ready' AND e.video IS NOT NULL) >= 2
        ORDER BY m.id LIMIT 1`,
    );
    await db.query(
      `WITH clips AS (SELECT video, row_number() OVER (ORDER BY video) AS n
                        FROM (SELECT DISTINCT video FROM episodes WHERE video IS NOT NULL) v)
       UPDATE episodes e SET video = clips.video FROM clips
        WHERE e.movie_id = $1 AND e.video IS NOT NULL AND clips.n = e.number`,
      [series!.id],
    );
    return series!.id;
  } finally {
    await db.close();
  }
}

/** The series as A's feed gives it. */
async function feedItem(serverA: string, id: number): Promise<FeedItem> {
  const answer = (await (await fetch(`${serverA}/api.php/provide/vod?ac=detail&ids=${id}`)).json()) as {
    list: FeedItem[];
  };
  return answer.list[0]!;
}

/** A call of B's console API from the signed-in page, as its client makes it (the CSRF token on changes). */
async function consoleCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body, header }) => {
      const session = (await (await fetch('/admin-api/session')).json()) as AdminSession;
      const response = await fetch(`/admin-api${path}`, {
        method,
        headers: { 'content-type': 'application/json', [header]: session.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, body, header: CSRF_HEADER },
  );
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

describe.skipIf(noBrowser)('collection between two servers', () => {
  let provider: RunningServer;
  let seriesId: number;
  let suite: ConsoleSuite;
  let browser: Browser;
  let ops: Credentials;

  beforeAll(async () => {
    // A's absolute URLs (play URLs, pictures) name the origin B reaches it at: its PUBLIC_URL, as
    // a site behind its own domain has (a request on another Host than the site's gets that origin).
    const port = await freePort();
    const dataDir = copyOfSeededData('e2e-supply-a-');
    seriesId = await seriesWithItsOwnVideos(dataDir);
    [provider, suite] = await Promise.all([
      startServer({ STATIC_DIR: inject('staticDir'), PUBLIC_URL: `http://127.0.0.1:${port}` }, { port, dataDir }),
      startConsoleSuite('supply-b', [['ops-collect', 'ops']], { OUTBOUND_TEST_HOSTS: 'loopback' }),
    ]);
    browser = suite.browser;
    [ops] = suite.operators as [Credentials];
  }, 300_000);
  afterAll(async () => {
    await suite?.stop();
    await provider?.stop();
  });

  it('B collects A’s feed (one category, 24-hour then full runs, JSON and XML), and a visitor of B plays and switches 播放源', async () => {
    const serverA = provider.baseURL;
    const series = await feedItem(serverA, seriesId);
    // Episodes as a collector counts them: an address listed twice is one episode.
    const episodes = new Set(series.vod_play_url.split('#').map((line) => line.split('$')[1])).size;
    expect(episodes).toBeGreaterThanOrEqual(2);
    const serverB = suite.server.baseURL;

    const operator = await openPage(browser, { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 }, serverB);
    const { page } = operator;
    await signInAt(page, '/admin/supply', ops);
    const addSource = (name: string, format: 'json' | 'xml') =>
      consoleCall<SupplySource>(page, 'POST', '/supply/sources', {
        name,
        apiUrl: `${serverA}/api.php/provide/vod`,
        format,
        apiKey: null,
        enabled: true,
        landAs: 'published',
        everyHours: null,
      });
    const run = async (sourceId: number, mode: 'day' | 'all'): Promise<SupplyRun> => {
      const started = await consoleCall<SupplyRun>(page, 'POST', `/supply/sources/${sourceId}/runs`, { mode });
      let done = started;
      await vi.waitFor(
        async () => {
          done = await consoleCall<SupplyRun>(page, 'GET', `/supply/runs/${started.id}`);
          expect(done.state).toMatch(/done|failed/);
        },
        { timeout: 120_000, interval: 500 },
      );
      expect(done.failure).toBeNull();
      expect(done.state).toBe('done');
      return done;
    };

    // The JSON source: A's classes read by B, the series' category alone mapped (to the same
    // category here: B is a copy of the demo).
    const json = await addSource('甲站 JSON', 'json');
    const { classes } = await consoleCall<{ classes: { typeId: number; typeName: string }[] }>(
      page,
      'GET',
      `/supply/sources/${json.id}/classes`,
    );
    const mapped = classes.find((entry) => entry.typeId === Number(series.type_id))!;
    expect(mapped).toBeDefined();
    const map = classes.map((entry) => ({ ...entry, categoryId: entry === mapped ? entry.typeId : null }));
    await consoleCall(page, 'PUT', `/supply/sources/${json.id}/map`, { map });

    const day = await run(json.id, 'day');
    expect(day.added).toBeGreaterThan(0);
    expect(day.failed).toBe(0);
    const log = await consoleCall<RunItemPage>(page, 'GET', `/supply/runs/${day.id}/items?page=1`);
    expect(log.items.some((item) => item.outcome === 'skipped' && item.reason.startsWith('分类未映射'))).toBe(true);
    const seriesItem = (
      await consoleCall<RunItemPage>(page, 'GET', `/supply/runs/${day.id}/items?outcome=added`)
    ).items.find((item) => item.vodId === String(series.vod_id));
    expect(seriesItem?.movieId).toBeTruthy();
    const movieId = seriesItem!.movieId!;

    // 全部 after it: nothing twice.
    const all = await run(json.id, 'all');
    expect(all.added).toBe(0);
    expect(all.updated).toBe(0);
    expect(all.skipped).toBeGreaterThanOrEqual(day.added);

    // The XML source: the same titles, matched by name and year, gain a second 播放源.
    const xml = await addSource('甲站 XML', 'xml');
    await consoleCall(page, 'PUT', `/supply/sources/${xml.id}/map`, { map });
    const merged = await run(xml.id, 'all');
    expect(merged.added).toBe(0);
    expect(merged.updated).toBe(day.added);
    await operator.context.close();

    // A visitor of B plays episode 2 of the collected series from A's media, then switches 播放源.
    const visitor = await openPage(browser, PHONE, serverB);
    try {
      const requested: string[] = [];
      visitor.page.on('request', (request) => requested.push(request.url()));
      const fromA = (since: number) =>
        requested.slice(since).filter((url) => url.startsWith(serverA) && url.endsWith('.ts')).length;
      await visitor.page.goto(`/movie/play/${movieId}?ep=2`);
      await playsOn(visitor.page);
      expect(fromA(0)).toBeGreaterThan(0);
      const { items } = await openPlayerMenu(visitor.page, 'play-source');
      expect(items.map((item) => item.text)).toEqual([
        `甲站 JSON · ${series.vod_play_from}`,
        `甲站 XML · ${series.vod_play_from}`,
      ]);
      await shoot(visitor.page, 'supply-collected-series-play-source-phone');
      const picked = requested.length;
      await visitor.page
        .locator('[data-testid=play-source-menu]')
        .getByRole('menuitemradio', { name: `甲站 XML · ${series.vod_play_from}` })
        .click();
      await expect
        .poll(() => visitor.page.locator('[data-testid=play-source]').innerText())
        .toBe(`甲站 XML · ${series.vod_play_from}`);
      await expect.poll(() => fromA(picked), { timeout: 30_000 }).toBeGreaterThan(0);
      await playsOn(visitor.page);
      // The series has every episode A plays (each a clip of its own).
      expect(await visitor.page.locator('[data-testid=episode-chip]').count()).toBe(episodes);
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
