/**
 * The console's titles and episodes: a draft created, every field changed and read back, the list's
 * filters, the 400 of each bad field naming it, publish / schedule / unpublish, episodes renamed,
 * renumbered and deleted, posters cut from an upload to the app's two sizes, roles (an operator
 * limited to some sites reads the shared titles but changes none), and the audit rows with before
 * and after of what changed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMovie, AdminMoviePage, MovieOptions, MovieStatusResult } from '../../contract/admin/catalogue.ts';
import { API } from '../../contract/calls/paths.ts';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminError, type OperatorRole } from '../../contract/admin/session.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { exists } from '../seed/atomic-file.ts';
import { codeOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Caller {
  call<T = unknown>(method: Method, url: string, body?: unknown): Promise<{ status: number; body: T }>;
}

let serial = 0;

describe.each(DB_KINDS)('console titles and episodes on %s', (kind) => {
  let h: Harness;
  let ops: Caller;
  const mediaDir = mkdtempSync(join(tmpdir(), 'admin-catalogue-media-'));

  async function signedIn(role: OperatorRole, siteIds: number[] | null = null): Promise<Caller> {
    const made = await createOperator(h.db, { username: `cat_${kind}_${++serial}`, role, siteIds });
    const res = await h.app.inject({
      method: 'POST',
      url: '/admin-api/session',
      payload: {
        username: made.operator.username,
        password: made.password,
        totp: await totpCode(made.totpSecret, Date.now()),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
    const csrf = res.json<{ csrfToken: string }>().csrfToken;
    return {
      async call<T>(method: Method, url: string, body?: unknown) {
        const reply = await h.app.inject({
          method,
          url: `/admin-api${url}`,
          headers: { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: csrf },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        return { status: reply.statusCode, body: (reply.body ? reply.json() : null) as T };
      },
    };
  }

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent, config: { MEDIA_DIR: mediaDir } });
    ops = await signedIn('ops');
  });
  afterAll(() => h?.close());

  const create = async (title = '新剧') => {
    const res = await ops.call<AdminMovie>('POST', '/movies', { title, categoryId: FX.wuxia });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const auditOf = (action: string, targetId: number | string) =>
    h.db.query<{ before: unknown; after: unknown; operator_id: number }>(
      'SELECT before, after, operator_id FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
      [action, String(targetId)],
    );
  const addEpisode = async (movieId: number, number: number, state = 'ready') =>
    (await h.db.one<{ id: number }>(
      `INSERT INTO episodes (movie_id, number, video, duration_s, state, rungs)
         VALUES ($1, $2, $3, 30, $4, '{360,720}') RETURNING id`,
      [movieId, number, state === 'ready' ? `videos/e${movieId}-${number}` : null, state],
    ))!.id;

  it('creates a draft with a new id, the placeholder poster and no episode, audited', async () => {
    const movie = await create('  长安十二时辰  ');
    expect(movie.id).toBeGreaterThanOrEqual(1_000_000);
    expect(movie).toMatchObject({
      title: '长安十二时辰',
      status: 'draft',
      shownStatus: 'draft',
      categoryId: FX.wuxia,
      categoryPath: [
        { id: FX.movieRoot, name: '电影' },
        { id: FX.action, name: '动作' },
        { id: FX.wuxia, name: '武侠' },
      ],
      access: 'free',
      priceCoins: 0,
      episodes: [],
      posterKey: 'posters/placeholder',
    });
    expect(await exists(join(mediaDir, 'posters/placeholder-s.webp'))).toBe(true);
    expect(await sharp(join(mediaDir, 'posters/placeholder-l.webp')).metadata()).toMatchObject({
      width: 720,
      height: 1080,
    });
    const rows = await auditOf('movie.create', movie.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({ title: '长安十二时辰', categoryId: FX.wuxia, status: 'draft' });
    // Visitors know nothing of a draft.
    expect((await codeOf(h.client, API.movieDetail, { id: movie.id })).code).not.toBe(0);
  });

  it('changes every field, reads them back, and audits only what changed with before and after', async () => {
    const movie = await create();
    const patch = {
      title: '繁花',
      description: '上海，九十年代。',
      categoryId: FX.comedy,
      tagIds: [3, 1],
      region: '大陆',
      year: 2023,
      castNames: ['胡歌', '马伊琍', '胡歌'],
      directors: ['王家卫'],
      access: 'coins',
      priceCoins: 30,
      trialS: 120,
      durationS: 2700,
      introEndS: 90,
      outroStartS: 2400,
      finished: false,
    };
    const res = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, patch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await ops.call<AdminMovie>('GET', `/movies/${movie.id}`);
    const { tagIds: _tagIds, ...fields } = patch;
    expect(read.body).toMatchObject({
      ...fields,
      castNames: ['胡歌', '马伊琍'],
      categoryPath: [
        { id: FX.movieRoot, name: '电影' },
        { id: FX.comedy, name: '喜剧' },
      ],
    });
    expect(read.body.tags.map((tag) => tag.id)).toEqual([1, 3]);
    expect(read.body.updatedAt).toBeGreaterThanOrEqual(movie.updatedAt);

    const [update] = await auditOf('movie.update', movie.id);
    expect(update!.before).toMatchObject({
      title: '新剧',
      access: 'free',
      priceCoins: 0,
      tagIds: [],
      introEndS: null,
      finished: true,
    });
    expect(update!.after).toMatchObject({
      title: '繁花',
      access: 'coins',
      priceCoins: 30,
      tagIds: [1, 3],
      introEndS: 90,
      finished: false,
    });

    // One field: the audit holds that field only; switching to VIP clears the price.
    await ops.call('PATCH', `/movies/${movie.id}`, { access: 'vip' });
    const rows = await auditOf('movie.update', movie.id);
    expect(rows.at(-1)).toMatchObject({
      before: { access: 'coins', priceCoins: 30 },
      after: { access: 'vip', priceCoins: 0 },
    });
    // Clearing the marks and sending what is stored changes nothing more.
    const cleared = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { introEndS: null, outroStartS: null });
    expect(cleared.body).toMatchObject({ introEndS: null, outroStartS: null });
    const count = (await auditOf('movie.update', movie.id)).length;
    await ops.call('PATCH', `/movies/${movie.id}`, { title: '繁花' });
    expect(await auditOf('movie.update', movie.id)).toHaveLength(count);
  });

  it('keeps 备注, 别名, 语言, 评分 and 总集数 (the MacCMS fields), each to its bound, audited in words', async () => {
    const movie = await create('庆余年');
    expect(movie).toMatchObject({ remarks: '', alias: '', language: '', score: null, totalEpisodes: null });
    const fields = {
      remarks: 'x'.repeat(20),
      alias: '别'.repeat(100),
      language: '国语',
      score: 8.5,
      totalEpisodes: 46,
      finished: false,
    };
    const res = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { ...fields, remarks: '  更新至第12集 ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...fields, remarks: '更新至第12集' });
    const bounds = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, fields);
    expect(bounds.body).toMatchObject(fields);
    for (const score of [0, 10, 7.3, 9.9]) {
      const read = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { score });
      expect(read.body.score).toBe(score);
    }
    expect((await h.db.one<{ t: number }>('SELECT score_tenths AS t FROM movies WHERE id = $1', [movie.id]))!.t).toBe(
      99,
    );
    const cleared = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, {
      remarks: '',
      score: null,
      totalEpisodes: null,
    });
    expect(cleared.body).toMatchObject({ remarks: '', score: null, totalEpisodes: null, language: '国语' });
    const rows = await auditOf('movie.update', movie.id);
    expect(rows[0]!.before).toEqual({
      remarks: '',
      alias: '',
      language: '',
      score: null,
      totalEpisodes: null,
      finished: true,
    });
    expect(rows[0]!.after).toMatchObject({ remarks: '更新至第12集', score: 8.5, totalEpisodes: 46 });
    expect(rows.at(-1)).toMatchObject({
      before: { remarks: 'x'.repeat(20), score: 9.9, totalEpisodes: 46 },
      after: { remarks: '', score: null, totalEpisodes: null },
    });
    const refused = await ops.call<AdminError>('PATCH', `/movies/${movie.id}`, { score: 11 });
    expect([refused.status, refused.body.field]).toEqual([400, 'score']);
    expect(refused.body.message).toMatch(/评分/);
  });

  it('answers 400 naming the field for each bad input, and changes nothing', async () => {
    const movie = await create('校验');
    const cases: Array<[unknown, string]> = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ description: 5 }, 'description'],
      [{ categoryId: FX.forumGroup.categoryId }, 'categoryId'],
      [{ categoryId: 999_999 }, 'categoryId'],
      [{ tagIds: [1, 999] }, 'tagIds'],
      [{ tagIds: 'x' }, 'tagIds'],
      [{ year: 1800 }, 'year'],
      [{ year: 2020.5 }, 'year'],
      [{ castNames: [''] }, 'castNames.0'],
      [{ directors: Array.from({ length: 21 }, (_, i) => `导演${i}`) }, 'directors'],
      [{ access: 'gold' }, 'access'],
      [{ access: 'coins' }, 'priceCoins'],
      [{ access: 'coins', priceCoins: 0 }, 'priceCoins'],
      [{ priceCoins: 10 }, 'priceCoins'],
      [{ priceCoins: -1 }, 'priceCoins'],
      [{ trialS: 99_999 }, 'trialS'],
      [{ durationS: -1 }, 'durationS'],
      [{ durationS: 24 * 3600 + 1 }, 'durationS'],
      [{ introEndS: 0 }, 'introEndS'],
      [{ introEndS: 100, outroStartS: 50 }, 'outroStartS'],
      [{ finished: 'no' }, 'finished'],
      [{ finished: null }, 'finished'],
      [{ remarks: 'x'.repeat(21) }, 'remarks'],
      [{ remarks: null }, 'remarks'],
      [{ alias: 'x'.repeat(101) }, 'alias'],
      [{ language: 'x'.repeat(21) }, 'language'],
      [{ score: 10.1 }, 'score'],
      [{ score: -0.1 }, 'score'],
      [{ score: 8.55 }, 'score'],
      [{ score: '8.5' }, 'score'],
      [{ totalEpisodes: 0 }, 'totalEpisodes'],
      [{ totalEpisodes: 10_000 }, 'totalEpisodes'],
      [{ totalEpisodes: 12.5 }, 'totalEpisodes'],
      [{ status: 'live' }, 'status'],
      [{ status: 'published' }, 'status'],
      [{ publishedAt: Date.now() + 2 * 366 * 86_400_000 }, 'publishedAt'],
      [{ publishedAt: '2025-01-01' }, 'publishedAt'],
      [{}, 'body'],
      [{ colour: 'red' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await ops.call<AdminError>('PATCH', `/movies/${movie.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.message.length).toBeGreaterThan(2);
    }
    const bad = await ops.call<AdminError>('POST', '/movies', { title: '无分类' });
    expect([bad.status, bad.body.field]).toEqual([400, 'categoryId']);
    expect((await ops.call('GET', '/movies/abc')).status).toBe(400);
    expect((await ops.call<AdminError>('GET', '/movies/99999999')).status).toBe(404);
    expect((await ops.call('PATCH', '/movies/99999999', { title: 'x' })).status).toBe(404);
    expect((await ops.call('PATCH', '/episodes/99999999', { title: 'x' })).status).toBe(404);
    const after = await ops.call<AdminMovie>('GET', `/movies/${movie.id}`);
    expect(after.body).toMatchObject({ title: '校验', access: 'free', status: 'draft', introEndS: null });
    expect(await auditOf('movie.update', movie.id)).toHaveLength(0);
  });

  it('publishes once an episode is ready, schedules for a later time, unpublishes; the list filters by each', async () => {
    const movie = await create('定时剧');
    await addEpisode(movie.id, 1);
    const published = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { status: 'published' });
    expect(published.body.shownStatus).toBe('published');
    expect(Math.abs(published.body.publishedAt - Date.now())).toBeLessThan(60_000);
    expect((await codeOf(h.client, API.movieDetail, { id: movie.id })).code).toBe(0);

    const later = Date.now() + 3 * 86_400_000;
    const scheduled = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { publishedAt: later });
    expect(scheduled.body).toMatchObject({ status: 'published', shownStatus: 'scheduled', publishedAt: later });
    const listed = await ops.call<AdminMoviePage>('GET', '/movies?status=scheduled');
    expect(listed.body.list.map((row) => row.id)).toEqual([movie.id]);
    expect(listed.body.list[0]).toMatchObject({ shownStatus: 'scheduled', episodeCount: 1, categoryName: '武侠' });

    const down = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { status: 'unpublished' });
    expect(down.body.shownStatus).toBe('unpublished');
    expect((await ops.call<AdminMoviePage>('GET', '/movies?status=unpublished')).body.list.map((r) => r.id)).toContain(
      movie.id,
    );
    expect((await auditOf('movie.publish', movie.id))[0]!.after).toMatchObject({ status: 'published' });
    expect((await auditOf('movie.schedule', movie.id))[0]).toMatchObject({ after: { publishedAt: later } });
    expect((await auditOf('movie.unpublish', movie.id))[0]).toMatchObject({
      before: { status: 'published' },
      after: { status: 'unpublished' },
    });
  });

  it('refuses a trial as long as the shortest ready episode of a paid title, which would give it away', async () => {
    const movie = await create('试看剧');
    await addEpisode(movie.id, 1); // 30 s
    const tooLong = await ops.call<AdminError>('PATCH', `/movies/${movie.id}`, { access: 'vip', trialS: 30 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ field: 'trialS' });
    expect(tooLong.body.message).toContain('30 秒');
    const ok = await ops.call<AdminMovie>('PATCH', `/movies/${movie.id}`, { access: 'vip', trialS: 20 });
    expect(ok.status).toBe(200);
    expect(ok.body.trialS).toBe(20);
    // A free title plays whole anyway: its trial is not checked.
    expect((await ops.call('PATCH', `/movies/${movie.id}`, { access: 'free', trialS: 0 })).status).toBe(200);
  });

  it('takes several titles down at once and puts each back as it was, all or none, each audited', async () => {
    const [a, b, c] = [await create('批量一'), await create('批量二'), await create('批量三')];
    for (const movie of [a, b]) await addEpisode(movie.id, 1);
    const earlier = Date.now() - 5 * 86_400_000;
    await ops.call('PATCH', `/movies/${a.id}`, { status: 'published', publishedAt: earlier });
    const later = Date.now() + 2 * 86_400_000;
    await ops.call('PATCH', `/movies/${b.id}`, { status: 'published', publishedAt: later });
    const statusOf = async (id: number) => (await ops.call<AdminMovie>('GET', `/movies/${id}`)).body.shownStatus;

    const down = await ops.call<MovieStatusResult>('POST', '/movies/status', {
      items: [a, b, c].map((movie) => ({ id: movie.id, status: 'unpublished' })),
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.before).toEqual([
      { id: a.id, status: 'published', publishedAt: earlier },
      { id: b.id, status: 'published', publishedAt: later },
      { id: c.id, status: 'draft', publishedAt: expect.any(Number) },
    ]);
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual(Array(3).fill('unpublished'));
    expect(await auditOf('movie.unpublish', a.id)).toHaveLength(1);

    // The undo sends back what the change answered: published, scheduled and draft again.
    const undone = await ops.call<MovieStatusResult>('POST', '/movies/status', { items: down.body.before });
    expect(undone.status).toBe(200);
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([
      'published',
      'scheduled',
      'draft',
    ]);
    expect((await ops.call<AdminMovie>('GET', `/movies/${a.id}`)).body.publishedAt).toBe(earlier);

    // One unknown title: nothing changes, and the answer names it.
    const unknown = await ops.call<AdminError>('POST', '/movies/status', {
      items: [
        { id: a.id, status: 'unpublished' },
        { id: 999_999_999, status: 'unpublished' },
      ],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('999999999');
    expect(await statusOf(a.id)).toBe('published');
    // A title without a ready episode cannot be published by it either, and nothing else changes.
    const refused = await ops.call<AdminError>('POST', '/movies/status', {
      items: [
        { id: a.id, status: 'unpublished' },
        { id: c.id, status: 'published' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await statusOf(a.id)).toBe('published');
    for (const items of [
      [],
      [{ id: a.id, status: 'gone' }],
      [
        { id: a.id, status: 'draft' },
        { id: a.id, status: 'draft' },
      ],
    ]) {
      const bad = await ops.call<AdminError>('POST', '/movies/status', { items });
      expect(bad.status, JSON.stringify(items)).toBe(400);
      expect(bad.body.field).toMatch(/^items/);
    }
    // Titles are shared: an operator limited to some sites changes none.
    const limited = await signedIn('ops', [1]);
    expect(
      (await limited.call('POST', '/movies/status', { items: [{ id: a.id, status: 'unpublished' }] })).status,
    ).toBe(403);
  });

  it('lists newest first, 30 a page with the total, filtered by title (escaped), category subtree and access', async () => {
    const all = await ops.call<AdminMoviePage>('GET', '/movies');
    expect(all.body.pageSize).toBe(30);
    expect(all.body.list).toHaveLength(30);
    expect(all.body.total).toBeGreaterThan(30);
    const ids = all.body.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await ops.call<AdminMoviePage>('GET', '/movies?page=2');
    expect(second.body.list.length).toBe(all.body.total - 30);

    const percent = await ops.call<AdminMoviePage>('GET', `/movies?q=${encodeURIComponent('50%')}`);
    expect(percent.body.list.map((row) => row.id)).toEqual([5]);
    const action = await ops.call<AdminMoviePage>('GET', `/movies?categoryId=${FX.action}&access=vip`);
    expect(action.body.list.length).toBeGreaterThan(0);
    for (const row of action.body.list) {
      expect([FX.action, FX.wuxia, 112]).toContain(row.categoryId);
      expect(row.access).toBe('vip');
    }
    expect((await ops.call<AdminError>('GET', '/movies?status=live')).body.field).toBe('status');
    expect((await ops.call<AdminError>('GET', '/movies?page=0')).body.field).toBe('page');

    const options = await ops.call<MovieOptions>('GET', '/movies/options');
    expect(options.body.categories.map((c) => c.path)).toEqual([
      '电影',
      '电影 / 动作',
      '电影 / 动作 / 武侠',
      '电影 / 动作 / 警匪',
      '电影 / 喜剧',
    ]);
    expect(options.body.tags.length).toBe(5);
  });

  it('sorts the list by title, plays or update time, either way, ties broken by id; refuses another sort', async () => {
    const ids = async (sort: string, page = 1) =>
      (await ops.call<AdminMoviePage>('GET', `/movies?sort=${sort}&page=${page}`)).body.list.map((row) => row.id);
    // Two titles with the same plays: the one with the higher id first when descending, last ascending.
    const [a, b] = [await create('同播放量甲'), await create('同播放量乙')];
    await h.db.query('UPDATE movies SET views = 777777 WHERE id = ANY($1)', [[a.id, b.id]]);

    const byViews = await ops.call<AdminMoviePage>('GET', '/movies?sort=views:desc');
    expect(byViews.status).toBe(200);
    const views = byViews.body.list.map((row) => row.views);
    expect(views).toEqual([...views].sort((x, y) => y - x));
    expect(byViews.body.list.slice(0, 2).map((row) => row.id)).toEqual([b.id, a.id]);
    const all = byViews.body.total;
    const ascending = [...(await ids('views:asc')), ...(await ids('views:asc', 2))];
    expect(ascending.slice(-2)).toEqual([a.id, b.id]);
    // Two pages hold every title once.
    expect(new Set(ascending).size).toBe(all);

    const expected = async (order: string) =>
      (await h.db.query<{ id: number }>(`SELECT id FROM movies ORDER BY ${order} LIMIT 30`)).map((row) => row.id);
    expect(await ids('title:asc')).toEqual(await expected('title ASC, id ASC'));
    expect(await ids('title:desc')).toEqual(await expected('title DESC, id DESC'));
    await h.db.query(`UPDATE movies SET updated_at = now() + interval '1 hour' WHERE id = $1`, [a.id]);
    expect((await ids('updated:desc'))[0]).toBe(a.id);
    expect(await ids('updated:asc')).toEqual(await expected('updated_at ASC, id ASC'));

    for (const sort of ['plays:desc', 'title:up', 'title', 'id:desc', 'title:asc;drop']) {
      const bad = await ops.call<AdminError>('GET', `/movies?sort=${encodeURIComponent(sort)}`);
      expect(bad.status, sort).toBe(400);
      expect(bad.body.field).toBe('sort');
      expect(bad.body.message).toMatch(/排序/);
    }
  });

  it('renames and renumbers episodes (numbers unique per title), and keeps one episode on a published title', async () => {
    const movie = await create('剧集');
    const first = await addEpisode(movie.id, 1);
    const second = await addEpisode(movie.id, 2);
    const taken = await ops.call<AdminError>('PATCH', `/episodes/${second}`, { number: 1 });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ field: 'number', message: expect.stringContaining('第 1 集已存在') });
    const renamed = await ops.call<AdminMovie>('PATCH', `/episodes/${second}`, { number: 5, title: '大结局' });
    expect(renamed.body.episodes.map((e) => [e.number, e.title, e.rungs, e.durationS, e.state])).toEqual([
      [1, '', [360, 720], 30, 'ready'],
      [5, '大结局', [360, 720], 30, 'ready'],
    ]);
    expect((await auditOf('episode.update', second))[0]).toMatchObject({
      before: { movieId: movie.id, number: 2, title: '' },
      after: { movieId: movie.id, number: 5, title: '大结局' },
    });
    expect((await ops.call<AdminError>('PATCH', `/episodes/${second}`, { number: 0 })).body.field).toBe('number');

    await ops.call('PATCH', `/movies/${movie.id}`, { status: 'published' });
    expect((await ops.call('DELETE', `/episodes/${first}`)).status).toBe(200);
    const last = await ops.call<AdminError>('DELETE', `/episodes/${second}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toContain('至少保留一集');
    await ops.call('PATCH', `/movies/${movie.id}`, { status: 'unpublished' });
    const gone = await ops.call<AdminMovie>('DELETE', `/episodes/${second}`);
    expect(gone.body.episodes).toEqual([]);
    expect((await auditOf('episode.delete', second))[0]!.before).toMatchObject({ movieId: movie.id, number: 5 });

    const busy = await addEpisode(movie.id, 1, 'processing');
    expect((await ops.call('DELETE', `/episodes/${busy}`)).status).toBe(409);
  });

  it('cuts the poster from the upload to the crop, writes both sizes, and removes the replaced one', async () => {
    const movie = await create('海报');
    // Left half red, right half blue: a crop inside the blue half must come out blue.
    const source = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 600, height: 1000, channels: 3, background: '#0000ff' } }, left: 600, top: 0 },
      ])
      .png()
      .toBuffer();
    const crop = { x: 650, y: 100, width: 500, height: 750 };
    const res = await ops.call<AdminMovie>('POST', `/movies/${movie.id}/poster`, {
      image: source.toString('base64'),
      crop,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.posterKey).toMatch(new RegExp(`^posters/m${movie.id}-[0-9a-f]{12}$`));
    const small = await sharp(join(mediaDir, res.body.poster.small)).metadata();
    const large = sharp(join(mediaDir, res.body.poster.large));
    expect([small.width, small.height, small.format]).toEqual([360, 540, 'webp']);
    expect(await large.metadata()).toMatchObject({ width: 720, height: 1080, format: 'webp' });
    const { channels } = await large.stats();
    expect(channels[2]!.mean).toBeGreaterThan(200);
    expect(channels[0]!.mean).toBeLessThan(40);
    expect((await auditOf('movie.poster', movie.id))[0]).toMatchObject({
      before: { poster: 'posters/placeholder' },
      after: { poster: res.body.posterKey, crop },
    });

    // A second poster (red) replaces it; the first one's files go, the placeholder stays.
    const again = await ops.call<AdminMovie>('POST', `/movies/${movie.id}/poster`, {
      image: `data:image/png;base64,${source.toString('base64')}`,
      crop: { x: 0, y: 0, width: 400, height: 600 },
    });
    expect(again.body.posterKey).not.toBe(res.body.posterKey);
    expect(await exists(join(mediaDir, res.body.poster.large))).toBe(false);
    expect(await exists(join(mediaDir, again.body.poster.large))).toBe(true);
    expect(await exists(join(mediaDir, 'posters/placeholder-l.webp'))).toBe(true);

    const bad: Array<[unknown, string]> = [
      [{ image: Buffer.from('not an image at all').toString('base64'), crop }, 'image'],
      [{ image: '***', crop }, 'image'],
      [{ image: source.toString('base64'), crop: { ...crop, x: 900 } }, 'crop'],
      [{ image: source.toString('base64'), crop: { x: 0, y: 0, width: 50, height: 75 } }, 'crop'],
      [{ image: source.toString('base64') }, 'crop'],
    ];
    for (const [body, field] of bad) {
      const answer = await ops.call<AdminError>('POST', `/movies/${movie.id}/poster`, body);
      expect([answer.status, answer.body.field]).toEqual([400, field]);
    }
    expect((await ops.call('POST', '/movies/99999999/poster', { image: source.toString('base64'), crop })).status).toBe(
      404,
    );
  });

  it('is for 运营 and 超级管理员 only: 审核 and 财务 get 403', async () => {
    const movie = await create('权限');
    const superOp = await signedIn('super');
    expect((await superOp.call('GET', `/movies/${movie.id}`)).status).toBe(200);
    for (const role of ['moderator', 'finance'] as const) {
      const other = await signedIn(role);
      expect((await other.call('GET', '/movies')).status).toBe(403);
      expect((await other.call('GET', `/movies/${movie.id}`)).status).toBe(403);
      expect((await other.call('POST', '/movies', { title: 'x', categoryId: FX.wuxia })).status).toBe(403);
      expect((await other.call('PATCH', `/movies/${movie.id}`, { title: 'x' })).status).toBe(403);
      expect((await other.call('DELETE', '/episodes/1')).status).toBe(403);
    }
    expect((await ops.call<AdminMovie>('GET', `/movies/${movie.id}`)).body.title).toBe('权限');
  });

  it('lets a 运营 limited to some sites read the shared titles but change none of them', async () => {
    const movie = await create('共用');
    const episode = await addEpisode(movie.id, 1);
    const limited = await signedIn('ops', [1]);
    expect((await limited.call('GET', '/movies')).status).toBe(200);
    expect((await limited.call<AdminMovie>('GET', `/movies/${movie.id}`)).body.title).toBe('共用');
    expect((await limited.call('GET', '/movies/options')).status).toBe(200);
    const changes: Array<[Method, string, unknown?]> = [
      ['POST', '/movies', { title: '越界', categoryId: FX.wuxia }],
      ['PATCH', `/movies/${movie.id}`, { access: 'coins', priceCoins: 99 }],
      ['PATCH', `/movies/${movie.id}`, { status: 'published' }],
      ['PATCH', `/movies/${movie.id}`, { title: '越界' }],
      ['PATCH', `/episodes/${episode}`, { title: '越界' }],
      ['DELETE', `/episodes/${episode}`],
      ['POST', `/movies/${movie.id}/poster`, { image: 'x', crop: { x: 0, y: 0, width: 1, height: 1 } }],
      ['POST', `/movies/${movie.id}/episodes`, { number: 2 }],
      ['POST', `/episodes/${episode}/video`, { fileId: 'a'.repeat(32) }],
      ['POST', '/jobs/00000000-0000-4000-8000-000000000000/retry'],
    ];
    for (const [method, url, body] of changes) {
      const res = await limited.call<AdminError>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message, `${method} ${url}`).toMatch(/全部站点共用/);
    }
    const after = (await ops.call<AdminMovie>('GET', `/movies/${movie.id}`)).body;
    expect(after).toMatchObject({ title: '共用', access: 'free', priceCoins: 0, status: 'draft' });
    expect(after.episodes.map((e) => e.number)).toEqual([1]);
    // An operator of every site changes them as before.
    expect((await ops.call('PATCH', `/movies/${movie.id}`, { access: 'vip' })).status).toBe(200);
  });

  it('deletes a draft with its episodes, tags, likes, favourites and featured places, audited with its name', async () => {
    const movie = await create('要删的草稿');
    const first = await addEpisode(movie.id, 1);
    await addEpisode(movie.id, 2, 'failed');
    await ops.call('PATCH', `/movies/${movie.id}`, { tagIds: [1, 2] });
    await h.db.query(`INSERT INTO user_favorites (user_id, item_type, item_id) VALUES (9001, 'movie', $1)`, [movie.id]);
    await h.db.query(`INSERT INTO user_likes (user_id, item_type, item_id) VALUES (9001, 'movie', $1)`, [movie.id]);
    await h.db.query(`INSERT INTO featured_items (featured_id, item_type, item_id) VALUES (2, 'movie', $1)`, [
      movie.id,
    ]);
    const res = await ops.call('DELETE', `/movies/${movie.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await ops.call('GET', `/movies/${movie.id}`)).status).toBe(404);
    for (const [sql, param] of [
      ['SELECT 1 FROM episodes WHERE movie_id = $1', movie.id],
      ['SELECT 1 FROM episodes WHERE id = $1', first],
      ['SELECT 1 FROM movie_tags WHERE movie_id = $1', movie.id],
      [`SELECT 1 FROM user_favorites WHERE item_type = 'movie' AND item_id = $1`, movie.id],
      [`SELECT 1 FROM user_likes WHERE item_type = 'movie' AND item_id = $1`, movie.id],
      [`SELECT 1 FROM featured_items WHERE item_type = 'movie' AND item_id = $1`, movie.id],
      [`SELECT 1 FROM search_docs WHERE kind = 'movie' AND source_id = $1`, movie.id],
    ] as const)
      expect(await h.db.one(sql, [param]), sql).toBeUndefined();
    const [row] = await auditOf('movie.delete', movie.id);
    expect(row!.before).toMatchObject({ title: '要删的草稿', status: 'draft', episodes: [1, 2] });
    expect((await ops.call('DELETE', `/movies/${movie.id}`)).status).toBe(404);
    expect((await ops.call('DELETE', '/movies/abc')).status).toBe(400);
  });

  it('refuses to delete a published title, one anybody bought, and one whose episode is transcoding', async () => {
    const movie = await create('在架');
    await addEpisode(movie.id, 1);
    await ops.call('PATCH', `/movies/${movie.id}`, { status: 'published' });
    const live = await ops.call<AdminError>('DELETE', `/movies/${movie.id}`);
    expect([live.status, live.body.message]).toEqual([409, '已发布或定时发布的影片不能删除；请先下架']);
    // Taken down it may go, unless it was bought: the purchase keeps its title, even taken down.
    await ops.call('PATCH', `/movies/${movie.id}`, { access: 'coins', priceCoins: 10 });
    await ops.call('PATCH', `/movies/${movie.id}`, { status: 'unpublished' });
    await h.db.query(
      `INSERT INTO purchases (user_id, item_type, item_id, price_coins) VALUES (9002, 'movie', $1, 10)`,
      [movie.id],
    );
    const bought = await ops.call<AdminError>('DELETE', `/movies/${movie.id}`);
    expect(bought.status).toBe(409);
    expect(bought.body.message).toMatch(/1 位用户购买过/);
    const busy = await create('转码中');
    await addEpisode(busy.id, 1, 'processing');
    const running = await ops.call<AdminError>('DELETE', `/movies/${busy.id}`);
    expect([running.status, running.body.message]).toEqual([409, '有分集正在转码，完成或失败后才能删除影片']);
    for (const id of [movie.id, busy.id]) {
      expect((await ops.call('GET', `/movies/${id}`)).status).toBe(200);
      expect(await auditOf('movie.delete', id)).toHaveLength(0);
    }
    // A title taken down that nobody bought goes, with its plays' history.
    const watched = await create('下架无购买');
    await addEpisode(watched.id, 1);
    await ops.call('PATCH', `/movies/${watched.id}`, { status: 'published' });
    await ops.call('PATCH', `/movies/${watched.id}`, { status: 'unpublished' });
    await h.db.query(
      `INSERT INTO watch_progress (user_id, movie_id, episode, position_s, duration_s, updated_at)
         VALUES (9001, $1, 1, 12, 30, now())`,
      [watched.id],
    );
    expect((await ops.call('DELETE', `/movies/${watched.id}`)).status).toBe(204);
    expect(await h.db.one('SELECT 1 FROM watch_progress WHERE movie_id = $1', [watched.id])).toBeUndefined();
  });

  it('lets neither a 运营 limited to some sites nor 审核 or 财务 delete a title', async () => {
    const movie = await create('共用草稿');
    const limited = await signedIn('ops', [1]);
    const res = await limited.call<AdminError>('DELETE', `/movies/${movie.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/全部站点共用/);
    for (const role of ['moderator', 'finance'] as const)
      expect((await (await signedIn(role)).call('DELETE', `/movies/${movie.id}`)).status).toBe(403);
    expect((await ops.call('GET', `/movies/${movie.id}`)).status).toBe(200);
    expect((await (await signedIn('super')).call('DELETE', `/movies/${movie.id}`)).status).toBe(204);
  });
});
