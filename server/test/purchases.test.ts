import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PlayInfo, PostDetail } from '../../contract/calls/content.ts';
import type { LedgerEntry, PurchasedMovie, PurchasedPost, PurchaseResult } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { assertLedgersBalanced, balanceOf, grant, MX, seedMember } from './member-fixture.ts';

describe.each(DB_KINDS)('purchases with coins on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedMember });
  });
  afterEach(() => assertLedgersBalanced(h.db));
  afterAll(() => h?.close());

  const buyer = async (coins: number) => {
    const guest = await h.client.registerGuest();
    if (coins > 0) await grant(h.db, guest.info.id, { coins });
    return guest;
  };
  const purchasesOf = (userId: number) =>
    h.db.query<{ item_id: number }>('SELECT item_id FROM purchases WHERE user_id = $1 ORDER BY item_id', [userId]);

  it('lets exactly 3 of 20 concurrent purchases through for a buyer with coins for 3; the rest get code 5', async () => {
    const guest = await buyer(MX.price * 3 + 10);
    const results = await Promise.all(
      MX.pricedMovies.map((movieId) => codeOf(h.client, API.buyMovie, { movieId }, guest.token)),
    );
    expect(results.filter((r) => r.code === Code.Ok)).toHaveLength(3);
    expect(results.filter((r) => r.code === Code.Insufficient)).toEqual(
      Array.from({ length: 17 }, () => ({ code: Code.Insufficient, msg: '金币不足' })),
    );
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ coins: 10 });
    expect(await purchasesOf(guest.info.id)).toHaveLength(3);
  });

  it('unlocks a priced movie for good: trial before, full playback after; a second purchase is code 9', async () => {
    const guest = await buyer(120);
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.coinsMovie }, guest.token)).toMatchObject({
      trial: true,
      trialSeconds: 32,
    });
    expect(await dataOf<PurchaseResult>(h.client, API.buyMovie, { movieId: FX.coinsMovie }, guest.token)).toEqual({
      coins: 70,
      purchased: true,
    });
    expect(await dataOf<PlayInfo>(h.client, API.moviePlay, { id: FX.coinsMovie }, guest.token)).toMatchObject({
      trial: false,
      trialSeconds: 0,
    });
    expect(await dataOf(h.client, API.movieDetail, { id: FX.coinsMovie }, guest.token)).toMatchObject({
      canPlay: true,
      trialSeconds: 0,
    });
    expect(await codeOf(h.client, API.buyMovie, { movieId: FX.coinsMovie }, guest.token)).toEqual({
      code: Code.AlreadyDone,
      msg: '已经购买过了，无需重复购买',
    });
    const ledger = await dataOf<Page<LedgerEntry>>(h.client, API.coinLedger, {}, guest.token);
    expect(ledger.list.map(({ type, delta, balanceAfter, title }) => ({ type, delta, balanceAfter, title }))).toEqual([
      { type: 'purchase', delta: -50, balanceAfter: 70, title: '购买影片《影片21》' },
      { type: 'adjust', delta: 120, balanceAfter: 120, title: '测试发放' },
    ]);
  });

  it('unlocks a priced article: summary before, full body after', async () => {
    const guest = await buyer(20);
    const locked = await dataOf<PostDetail>(h.client, API.archivesDetail, { id: FX.pricedArticle }, guest.token);
    expect(locked).toMatchObject({ unlocked: false, body: '文章摘要303' });
    expect(await dataOf<PurchaseResult>(h.client, API.buyArticle, { id: FX.pricedArticle }, guest.token)).toEqual({
      coins: 0,
      purchased: true,
    });
    const open = await dataOf<PostDetail>(h.client, API.archivesDetail, { id: FX.pricedArticle }, guest.token);
    expect(open).toMatchObject({ unlocked: true, body: '文章303的全文，只有解锁后可见。' });
    expect((await codeOf(h.client, API.buyArticle, { id: FX.pricedArticle }, guest.token)).code).toBe(Code.AlreadyDone);
  });

  it('refuses free, VIP-only, unknown and unaffordable items with clear codes and changes nothing', async () => {
    const guest = await buyer(30);
    expect(await codeOf(h.client, API.buyMovie, { movieId: FX.freeMovie }, guest.token)).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：该影片免费观看，无需购买',
    });
    expect(await codeOf(h.client, API.buyMovie, { movieId: FX.vipMovie }, guest.token)).toEqual({
      code: Code.NotAllowed,
      msg: '该影片为 VIP 专享，不单独出售，开通 VIP 即可观看',
    });
    expect(await codeOf(h.client, API.buyMovie, { movieId: 999 }, guest.token)).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
    expect(await codeOf(h.client, API.buyArticle, { id: 301 }, guest.token)).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：该内容免费阅读，无需购买',
    });
    expect(await codeOf(h.client, API.buyArticle, { id: 999 }, guest.token)).toEqual({
      code: Code.NotFound,
      msg: '内容不存在：999',
    });
    expect(await codeOf(h.client, API.buyMovie, { movieId: FX.coinsMovie }, guest.token)).toEqual({
      code: Code.Insufficient,
      msg: '金币不足',
    });
    expect((await codeOf(h.client, API.buyMovie, { movieId: 'x' }, guest.token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.buyMovie, { movieId: FX.coinsMovie })).code).toBe(Code.SessionExpired);
    expect(await purchasesOf(guest.info.id)).toEqual([]);
    expect(await balanceOf(h.db, guest.info.id)).toMatchObject({ coins: 30 });
  });

  it('lists movie purchases (/long/buy/getPage) and article purchases (/buyPage), newest first', async () => {
    const guest = await buyer(200);
    for (const movieId of [41, 42]) await dataOf(h.client, API.buyMovie, { movieId }, guest.token);
    await dataOf(h.client, API.buyArticle, { id: FX.pricedArticle }, guest.token);
    const movies = await dataOf<Page<PurchasedMovie>>(h.client, API.moviePurchases, { pageSize: 1 }, guest.token);
    expect(movies).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(movies.list[0]).toMatchObject({
      id: 42,
      title: '付费影片42',
      access: 'coins',
      paidCoins: 50,
      purchasedAt: expect.any(Number),
    });
    const posts = await dataOf<Page<PurchasedPost>>(h.client, API.articlePurchases, {}, guest.token);
    expect(posts.list).toEqual([expect.objectContaining({ id: FX.pricedArticle, kind: 'article', paidCoins: 20 })]);
  });
});
