/**
 * The MacCMS v10 provide feed (docs/api.md "The MacCMS feed"): `GET /api.php/provide/vod` (and
 * `/api.php/provide/vod/at/xml`, or `?at=xml`) lists the requesting host's site's published titles
 * to MacCMS sites, TVBox-style apps and collectors, in plain HTTP without the app's protocol.
 *
 * Off unless the site turns it on (server/db/vod-feed.ts), free titles only unless it lists more,
 * behind `?key=` when the site sets one, and rate-limited per address. Its play URLs are playlists
 * signed for the title (server/media/play-ticket.ts) that play without a session for FEED_TICKET_DAYS,
 * made anew at every read; a title that is not free plays its trial alone, and one without a trial
 * offers no play URL. A free title's 播放源 (collected ones) follow its own video as further `$$$`
 * groups named by their flag, as MacCMS sites pass theirs on. Bad parameters answer code 0 with what is wrong, never a 5xx.
 * Pages read one after another are read from where the page before ended, and the totals are
 * counted once a minute (feed-memory.ts), so a collector's run stays within the read budget at
 * any depth of a large catalogue.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VOD_FEED_PATH } from '../../contract/calls/paths.ts';
import { joinMediaUrl } from '../../contract/media-url.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { ApiError } from '../api-error.ts';
import { sameSecret } from '../auth/same-secret.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { subtreeIds } from '../db/categories.ts';
import { siteCdnLines } from '../db/site-lists.ts';
import type { Site } from '../db/sites.ts';
import { countVods, vodClasses, vodFeedSettings, vodPage, type VodFilters, type VodRow } from '../db/vod-feed.ts';
import { posterFiles } from '../media/media-layout.ts';
import { issuePlaylistKey } from '../media/play-ticket.ts';
import { siteOrigin } from '../net/site-origin.ts';
import type { RateLimiter } from '../protocol/rate-limit.ts';
import { spell } from '../search/pinyin.ts';
import type { SiteDirectory } from '../site-directory.ts';
import { FeedMemory } from './feed-memory.ts';
import {
  PLAY_FROM,
  PLAY_GROUP_SEPARATOR,
  vodJson,
  vodRefusalJson,
  vodRefusalXml,
  vodXml,
  type VodItem,
} from './vod-format.ts';

/** How long a play URL of the feed plays: apps keep a listing for days; each read signs anew. */
export const FEED_TICKET_DAYS = 7;
/** MacCMS's page size, and its most. */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE_MAX = 100;
/** The deepest page read (by offset): 100 times the demo's catalogue at the largest page size. */
export const FEED_MAX_PAGE = 20_000;

const positiveInt = (max: number, what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} 须为正整数`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${what} 须在 1 到 ${max} 之间`);

const querySchema = z.object({
  ac: z.enum(['list', 'videolist', 'detail'], { message: 'ac 须为 list、videolist 或 detail' }).default('list'),
  at: z.enum(['json', 'xml'], { message: 'at 须为 json 或 xml' }).optional(),
  t: positiveInt(2_147_483_647, 't').optional(),
  pg: positiveInt(FEED_MAX_PAGE, 'pg').default(1),
  pagesize: positiveInt(FEED_PAGE_SIZE_MAX, 'pagesize').default(FEED_PAGE_SIZE),
  wd: z.string().trim().max(50, 'wd 至多 50 个字').optional(),
  h: positiveInt(24 * 365, 'h').optional(),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'ids 须为逗号分隔的正整数，至多 100 个')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
  key: z.string().max(128).optional(),
});

type FeedQuery = z.infer<typeof querySchema>;

interface Options {
  db: Db;
  sites: SiteDirectory;
  config: Pick<Config, 'PUBLIC_URL' | 'MEDIA_SECRET'>;
  limits: RateLimiter;
  /** For tests: the current time in ms. */
  now?: () => number;
}

/** One play source of a title in the feed: its flag (vod_play_from) and its `name$url#…` (vod_play_url). */
interface PlayGroup {
  flag: string;
  url: string;
}

/** A title's code name (vod_en): its pinyin, or its Latin letters and digits. */
const codeName = (title: string): string => {
  const folded = title.toLowerCase();
  return spell(folded).full || folded.replace(/[^a-z0-9]/g, '');
};

/** The name of an episode in a play URL: 正片 for a film, 第01集 for a series' episodes. */
const episodeName = (row: VodRow, number: number): string =>
  row.totalEpisodes === null && row.episodes.length === 1 ? '正片' : `第${String(number).padStart(2, '0')}集`;

