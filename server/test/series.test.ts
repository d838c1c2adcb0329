/**
 * Titles with episodes as visitors see them: the detail lists the ready episodes, /movie/play plays
 * one by number, cards and the detail say whether a series is finished (docs/api.md, MovieCard:
 * true until the console marks it 连载中, docs/admin-api.md), and a title that is a draft, unpublished or scheduled for later is invisible to
 * every visitor read until it is published and its time has come.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMovie, AdminMoviePage } from '../../contract/admin/catalogue.ts';
import type { AdminError } from '../../contract/admin/session.ts';
import type { FeaturedDetail, HomeData, MovieCard, MovieDetail, Page, PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { verifyTicket } from '../media/play-ticket.ts';
import { previewMovieDetail } from '../routes/movies.ts';
import { signInOperator } from './admin-fixture.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import type { Db } from '../db/db.ts';

/** Movie 2 (free) becomes a series of four episodes: 3 is still processing, so visitors see 1, 2 and 4. */
const SERIES = 2;
async function seedSeries(db: Db): Promise<void> {
  await seedContent(db);
  await db.exec(`
    UPDATE episodes SET title = '第1集' WHERE movie_id = ${SERIES};
    INSERT INTO episodes (movie_id, number, title, video, duration_s, state, rungs) VALUES
      (${SERIES}, 2, '第2集', 'videos/v22', 1500, 'ready', '{360,720}'),
      (${SERIES}, 3, '第3集', NULL, 0, 'processing', '{}'),
      (${SERIES}, 4, '大结局', 'videos/v24', 1600, 'ready', '{}');`);
}

const ticketOf = (playlist: string) => playlist.split('/')[1] ?? '';

