/**
 * 播放源: a title collected from MacCMS sources plays its episodes from external HLS URLs, besides
 * (or instead of) its own ladder. The play call offers the own video first, then each 播放源 with
 * the episode, in their order; a viewer who may not play in full gets the own trial alone (an
 * external URL cannot be cut), and no trial at all without an own video. Episodes that play from
 * 播放源 only count on cards and the detail, and the MacCMS feed passes a free title's 播放源 on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, MovieDetail, Page, PlayInfo } from '../../contract/calls/content.ts';
import { API, VOD_FEED_PATH } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { contentSecurityPolicy } from '../security-headers.ts';
import { saveVodFeedSettings } from '../db/vod-feed.ts';
import { verifyTicket } from '../media/play-ticket.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const OWN = /^play\/[^/]+\/index\.m3u8$/;
/** A free film with its own video and three 播放源 (one without its episode). */
const FILM = 2;
/** A VIP film (60 s trial) with its own video and a 播放源. */
const VIP_FILM = 12;
/** A free series collected: episodes 1 and 2 from 播放源 only, episode 3 not yet playing. */
const SERIES = 40;
/** A VIP series (60 s trial) that plays from 播放源 only. */
const VIP_SERIES = 41;

const SEED = `
INSERT INTO movies (id, title, description, poster, duration_s, category_id, access, trial_s, year, published_at)
VALUES (${SERIES}, '采集剧', '', 'posters/m40', 0, ${FX.comedy}, 'free', 0, 2024, now() - interval '1 day'),
       (${VIP_SERIES}, '采集会员剧', '', 'posters/m41', 0, ${FX.comedy}, 'vip', 60, 2024, now() - interval '1 day');
INSERT INTO episodes (movie_id, number, title, video, duration_s, state) VALUES
  (${SERIES}, 1, '第1集', NULL, 0, 'ready'), (${SERIES}, 2, '第2集', NULL, 0, 'ready'),
  (${SERIES}, 3, '第3集', NULL, 0, 'waiting'), (${VIP_SERIES}, 1, '第1集', NULL, 0, 'ready');
INSERT INTO play_sources (id, movie_id, flag, name, position) VALUES
  (1, ${FILM}, 'lzm3u8', '量子资源', 1), (2, ${FILM}, 'ffm3u8', '非凡资源', 0), (3, ${FILM}, 'xxm3u8', '只有第二集', 2),
  (4, ${VIP_FILM}, 'ffm3u8', '非凡资源', 0),
  (5, ${SERIES}, 'ffm3u8', '非凡资源', 0), (6, ${VIP_SERIES}, 'ffm3u8', '非凡资源', 0);
INSERT INTO play_source_episodes (play_source_id, number, url) VALUES
  (1, 1, 'https://lz.example/film/index.m3u8'), (2, 1, 'https://ff.example/film/index.m3u8'),
  (3, 2, 'https://xx.example/film-2/index.m3u8'), (4, 1, 'https://ff.example/vip/index.m3u8'),
  (5, 1, 'https://ff.example/s1/index.m3u8'), (5, 2, 'https://ff.example/s2/index.m3u8'),
  (5, 3, 'https://ff.example/s3/index.m3u8'), (6, 1, 'https://ff.example/v1/index.m3u8');`;

