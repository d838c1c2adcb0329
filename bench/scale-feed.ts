/**
 * The MacCMS feed (/api.php/provide/vod, server/supply/provide-routes.ts) on the factor-1000 store,
 * as a collector and a TVBox-style app read it: the app's own route through fastify's inject (no
 * socket, read cache off, no rate limit), the feed turned on for every access level. The first
 * page of ac=list and ac=detail, a page deep in the catalogue read as collectors read it (right
 * after the page before it) and the same page asked cold (no page before it), the last 24 hours,
 * one category, a keyword, a list of ids, and the XML form. Held to the read budget (p99 ≤ 20 ms).
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../server/app.ts';
import { envConfigWith } from '../server/config.ts';
import type { Db } from '../server/db/db.ts';
import type { Site } from '../server/db/sites.ts';
import { saveVodFeedSettings } from '../server/db/vod-feed.ts';
import { resolveServerSecrets } from '../server/server-secrets.ts';
import { VOD_FEED_PATH } from '../contract/calls/paths.ts';
import type { Figure } from './figures.ts';
import { ms, READ_BUDGET_MS, timeSideBySide, type Timing } from './scale-reads.ts';

/** How deep the deep page is: 2,000 pages of 20, 40,000 titles in (the cold one twice as deep). */
const DEEP_PAGE = 2_000;

export async function measureFeed(db: Db, site: Site, factor: number, log: (line: string) => void): Promise<Figure[]> {
  const env = envConfigWith({
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    READ_CACHE_MS: 0,
    RATE_LIMITS: 'off',
    STATIC_DIR: join(tmpdir(), 'station-pwa-no-build'),
  });
  const { config } = await resolveServerSecrets(db, env);
  await saveVodFeedSettings(db, site.id, { enabled: true, access: ['free', 'vip', 'coins'], key: null });
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    const get = async (query: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: `${VOD_FEED_PATH}?${query}`,
        headers: { host: site.host },
      });
      if (answer.statusCode !== 200) throw new Error(`${query}: HTTP ${answer.statusCode} ${answer.body.slice(0, 80)}`);
      return answer.body;
    };
    const first = JSON.parse(await get('ac=detail')) as { list: { vod_id: number; type_id: number }[]; total: number };
    const ids = first.list.map((item) => item.vod_id).join(',');
    const typeId = first.list[0]!.type_id;
    log(`feed: ${first.total} titles listed`);

    const reads: [string, (i: number) => Promise<unknown>][] = [
      ['feed ac=list, page 1', () => get('ac=list')],
      ['feed ac=detail, page 1', () => get('ac=detail')],
      // As collectors read: page after page (the page before answered just before it).
      [
        `feed ac=detail, page ${DEEP_PAGE.toLocaleString('en')} after the page before it`,
        async () => {
          await get(`ac=detail&pg=${DEEP_PAGE - 1}`);
          const start = performance.now();
          await get(`ac=detail&pg=${DEEP_PAGE}`);
          return performance.now() - start;
        },
      ],
      // A page no request came before: read by its offset.
      [
        `feed ac=detail, page ${(2 * DEEP_PAGE).toLocaleString('en')} asked cold`,
        () => get(`ac=detail&pg=${2 * DEEP_PAGE}`),
      ],
      ['feed ac=detail, h=24', () => get('ac=detail&h=24')],
      ['feed ac=detail, one category (t)', () => get(`ac=detail&t=${typeId}`)],
      ['feed ac=list, a keyword (wd=之)', () => get(`ac=list&wd=${encodeURIComponent('之')}`)],
      ['feed ac=detail, 20 ids', () => get(`ac=detail&ids=${ids}`)],
      ['feed ac=detail, XML', () => get('ac=detail&at=xml')],
    ];
    const figures: Figure[] = [];
    for (const [name, call] of reads) {
      let timing: Timing;
      if (name.includes('after the page before it')) {
        // Only the second request of each pair is the figure.
        const times: number[] = [];
        for (let i = 0; i < 3; i++) await call(i);
        const until = performance.now() + 10_000;
        while (times.length < 100 && (times.length < 10 || performance.now() < until))
          times.push((await call(times.length)) as number);
        times.sort((a, b) => a - b);
        const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
        timing = { p50: at(50), p99: at(99), runs: times.length };
      } else [timing] = (await timeSideBySide([{ call }], 100)) as [Timing];
      log(`${name}: ${timing.missing ?? `p50 ${ms(timing.p50!)}, p99 ${ms(timing.p99!)}`}`);
      figures.push({
        group: `scale ×${factor} p99`,
        name,
        value: timing.p99,
        unit: 'ms',
        budget: { max: READ_BUDGET_MS.read },
        note: timing.missing ?? `p50 ${ms(timing.p50!)}, ${timing.runs} runs`,
      });
    }
    return figures;
  } finally {
    await app.close();
  }
}