describe.each(DB_KINDS)('series and visibility on %s', (kind) => {
  let h: Harness;
  let token: string;
  const detail = (id: number) => dataOf<MovieDetail>(h.client, API.movieDetail, { id });
  const play = (payload: { id: number; episode?: number }) => dataOf<PlayInfo>(h.client, API.moviePlay, payload, token);
  const ids = (list: MovieCard[]) => list.map((m) => m.id);
  const setState = (id: number, status: string, publishedAt = "now() - interval '1 day'") =>
    h.db.query(`UPDATE movies SET status = $2, published_at = ${publishedAt} WHERE id = $1`, [id, status]);

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSeries });
    token = (await h.client.registerGuest()).token;
  });
  afterAll(() => h?.close());

  it('lists the ready episodes of a series on its detail, by number; a film has one', async () => {
    expect((await detail(SERIES)).episodes).toEqual([
      { id: expect.any(Number), number: 1, title: '第1集', durationS: 602 },
      { id: expect.any(Number), number: 2, title: '第2集', durationS: 1500 },
      { id: expect.any(Number), number: 4, title: '大结局', durationS: 1600 },
    ]);
    expect((await detail(FX.freeMovie)).episodes).toEqual([
      { id: expect.any(Number), number: 1, title: '', durationS: 601 },
    ]);
  });

  it('plays episode 1 by default and episode N when asked, with its own video and length', async () => {
    const first = await play({ id: SERIES });
    expect(first).toMatchObject({ movieId: SERIES, episode: { number: 1, title: '第1集' }, episodeCount: 3 });
    expect(verifyTicket(ticketOf(first.playlist), h.config.MEDIA_SECRET)).toMatchObject({ video: 'v2' });

    const second = await play({ id: SERIES, episode: 2 });
    expect(second).toMatchObject({
      movieId: SERIES,
      episode: { number: 2, title: '第2集', durationS: 1500 },
      episodeCount: 3,
      durationS: 1500,
      trial: false,
    });
    expect(verifyTicket(ticketOf(second.playlist), h.config.MEDIA_SECRET)).toMatchObject({ video: 'v22' });
    expect((await play({ id: FX.freeMovie })).episodeCount).toBe(1);
  });

  it('a card counts the ready episodes: 3 for the series (its episode 3 is processing), 1 for a film', async () => {
    const cards = (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 })).list;
    const countOf = (id: number) => cards.find((card) => card.id === id)?.episodeCount;
    expect(countOf(SERIES)).toBe(3);
    expect(countOf(FX.freeMovie)).toBe(1);
  });

  it('says a series is finished until the console marks it 连载中: its cards, detail and the console agree, audited', async () => {
    const ops = await signInOperator(h, { role: 'ops' });
    const cardOf = async (id: number) =>
      (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 })).list.find((card) => card.id === id);
    expect(await cardOf(SERIES)).toMatchObject({ episodeCount: 3, finished: true });
    expect(await cardOf(FX.freeMovie)).toMatchObject({ episodeCount: 1, finished: true });
    expect((await detail(SERIES)).finished).toBe(true);

    const patched = await ops.call('PATCH', `/admin-api/movies/${SERIES}`, { finished: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<AdminMovie>().finished).toBe(false);
    expect((await ops.call('GET', `/admin-api/movies/${SERIES}`)).json<AdminMovie>().finished).toBe(false);
    const title = (await detail(SERIES)).title;
    const listed = (await ops.call('GET', `/admin-api/movies?q=${encodeURIComponent(title)}`)).json<AdminMoviePage>();
    expect(listed.list.find((row) => row.id === SERIES)).toMatchObject({ finished: false, episodeCount: 4 });
    expect(await cardOf(SERIES)).toMatchObject({ episodeCount: 3, finished: false });
    expect(await detail(SERIES)).toMatchObject({ finished: false });
    expect(await cardOf(FX.freeMovie)).toMatchObject({ finished: true });
    const audit = await h.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'movie.update' AND target_type = 'movie' AND target_id = $1`,
      [String(SERIES)],
    );
    expect(audit).toEqual([{ before: { finished: true }, after: { finished: false } }]);

    const bad = await ops.call('PATCH', `/admin-api/movies/${SERIES}`, { finished: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<AdminError>()).toMatchObject({ field: 'finished', message: '连载状态为 已完结 或 连载中' });
    expect(await cardOf(SERIES)).toMatchObject({ finished: false });

    expect((await ops.call('PATCH', `/admin-api/movies/${SERIES}`, { finished: true })).statusCode).toBe(200);
    expect(await cardOf(SERIES)).toMatchObject({ finished: true });
  });

  it("shows the 备注 on its cards and 别名, 语言 and the site's 评分 on its detail once the console sets them", async () => {
    const ops = await signInOperator(h, { role: 'ops' });
    const cardOf = async (id: number) =>
      (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 })).list.find((card) => card.id === id);
    // Not set: the answers carry none of them.
    expect(Object.keys((await cardOf(SERIES))!)).not.toContain('remarks');
    expect(await detail(SERIES)).not.toHaveProperty('editorScore');
    const fields = { remarks: '更新至第3集', alias: 'Series / 剧集', language: '粤语', score: 8.5 };
    expect((await ops.call('PATCH', `/admin-api/movies/${SERIES}`, fields)).statusCode).toBe(200);
    expect(await cardOf(SERIES)).toMatchObject({ remarks: '更新至第3集' });
    expect(await detail(SERIES)).toMatchObject({
      remarks: '更新至第3集',
      alias: 'Series / 剧集',
      language: '粤语',
      editorScore: 8.5,
    });
    const cleared = { remarks: '', alias: '', language: '', score: null };
    expect((await ops.call('PATCH', `/admin-api/movies/${SERIES}`, cleared)).statusCode).toBe(200);
    const after = await detail(SERIES);
    for (const key of ['remarks', 'alias', 'language', 'editorScore']) expect(after).not.toHaveProperty(key);
  });

  it('answers code 6 naming the episode for one the title does not have or that is not ready', async () => {
    for (const episode of [3, 5, 99]) {
      expect(await codeOf(h.client, API.moviePlay, { id: SERIES, episode }, token)).toEqual({
        code: Code.NotFound,
        msg: `没有第 ${episode} 集`,
      });
    }
    expect(await codeOf(h.client, API.moviePlay, { id: FX.freeMovie, episode: 2 }, token)).toEqual({
      code: Code.NotFound,
      msg: '没有第 2 集',
    });
    expect((await codeOf(h.client, API.moviePlay, { id: SERIES, episode: 0 }, token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.moviePlay, { id: SERIES, episode: '2' }, token)).code).toBe(Code.InvalidParams);
  });

  it('keeps the trial per title: every episode of a VIP series is cut to it for a non-VIP viewer', async () => {
    await h.db.query(
      `INSERT INTO episodes (movie_id, number, title, video, duration_s, state) VALUES ($1, 2, '第2集', 'videos/v5', 700, 'ready')`,
      [FX.vipMovie],
    );
    const second = await play({ id: FX.vipMovie, episode: 2 });
    expect(second).toMatchObject({ trial: true, trialSeconds: 60, episode: { number: 2 }, episodeCount: 2 });
    expect(verifyTicket(ticketOf(second.playlist), h.config.MEDIA_SECRET)).toMatchObject({ video: 'v5' });
  });

  describe('visibility', () => {
    // 3, 6 and 9 carry the tag 热血; 3 is in the featured collection 1; all are free.
    const DRAFT = 3;
    const UNPUBLISHED = 6;
    const SCHEDULED = 9;
    const HIDDEN = [DRAFT, UNPUBLISHED, SCHEDULED];

    beforeAll(async () => {
      await setState(DRAFT, 'draft');
      await setState(UNPUBLISHED, 'unpublished');
      await setState(SCHEDULED, 'published', "now() + interval '1 hour'");
    });

    const visibleIdsEverywhere = async (): Promise<number[]> => {
      const lists: MovieCard[][] = [
        (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 })).list,
        (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50, sort: 'hot' })).list,
        (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { tag: '热血', pageSize: 50 })).list,
        (await dataOf<Page<MovieCard>>(h.client, API.moviePage, { categoryId: FX.movieRoot, pageSize: 50 })).list,
        ...(await Promise.all(
          [1, 2].map(
            async (page) =>
              (await dataOf<Page<MovieCard>>(h.client, API.searchMovies, { keyword: '影片', page, pageSize: 24 })).list,
          ),
        )),
        (await dataOf<Page<MovieCard>>(h.client, API.typePage, { type: 'free', pageSize: 50 })).list,
        (await dataOf<FeaturedDetail>(h.client, API.featuredDetail, { id: 1 })).movies,
        (await dataOf<HomeData>(h.client, API.home)).newestMovies,
        (await dataOf<HomeData>(h.client, API.home)).hotMovies,
        (await detail(12)).related,
        (await detail(15)).related,
      ];
      return [...new Set(lists.flat().map((m) => m.id))];
    };

    it('hides drafts, unpublished and scheduled titles from every list, search, featured, home and related', async () => {
      const seen = await visibleIdsEverywhere();
      for (const id of HIDDEN) expect(seen).not.toContain(id);
      expect(seen).toContain(12);
      const page = await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 });
      expect(page.total).toBe(27);
      const tagged = await dataOf<Page<MovieCard>>(h.client, API.moviePage, { tag: '热血', pageSize: 50 });
      expect(ids(tagged.list)).toEqual([30, 27, 24, 21, 18, 15, 12]);
    });

    it('answers their detail, play, favourite and first paint as for an unknown id', async () => {
      for (const id of [...HIDDEN, 999]) {
        const notFound = { code: Code.NotFound, msg: `影片不存在：${id}` };
        expect(await codeOf(h.client, API.movieDetail, { id })).toEqual(notFound);
        expect(await codeOf(h.client, API.moviePlay, { id }, token)).toEqual(notFound);
        expect(await codeOf(h.client, API.movieFavourite, { movieId: id }, token)).toEqual(notFound);
        await expect(previewMovieDetail(h.db, id)).rejects.toMatchObject({ code: Code.NotFound });
      }
    });

    it('shows a scheduled title once its time has passed, and a title published again', async () => {
      await setState(SCHEDULED, 'published', "now() - interval '1 second'");
      await setState(UNPUBLISHED, 'published');
      const seen = await visibleIdsEverywhere();
      expect(seen).toEqual(expect.arrayContaining([SCHEDULED, UNPUBLISHED]));
      expect(seen).not.toContain(DRAFT);
      expect((await detail(SCHEDULED)).id).toBe(SCHEDULED);
      expect((await play({ id: UNPUBLISHED })).movieId).toBe(UNPUBLISHED);
      expect((await dataOf<Page<MovieCard>>(h.client, API.moviePage, { pageSize: 50 })).total).toBe(29);
    });
  });
});
