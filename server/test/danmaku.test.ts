/**
 * Danmaku (/danmaku/send, /danmaku/getRange): what a sender and other viewers read back, the time
 * window's rules, idempotency keys, the cap of dense windows, bad fields and unknown movies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuItem } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DANMAKU_RANGE_MAX } from '../db/danmaku.ts';
import { CX, newKey, newMember, seedCommunity, setWords, type Member } from './community-fixture.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

describe.each(DB_KINDS)('danmaku on %s', (kind) => {
  let h: Harness;
  let sender: Member;
  let viewer: Member;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedCommunity });
    await setWords(h.db, {});
    [sender, viewer] = [await newMember(h), await newMember(h)];
  });
  afterAll(() => h?.close());

  const send = (member: Member, payload: Record<string, unknown>) =>
    dataOf<DanmakuItem>(h.client, API.danmakuSend, { idempotencyKey: newKey(), ...payload }, member.token);
  const range = (payload: Record<string, unknown>, member?: Member) =>
    dataOf<DanmakuItem[]>(h.client, API.danmakuRange, payload, member?.token);

  it('answers the sent danmaku as mine, with the default mode and colour, and stores it under episode 0', async () => {
    const item = await send(sender, { movieId: 1, atMs: 5_000, text: '前方高能' });
    expect(item).toEqual({
      id: expect.any(Number),
      atMs: 5_000,
      text: '前方高能',
      mode: 'scroll',
      colour: '#ffffff',
      mine: true,
    });
    const row = await h.db.one('SELECT movie_id, episode_id, user_id FROM danmaku WHERE id = $1', [item.id]);
    expect(row).toEqual({ movie_id: 1, episode_id: 0, user_id: sender.id });
  });

  it('shows a danmaku to its sender and to others (mine per viewer), by time, within [fromMs, toMs)', async () => {
    const at = (atMs: number, text: string, mode = 'top', colour = '#fe0302') =>
      send(sender, { movieId: 2, atMs, text, mode, colour });
    const [first, , last] = [await at(10_000, '十秒'), await at(9_999, '九秒多'), await at(19_999, '快二十秒')];
    await at(20_000, '二十秒整');
    const other = await send(viewer, { movieId: 2, atMs: 12_000, text: '路人的弹幕' });

    const forSender = await range({ movieId: 2, fromMs: 10_000, toMs: 20_000 }, sender);
    expect(forSender.map((d) => [d.atMs, d.text, d.mine])).toEqual([
      [10_000, '十秒', true],
      [12_000, '路人的弹幕', false],
      [19_999, '快二十秒', true],
    ]);
    expect(forSender[0]).toEqual({ ...first, mine: true });
    expect(forSender[2]).toMatchObject({ id: last.id, mode: 'top', colour: '#fe0302' });

    const forViewer = await range({ movieId: 2, fromMs: 10_000, toMs: 20_000 }, viewer);
    expect(forViewer.map((d) => [d.id, d.mine])).toEqual([
      [first.id, false],
      [other.id, true],
      [last.id, false],
    ]);
    const anonymous = await range({ movieId: 2, fromMs: 10_000, toMs: 20_000 });
    expect(anonymous.map((d) => d.mine)).toEqual([false, false, false]);
  });

  it('keeps the episodes of a movie apart', async () => {
    await send(sender, { movieId: 3, episodeId: 2, atMs: 1_000, text: '第二集' });
    await send(sender, { movieId: 3, atMs: 1_000, text: '正片' });
    expect((await range({ movieId: 3, episodeId: 2, fromMs: 0, toMs: 60_000 })).map((d) => d.text)).toEqual(['第二集']);
    expect((await range({ movieId: 3, fromMs: 0, toMs: 60_000 })).map((d) => d.text)).toEqual(['正片']);
    expect(await range({ movieId: 3, episodeId: 7, fromMs: 0, toMs: 60_000 })).toEqual([]);
  });

  it('answers a repeat with the same idempotency key with the first danmaku, writing one row', async () => {
    const payload = { movieId: 1, atMs: 30_000, text: '只发一次', idempotencyKey: newKey() };
    const answers = await Promise.all(
      [1, 2, 3].map(() => dataOf<DanmakuItem>(h.client, API.danmakuSend, payload, sender.token)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await h.db.one(`SELECT count(*)::int AS n FROM danmaku WHERE text = '只发一次'`)).toEqual({ n: 1 });
  });

  it('changes no counter of the movie', async () => {
    const before = await h.db.one('SELECT views, likes, comment_count, rating_count FROM movies WHERE id = 1');
    await send(sender, { movieId: 1, atMs: 40_000, text: '不计数' });
    await range({ movieId: 1, fromMs: 0, toMs: 60_000 }, viewer);
    expect(await h.db.one('SELECT views, likes, comment_count, rating_count FROM movies WHERE id = 1')).toEqual(before);
  });

  it('thins a dense window evenly to at most the cap, keeping the viewer’s own', async () => {
    // Movie 3, 60-120 s: 60 a second from another member, one of the sender's in the densest second.
    await h.db.query(
      `INSERT INTO danmaku (movie_id, user_id, at_ms, text, mode, colour)
       SELECT 3, $1, 60000 + (n / 60) * 1000 + n % 60, '刷屏' || n, 'scroll', '#ffffff' FROM generate_series(0, 3599) n`,
      [viewer.id],
    );
    const mine = await send(sender, { movieId: 3, atMs: 90_500, text: '我的那条' });
    const items = await range({ movieId: 3, fromMs: 60_000, toMs: 120_000 }, sender);
    expect(items.length).toBeLessThanOrEqual(DANMAKU_RANGE_MAX);
    expect(items.length).toBeGreaterThan(DANMAKU_RANGE_MAX * 0.9);
    const perSecond = new Map<number, number>();
    for (const d of items)
      perSecond.set(Math.floor(d.atMs / 1000), (perSecond.get(Math.floor(d.atMs / 1000)) ?? 0) + 1);
    expect(perSecond.size).toBe(60);
    expect(Math.max(...perSecond.values()) - Math.min(...perSecond.values())).toBeLessThanOrEqual(1);
    expect(items.some((d) => d.id === mine.id && d.mine)).toBe(true);
    expect(items.map((d) => d.atMs)).toEqual(items.map((d) => d.atMs).sort((a, b) => a - b));
    // A short window of the same scene answers everything in it.
    expect(await range({ movieId: 3, fromMs: 61_000, toMs: 62_000 })).toHaveLength(60);
  });

  it('refuses bad fields with code 2 naming them, and unknown movies with code 6', async () => {
    const bad = async (path: string, payload: Record<string, unknown>, field: RegExp, token?: string) => {
      const { code, msg } = await codeOf(h.client, path, payload, token);
      expect(code, JSON.stringify(payload)).toBe(Code.InvalidParams);
      expect(msg).toMatch(field);
    };
    const ok = { movieId: 1, atMs: 1_000, text: '好', idempotencyKey: newKey() };
    await bad(API.danmakuSend, { ...ok, text: '' }, /text/, sender.token);
    await bad(API.danmakuSend, { ...ok, text: '长'.repeat(101) }, /text/, sender.token);
    await bad(API.danmakuSend, { ...ok, colour: '#123456' }, /colour/, sender.token);
    await bad(API.danmakuSend, { ...ok, mode: 'sideways' }, /mode/, sender.token);
    await bad(API.danmakuSend, { ...ok, atMs: -1 }, /atMs/, sender.token);
    await bad(API.danmakuSend, { ...ok, idempotencyKey: undefined }, /idempotencyKey/, sender.token);
    await bad(API.danmakuRange, { movieId: 1, fromMs: 5_000, toMs: 5_000 }, /toMs/);
    await bad(API.danmakuRange, { movieId: 1, fromMs: 0, toMs: 120_001 }, /toMs|窗口/);
    await bad(API.danmakuRange, { movieId: 1, fromMs: -5, toMs: 100 }, /fromMs/);
    // The shared id schema's message says what is wrong without the field's name.
    await bad(API.danmakuRange, { movieId: 'x', fromMs: 0, toMs: 100 }, /必须是数字/);
    // Far beyond any film: an empty window, not an error.
    expect(await range({ movieId: 1, fromMs: 9e15 - 100_000, toMs: 9e15 })).toEqual([]);

    expect(await codeOf(h.client, API.danmakuSend, { ...ok, movieId: CX.unknownMovie }, sender.token)).toMatchObject({
      code: Code.NotFound,
    });
    expect(await codeOf(h.client, API.danmakuRange, { movieId: CX.unknownMovie, fromMs: 0, toMs: 1000 })).toMatchObject(
      { code: Code.NotFound },
    );
    expect((await codeOf(h.client, API.danmakuSend, ok)).code).toBe(Code.SessionExpired);
  });
});