export const provideRoutes: FastifyPluginAsync<Options> = async (
  app,
  { db, sites, config, limits, now = Date.now },
) => {
  const memory = new FeedMemory();
  const answer = (reply: FastifyReply, xml: boolean, status: number, body: string | object) =>
    reply
      .code(status)
      .type(xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  const refuse = (reply: FastifyReply, xml: boolean, status: number, msg: string) =>
    answer(reply, xml, status, xml ? vodRefusalXml(msg) : vodRefusalJson(msg));

  /**
   * A row's play sources as `$$$` groups: its own video's episodes (PLAY_FROM, on the site's first
   * CDN line, absolute; a trial alone for a title that is not free, none without a trial), then,
   * for a free title, each 播放源 under its flag with its URLs as collected (they cannot be cut to a
   * trial). A flag already given is not given twice. A listing reads no episodes: it names the
   * groups a detail would give (the own one for a title that plays, unless it plays from 播放源 only).
   */
  const playGroupsOf = (row: VodRow, detail: boolean, media: (key: string) => string): PlayGroup[] => {
    const trialSeconds = row.access === 'free' ? null : row.trialS;
    const groups: PlayGroup[] = [];
    const own = row.episodes.filter((episode) => episode.video !== null);
    if (trialSeconds !== 0 && (detail ? own.length > 0 : row.ownVideo || row.playSources.length === 0)) {
      const url = own
        .map((episode) => {
          const key = issuePlaylistKey({
            movieId: row.id,
            video: episode.video!,
            trialSeconds,
            ttlSeconds: FEED_TICKET_DAYS * 86_400,
            secret: config.MEDIA_SECRET,
            now: now(),
          });
          return `${episodeName(row, episode.number)}$${media(key)}`;
        })
        .join('#');
      groups.push({ flag: PLAY_FROM, url });
    }
    if (trialSeconds !== null) return groups;
    for (const source of row.playSources) {
      if ((detail && source.episodes.length === 0) || groups.some((group) => group.flag === source.flag)) continue;
      const url = source.episodes.map((episode) => `${episodeName(row, episode.number)}$${episode.url}`).join('#');
      groups.push({ flag: source.flag, url });
    }
    return groups;
  };

  async function serve(req: FastifyRequest, reply: FastifyReply, forceXml: boolean) {
    const raw = Object.fromEntries(
      Object.entries((req.query ?? {}) as Record<string, unknown>).map(([name, value]) => [
        name,
        Array.isArray(value) ? value[value.length - 1] : value,
      ]),
    );
    const parsed = querySchema.safeParse(raw);
    const xml = forceXml || (parsed.success ? parsed.data.at === 'xml' : raw.at === 'xml');
    if (!parsed.success) return refuse(reply, xml, 200, `参数错误：${parsed.error.issues[0]!.message}`);
    const query = parsed.data;
    const site = await sites.findForHost(req.hostname);
    const settings = site ? await vodFeedSettings(db, site.id) : null;
    if (!site || !settings?.enabled) return refuse(reply, xml, 404, '接口已关闭');
    try {
      await limits.check(VOD_FEED_PATH, { site, ip: req.ip, userId: null, accountAgeMs: null, payload: null });
    } catch (error) {
      if (error instanceof ApiError && error.code === Code.RateLimited) return refuse(reply, xml, 429, error.message);
      throw error;
    }
    // After the limit: a key guessed wrong counts against its address like any request.
    if (settings.key !== null && !sameSecret(query.key ?? '', settings.key)) return refuse(reply, xml, 403, '密钥错误');
    const page = await readPage(site, query, settings.access, siteOrigin(req, site, config.PUBLIC_URL));
    return answer(reply, xml, 200, xml ? vodXml(page) : vodJson(page));
  }

  async function readPage(site: Site, query: FeedQuery, access: VodFilters['access'], origin: string) {
    const line = (await siteCdnLines(db, site.id))[0]?.cdnLine ?? null;
    const media = (key: string) => new URL(joinMediaUrl(line, key), `${origin}/`).href;
    const filters: VodFilters = {
      typeIds: query.t === undefined ? null : await subtreeIds(db, query.t),
      word: query.wd || null,
      hours: query.h ?? null,
      ids: query.ids ?? null,
      access,
    };
    const detail = query.ac !== 'list';
    const limit = query.pagesize;
    const filtersKey = JSON.stringify(filters);
    const listing = `${limit} ${filtersKey}`;
    const at = now();
    const after = query.pg > 1 ? (memory.anchor(listing, query.pg - 1, at) ?? null) : null;
    const [total, { rows, last }, classes] = await Promise.all([
      memory.total(filtersKey, at, () => countVods(db, filters)),
      vodPage(db, filters, { offset: (query.pg - 1) * limit, limit, after }, detail),
      detail ? null : vodClasses(db),
    ]);
    memory.remember(listing, query.pg, last, at);
    const items: VodItem[] = rows.map((row) => {
      const groups = playGroupsOf(row, detail, media);
      return {
        row,
        en: codeName(row.title),
        pic: media(posterFiles(row.poster).large),
        playUrl: detail ? groups.map((group) => group.url).join(PLAY_GROUP_SEPARATOR) : '',
        playFrom: groups.map((group) => group.flag).join(PLAY_GROUP_SEPARATOR),
      };
    });
    return { page: query.pg, pageCount: Math.ceil(total / limit), limit, total, items, classes, detail };
  }

  app.get(VOD_FEED_PATH, (req, reply) => serve(req, reply, false));
  app.get(`${VOD_FEED_PATH}/`, (req, reply) => serve(req, reply, false));
  app.get(`${VOD_FEED_PATH}/at/xml`, (req, reply) => serve(req, reply, true));
  app.get(`${VOD_FEED_PATH}/at/xml/`, (req, reply) => serve(req, reply, true));
  app.get(`${VOD_FEED_PATH}/at/json`, (req, reply) => serve(req, reply, false));
};
