/**
 * 播放源 in a real Chromium: a collected series whose episodes play from other sites only. Three
 * sources, in order: 坏源 (a 404 on a small HTTP server of this test, standing for another site),
 * 外站 (that server's copy of a demo HLS directory, relative segment URLs and all) and 乙站 (a second
 * server of ours: its own signed playlist, cross-origin, its segments too). The app's server runs
 * under the loopback test setting, whose page policy lets media come from http://127.0.0.1.
 *
 * The player fails over from 坏源 to 外站 and plays, with a toast naming it; the viewer then picks
 * 乙站 in the 播放源 menu and it plays, and the next episode (chosen in 选集) starts from 乙站.
 * A phone screenshot of the menu open.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { videoName } from '../server/media/media-layout.ts';
import { issuePlaylistKey } from '../server/media/play-ticket.ts';
import { DEMO_MEDIA_CACHE } from '../server/seed/generate-media.ts';
import { launch, noBrowser, openPage, PHONE, type WatchedPage } from './browser.ts';
import { openPlayerMenu, playerVideo as video, playsOn } from './player-flows.ts';
import { shoot } from './screenshots.ts';
import { copyOfSeededData } from './seeded-data.ts';
import { startServer, type RunningServer } from './server-process.ts';

const SECOND_SECRET = 'e2e-play-sources-second-server-secret';
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t' };

/** Another site: serves `dir` under /site/ to any origin, as a resource site's CDN does; anything else 404. */
async function otherSite(dir: string): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    res.setHeader('access-control-allow-origin', '*');
    const file = normalize(join(dir, path.replace(/^\/site\//, '')));
    if (!path.startsWith('/site/') || !file.startsWith(dir + sep)) return res.writeHead(404).end('Not Found');
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

describe.skipIf(noBrowser)('播放源 in Chromium', () => {
  let app: RunningServer;
  let second: RunningServer;
  let site: Awaited<ReturnType<typeof otherSite>>;
  let copy: string;
  let browser: Browser;
  let movieId: number;
  let watched: WatchedPage | undefined;

  beforeAll(async () => {
    const dataDir = copyOfSeededData('e2e-play-sources-');
    const db = await openDb({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    let video: string;
    try {
      await migrate(db);
      // A demo title's video lends its files to the other sites.
      const demo = await db.one<{ id: number; video: string }>(
        `SELECT m.id, e.video FROM movies m JOIN episodes e ON e.movie_id = m.id AND e.number = 1
          WHERE m.access = 'free' AND m.status = 'published' AND e.video IS NOT NULL ORDER BY m.id LIMIT 1`,
      );
      video = videoName(demo!.video)!;
      copy = mkdtempSync(join(tmpdir(), 'e2e-other-site-'));
      cpSync(join(DEMO_MEDIA_CACHE, 'videos', video), copy, { recursive: true });
      site = await otherSite(copy);
      second = await startServer(
        { STATIC_DIR: inject('staticDir'), MEDIA_SECRET: SECOND_SECRET },
        { dataDir: copyOfSeededData('e2e-play-sources-b-') },
      );
      const made = await db.one<{ id: number }>(
        `INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, trial_s, region, year,
                             published_at)
         SELECT (SELECT max(id) + 1 FROM movies), '外站连载', '从别的站点采集的剧集', poster, 0, category_id, 'free', 0,
                region, year, now() - interval '1 hour'
           FROM movies WHERE id = $1 RETURNING id`,
        [demo!.id],
      );
      movieId = made!.id;
      await db.query(
        `INSERT INTO episodes (movie_id, number, title, video, duration_s, state)
         VALUES ($1, 1, '第1集', NULL, 0, 'ready'), ($1, 2, '第2集', NULL, 0, 'ready')`,
        [movieId],
      );
      const sources = [
        ['坏源', 'bad', `${site.origin}/missing/index.m3u8`],
        ['外站', 'site', `${site.origin}/site/index.m3u8`],
        [
          '乙站',
          'second',
          `${second.baseURL}/cdn/1/${issuePlaylistKey({ movieId: demo!.id, video, trialSeconds: null, secret: SECOND_SECRET })}`,
        ],
      ] as const;
      for (const [position, [name, flag, url]] of sources.entries()) {
        const row = await db.one<{ id: number }>(
          `INSERT INTO play_sources (movie_id, flag, name, position) VALUES ($1, $2, $3, $4) RETURNING id`,
          [movieId, flag, name, position],
        );
        await db.query(
          `INSERT INTO play_source_episodes (play_source_id, number, url) VALUES ($1, 1, $2), ($1, 2, $2)`,
          [row!.id, url],
        );
      }
    } finally {
      await db.close();
    }
    app = await startServer({ STATIC_DIR: inject('staticDir'), OUTBOUND_TEST_HOSTS: 'loopback' }, { dataDir });
    browser = await launch();
    // Two servers of its own to start besides the suite's, each up to 120 s on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await watched?.context.close();
    await browser?.close();
    await app?.stop();
    await second?.stop();
    site?.server.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('fails over from a broken source to the next, plays it, and plays the one picked in the menu', async () => {
    watched = await openPage(browser, PHONE, app.baseURL);
    const { page, problems } = watched;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const segmentsFrom = (origin: string, since: number) =>
      requested.slice(since).filter((url) => url.startsWith(origin) && url.endsWith('.ts')).length;
    await page.goto(`/movie/play/${movieId}?ep=1`);

    // 坏源 answers 404: the player moves on to 外站, says so, and plays it from the other site.
    await page.getByRole('status').filter({ hasText: '播放源不可用，已切换到 外站' }).waitFor({ timeout: 30_000 });
    await playsOn(page);
    expect(site.requests).toContain('/missing/index.m3u8');
    expect(segmentsFrom(`${site.origin}/site/`, 0)).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=play-source]').innerText()).toBe('外站');

    // The menu names every source, 外站 chosen; picking 乙站 plays the second server's signed
    // playlist (cross-origin: its playlists and segments), on from where 外站 was.
    const { items } = await openPlayerMenu(page, 'play-source');
    expect(items.map((item) => item.text)).toEqual(['坏源', '外站', '乙站']);
    await shoot(page, 'player-menu-play-source-phone');
    const at = await currentTime(page);
    const picked = requested.length;
    await page.locator('[data-testid=play-source-menu]').getByRole('menuitemradio', { name: '乙站' }).click();
    await expect.poll(() => page.locator('[data-testid=play-source]').innerText()).toBe('乙站');
    await expect
      .poll(() => segmentsFrom(`${second.baseURL}/cdn/1/play/`, picked), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await playsOn(page, Math.max(0, at - 1));

    // The next episode starts from the source chosen for the title.
    const next = requested.length;
    await page.locator('[data-testid=episode-chip]', { hasText: '2' }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ep')).toBe('2');
    await expect
      .poll(() => segmentsFrom(`${second.baseURL}/cdn/1/play/`, next), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await playsOn(page);
    expect(await page.locator('[data-testid=play-source]').innerText()).toBe('乙站');
    expect(segmentsFrom(site.origin, next)).toBe(0);

    // The 404 of 坏源 is the one problem, and an expected one.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });
});