describe.each(DB_KINDS)('播放源 on %s', (kind) => {
  let h: Harness;
  const play = (token: string, id: number, episode?: number) =>
    dataOf<PlayInfo>(h.client, API.moviePlay, episode === undefined ? { id } : { id, episode }, token);
  const makeVip = (userId: number) =>
    h.db.query("UPDATE users SET vip_expire_at = now() + interval '30 days' WHERE id = $1", [userId]);

  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: async (db) => {
        await seedContent(db);
        await db.exec(SEED);
      },
    });
  });
  afterAll(() => h?.close());

  it('offers the own video first, then each 播放源 with the episode in their order', async () => {
    const { token } = await h.client.registerGuest();
    const info = await play(token, FILM);
    expect(info.sources.map((source) => source.name)).toEqual(['本站', '非凡资源', '量子资源']);
    expect(info.sources[0]!.playlist).toMatch(OWN);
    expect(info.sources.slice(1).map((source) => source.playlist)).toEqual([
      'https://ff.example/film/index.m3u8',
      'https://lz.example/film/index.m3u8',
    ]);
    expect(info).toMatchObject({ trial: false, trialSeconds: 0, playlist: info.sources[0]!.playlist, durationS: 602 });
  });

  it('keeps the answer of a title without 播放源: its own video alone', async () => {
    const { token } = await h.client.registerGuest();
    const info = await play(token, FX.freeMovie);
    expect(info.sources).toEqual([expect.objectContaining({ name: '本站', playlist: info.playlist })]);
    expect(info.playlist).toMatch(OWN);
  });

  it('gives a viewer who may not play in full the own trial alone, and a VIP every source', async () => {
    const guest = await h.client.registerGuest();
    const trial = await play(guest.token, VIP_FILM);
    expect(trial).toMatchObject({ trial: true, trialSeconds: 60 });
    expect(trial.sources).toEqual([{ name: '本站', playlist: trial.playlist }]);
    expect(verifyTicket(trial.playlist.split('/')[1]!, h.config.MEDIA_SECRET)?.trialSeconds).not.toBeNull();

    await makeVip(guest.info.id);
    const full = await play(guest.token, VIP_FILM);
    expect(full.trial).toBe(false);
    expect(full.sources.map((source) => [source.name, source.playlist])).toEqual([
      ['本站', full.playlist],
      ['非凡资源', 'https://ff.example/vip/index.m3u8'],
    ]);
  });

  it('plays an episode from 播放源 only in full, and refuses it to a viewer who may not (no trial can be cut)', async () => {
    const guest = await h.client.registerGuest();
    expect(await codeOf(h.client, API.moviePlay, { id: VIP_SERIES }, guest.token)).toEqual({
      code: Code.NotAllowed,
      msg: '该影片需开通 VIP 观看',
    });
    await makeVip(guest.info.id);
    const info = await play(guest.token, VIP_SERIES);
    expect(info).toMatchObject({
      trial: false,
      trialSeconds: 0,
      durationS: 0,
      playlist: 'https://ff.example/v1/index.m3u8',
      sources: [{ name: '非凡资源', playlist: 'https://ff.example/v1/index.m3u8' }],
    });
  });

  it('plays a collected series episode by episode; one that does not play yet is code 6', async () => {
    const { token } = await h.client.registerGuest();
    const second = await play(token, SERIES, 2);
    expect(second).toMatchObject({
      episode: { number: 2, title: '第2集', durationS: 0 },
      episodeCount: 2,
      sources: [{ name: '非凡资源', playlist: 'https://ff.example/s2/index.m3u8' }],
    });
    expect(await codeOf(h.client, API.moviePlay, { id: SERIES, episode: 3 }, token)).toEqual({
      code: Code.NotFound,
      msg: '没有第 3 集',
    });
    // A ready episode left without its own video and any 播放源 plays from nowhere: code 6 as well.
    await h.db.query('DELETE FROM play_source_episodes WHERE play_source_id = 5 AND number = 1');
    try {
      expect(await codeOf(h.client, API.moviePlay, { id: SERIES, episode: 1 }, token)).toEqual({
        code: Code.NotFound,
        msg: '没有第 1 集',
      });
    } finally {
      await h.db.query(
        "INSERT INTO play_source_episodes (play_source_id, number, url) VALUES (5, 1, 'https://ff.example/s1/index.m3u8')",
      );
    }
  });

  it('counts the episodes that play from 播放源 only on the cards and the detail', async () => {
    const { token } = await h.client.registerGuest();
    const detail = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: SERIES }, token);
    expect(detail.episodeCount).toBe(2);
    expect(detail.episodes.map((episode) => [episode.number, episode.title])).toEqual([
      [1, '第1集'],
      [2, '第2集'],
    ]);
    const page = await dataOf<Page<MovieCard>>(
      h.client,
      API.moviePage,
      { categoryId: FX.comedy, sort: 'new', page: 1, pageSize: 50 },
      token,
    );
    expect(page.list.find((card) => card.id === SERIES)?.episodeCount).toBe(2);
    expect(page.list.find((card) => card.id === VIP_SERIES)?.episodeCount).toBe(1);
  });

  describe('the MacCMS feed', () => {
    interface Vod {
      vod_id: number;
      vod_play_from: string;
      vod_play_url: string;
    }
    const feed = async (query: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `${VOD_FEED_PATH}${query}`,
        headers: { host: 'localhost' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const list = async (query: string) => (JSON.parse(await feed(query)) as { list: Vod[] }).list;
    beforeAll(async () => {
      const site = await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
      await saveVodFeedSettings(h.db, site!.id, { enabled: true, access: ['free', 'vip'], key: null });
    });

    it('passes a free title’s 播放源 on as further groups named by their flag, after its own video', async () => {
      const vods = await list(`?ac=detail&ids=${FILM},${SERIES}`);
      const film = vods.find((vod) => vod.vod_id === FILM)!;
      expect(film.vod_play_from).toBe('m3u8$$$ffm3u8$$$lzm3u8');
      const [own, ff, lz] = film.vod_play_url.split('$$$');
      expect(own).toMatch(/^正片\$http:\/\/localhost\/cdn\/1\/play\/[^/]+\/index\.m3u8$/);
      expect([ff, lz]).toEqual(['正片$https://ff.example/film/index.m3u8', '正片$https://lz.example/film/index.m3u8']);
      // A series that plays from 播放源 only: listed, with them alone (its episode 3 does not play yet).
      expect(vods.find((vod) => vod.vod_id === SERIES)).toMatchObject({
        vod_play_from: 'ffm3u8',
        vod_play_url: '第01集$https://ff.example/s1/index.m3u8#第02集$https://ff.example/s2/index.m3u8',
      });
      const listed = await list(`?ac=list&ids=${FILM},${SERIES}`);
      expect(listed.map((vod) => [vod.vod_id, vod.vod_play_from]).sort()).toEqual([
        [FILM, 'm3u8$$$ffm3u8$$$lzm3u8'],
        [SERIES, 'ffm3u8'],
      ]);
      const xml = await feed(`/at/xml?ac=detail&ids=${FILM}`);
      expect(xml).toContain('<dd flag="m3u8"><![CDATA[正片$http://localhost/cdn/1/play/');
      expect(xml).toContain('<dd flag="ffm3u8"><![CDATA[正片$https://ff.example/film/index.m3u8]]></dd>');
      expect(xml).toContain('<dd flag="lzm3u8"><![CDATA[正片$https://lz.example/film/index.m3u8]]></dd>');
    });

    it('never passes on the 播放源 of a title that is not free: its own trial alone, or nothing', async () => {
      const vods = await list(`?ac=detail&ids=${VIP_FILM},${VIP_SERIES}`);
      const vip = vods.find((vod) => vod.vod_id === VIP_FILM)!;
      expect(vip.vod_play_from).toBe('m3u8');
      expect(vip.vod_play_url).not.toContain('ff.example');
      expect(vods.find((vod) => vod.vod_id === VIP_SERIES)).toMatchObject({ vod_play_from: '', vod_play_url: '' });
      const listed = await list(`?ac=list&ids=${VIP_FILM},${VIP_SERIES}`);
      expect(listed.map((vod) => [vod.vod_id, vod.vod_play_from]).sort()).toEqual([
        [VIP_FILM, 'm3u8'],
        [VIP_SERIES, ''],
      ]);
    });
  });
});

describe('the page policy for 播放源', () => {
  it('lets media and fetches reach any https host, and http://127.0.0.1 only under the loopback test setting', () => {
    const production = contentSecurityPolicy({ scripts: [], styles: [] });
    expect(production).toContain("media-src 'self' blob: https:;");
    expect(production).toContain("connect-src 'self' https:;");
    expect(production).not.toContain('127.0.0.1');
    const loopback = contentSecurityPolicy({ scripts: [], styles: [] }, true);
    expect(loopback).toContain("media-src 'self' blob: https: http://127.0.0.1:*;");
    expect(loopback).toContain("connect-src 'self' https: http://127.0.0.1:*;");
  });
});
