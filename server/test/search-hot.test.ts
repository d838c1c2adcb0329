/**
 * Hot searches a crowd makes (per site, the last 24 hours, only searches that found something,
 * first pages only): a keyword joins the hot list, after the operators' words, once enough devices
 * (signed-in members) from enough addresses searched it, never by one device however often or from
 * however many addresses, nor by many devices behind one address; never with a word of the
 * sensitive-word list; the same crowd's keywords, and only theirs, as suggestions; and every naughty
 * string searched safely: an envelope, never a 5xx.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInit } from '../../contract/calls/content.ts';
import type { SearchOverview, Suggestion } from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import type { Config } from '../config.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { pruneSearchers } from '../search/hot-searches.ts';
import { setWords } from './community-fixture.ts';
import { dataOf } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { seedSearch } from './search-fixture.ts';

const NAUGHTY = createRequire(import.meta.url)('big-list-of-naughty-strings') as string[];
const OTHER_SITE = { accountId: '10002', appId: 'other' };
/**
 * A floor of 3 devices from 2 addresses, below the defaults (5 and 3), so a small crowd passes and
 * one device's failing to is the stricter test; rankings read at once (the kept one is tested apart).
 */
const FRESH: Partial<Config> = {
  HOT_SEARCH_REFRESH_SECONDS: 0,
  HOT_SEARCH_MIN_DEVICES: 3,
  HOT_SEARCH_MIN_ADDRESSES: 2,
};

/** A harness's visitors: devices signed in on a site, and their searches from an address. */
function visitorsOf(h: () => Harness) {
  const device = async (site: object = {}): Promise<string> => {
    const { envelope } = await h().client.call<{ token: string }>(
      API.registerDevice,
      { deviceId: newDeviceId(), deviceType: 3 },
      site,
    );
    expect(envelope.code, envelope.msg).toBe(Code.Ok);
    return envelope.data.token;
  };
  const search = async (
    keyword: string,
    from: string,
    token?: string,
    site: object = {},
    path: string = API.searchAll,
  ) => {
    const payload = path === API.searchAll ? { keyword } : { keyword, page: 1, pageSize: 10 };
    const { envelope } = await h().client.call<SearchOverview>(path, payload, { remoteAddress: from, token, ...site });
    expect(envelope.code, keyword).toBe(Code.Ok);
    return envelope.data;
  };
  /** `devices` new devices each search `keyword` once, from the addresses in turn. */
  const crowd = async (keyword: string, devices: number, addresses: readonly string[], site: object = {}) => {
    for (let i = 0; i < devices; i++) await search(keyword, addresses[i % addresses.length]!, await device(site), site);
  };
  const hot = async (site: object = {}) =>
    (await h().client.call<{ words: string[] }>(API.searchHot, {}, site)).envelope.data.words;
  const suggested = async (keyword: string, site: object = {}) =>
    (await h().client.call<{ suggestions: Suggestion[] }>(API.searchSuggest, { keyword }, site)).envelope.data
      .suggestions;
  return { device, search, crowd, hot, suggested };
}

describe.each(EVERY_DB_KIND)('hot searches on %s', (kind) => {
  let h: Harness;
  let demoSite: number;
  const { device, search, crowd, hot, suggested } = visitorsOf(() => h);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch, config: FRESH });
    demoSite = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!
      .id;
  });
  afterAll(() => h?.close());

  it('one device searching six words 20 times each puts none of them in the hot list', async () => {
    const token = await device();
    const words = ['文章', '折扣', '简介', '正文', '话题', '小李'];
    for (const word of words) for (let i = 0; i < 20; i++) await search(word, '10.9.0.1', token);
    expect(await hot()).toEqual([]);
    for (const word of words) expect((await suggested(word)).filter((s) => s.kind === 'query')).toEqual([]);
  });

  it('one device from many addresses, or many devices behind one address, makes no word hot', async () => {
    const token = await device();
    for (const from of ['10.9.1.1', '10.9.1.2', '10.9.1.3', '10.9.1.4']) await search('纪录片', from, token);
    await crowd('阿强', 6, ['10.9.2.1']);
    expect(await hot()).toEqual([]);
  });

  it('counts devices only: a search without a token, or with one that opens no session, counts nothing', async () => {
    for (const from of ['10.9.3.1', '10.9.3.2', '10.9.3.3']) await search('老王', from);
    for (const from of ['10.9.3.4', '10.9.3.5', '10.9.3.6']) await search('老王', from, 'A'.repeat(43));
    // A device of the other site is no device here.
    const elsewhere = await device(OTHER_SITE);
    for (const from of ['10.9.3.7', '10.9.3.8', '10.9.3.9']) await search('老王', from, elsewhere);
    expect(await hot()).toEqual([]);
  });

  it('takes an IPv6 client’s /64, or an IPv4 address seen as IPv6, as one address', async () => {
    await crowd('影片', 3, ['2001:db8:0:1::1', '2001:db8:0:1:ffff::2', '2001:db8:0:1:1234:5678:9abc:def0']);
    await crowd('星空漫步者', 3, ['::ffff:10.9.4.1', '10.9.4.1']);
    expect(await hot()).toEqual([]);
    await crowd('影片', 1, ['2001:db8:0:2::1']); // another /64: a second address
    expect(await hot()).toEqual(['影片']);
    await h.db.query(`DELETE FROM search_searchers WHERE keyword = '影片'`);
  });

  it('a keyword searched by enough devices from enough addresses joins the hot list after the operators’ words, ranked by its crowd, per site', async () => {
    await h.db.query(
      `INSERT INTO hot_words (site_id, word, pinned, sort) VALUES ($1, '置顶词', true, 2), ($1, '运营词', false, 1)`,
      [demoSite],
    );
    expect(await hot()).toEqual(['置顶词', '运营词']);
    await crowd('机长', 3, ['10.8.0.1', '10.8.0.2']); // the floor: 3 devices, 2 addresses
    expect(await hot()).toEqual(['置顶词', '运营词', '机长']);
    await crowd('機長', 1, ['10.8.0.3']); // folded: one more device and address for 机长
    await crowd('好看', 2, ['10.8.1.1', '10.8.1.2']); // two devices: below the floor
    expect(await hot()).toEqual(['置顶词', '运营词', '机长']);
    // A fifth device from a fifth address: 好看's crowd (5 devices, 5 addresses) outranks 机长's (4, 3).
    for (const from of ['10.8.1.3', '10.8.1.4', '10.8.1.5'])
      await search('好看', from, await device(), {}, API.searchPosts);
    expect(await hot()).toEqual(['置顶词', '运营词', '好看', '机长']);
    // A search that found nothing, a later page and suggestions never count.
    for (const from of ['10.8.2.1', '10.8.2.2', '10.8.2.3']) {
      const token = await device();
      await search('什么都找不到的词', from, token);
      await h.client.call(API.searchPosts, { keyword: '纪录片', page: 2 }, { remoteAddress: from, token });
      await h.client.call(API.searchSuggest, { keyword: '民航' }, { remoteAddress: from, token });
    }
    expect(await hot()).toEqual(['置顶词', '运营词', '好看', '机长']);
    expect((await dataOf<AppInit>(h.client, API.init)).hotWords).toEqual(await hot());
    // A search that finds nothing offers them.
    expect((await search('什么都找不到的词', '10.8.2.4')).hot).toEqual(await hot());
    // The other site counts its own searches only.
    expect(await hot(OTHER_SITE)).toEqual([]);
    await crowd('影片', 3, ['10.8.3.1', '10.8.3.2'], OTHER_SITE);
    expect(await hot(OTHER_SITE)).toEqual(['影片']);
    expect(await hot()).not.toContain('影片');
  });

  it('suggests the crowd’s searches first, then titles; one device’s searches never', async () => {
    expect((await suggested('机'))[0]).toEqual({ text: '机长', kind: 'query' });
    expect((await suggested('影', OTHER_SITE))[0]).toEqual({ text: '影片', kind: 'query' });
    expect((await suggested('纪录')).filter((s) => s.kind === 'query')).toEqual([]);
  });

  it('counts only the last 24 hours', async () => {
    await crowd('悬疑', 3, ['10.7.0.1', '10.7.0.2']);
    expect(await hot()).toContain('悬疑');
    await h.db.query(`UPDATE search_searchers SET at = at - interval '23 hours' WHERE keyword = '悬疑'`);
    expect(await hot()).toContain('悬疑');
    await h.db.query(`UPDATE search_searchers SET at = at - interval '2 hours' WHERE keyword = '悬疑'`);
    expect(await hot()).not.toContain('悬疑');
    // What the window no longer reads is deleted.
    await pruneSearchers(h.db, Date.now());
    expect(await h.db.query(`SELECT 1 FROM search_searchers WHERE keyword = '悬疑'`)).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM search_searchers WHERE keyword = '机长'`)).not.toEqual([]);
  });

  it('never shows a keyword with a refused or masked word of the sensitive-word list, as hot or as a suggestion', async () => {
    await crowd('剧情', 3, ['10.6.0.1', '10.6.0.2']);
    await crowd('民航', 3, ['10.6.1.1', '10.6.1.2']);
    expect(await hot()).toEqual(expect.arrayContaining(['剧情', '民航']));
    expect(await suggested('剧')).toContainEqual({ text: '剧情', kind: 'query' });
    await setWords(h.db, { 剧: 'refuse', 航: 'mask' });
    expect(await hot()).not.toContain('剧情');
    expect(await hot()).not.toContain('民航');
    expect(await suggested('剧')).not.toContainEqual({ text: '剧情', kind: 'query' });
    expect(await suggested('民')).not.toContainEqual({ text: '民航', kind: 'query' });
    await setWords(h.db, {});
    expect(await hot()).toEqual(expect.arrayContaining(['剧情', '民航'])); // shown once off the list
  });

  it(
    'answers every naughty string with an envelope: results, or code 2 past 40 characters',
    { timeout: 60_000 },
    async () => {
      for (const text of NAUGHTY) {
        for (const path of [API.searchAll, API.searchSuggest]) {
          const { status, envelope } = await h.client.call(path, { keyword: text });
          expect(status, JSON.stringify(text)).toBe(200);
          const refused = text.trim() === '' || [...text.trim()].length > 40;
          if (envelope.code !== Code.Ok || refused) {
            expect(envelope.code, JSON.stringify(text)).toBe(Code.InvalidParams);
            expect(envelope.msg).toMatch(/关键词/);
          } else {
            const field = path === API.searchAll ? 'totals' : 'suggestions';
            expect(envelope.data, JSON.stringify(text)).toHaveProperty(field);
          }
        }
      }
    },
  );
});

describe.each(EVERY_DB_KIND)('the floor of hot searches as set, on %s', (kind) => {
  let h: Harness;
  const { crowd, hot } = visitorsOf(() => h);
  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: seedSearch,
      config: { ...FRESH, HOT_SEARCH_MIN_DEVICES: 5, HOT_SEARCH_MIN_ADDRESSES: 4 },
    });
  });
  afterAll(() => h?.close());

  it('HOT_SEARCH_MIN_DEVICES and HOT_SEARCH_MIN_ADDRESSES: a keyword needs both', async () => {
    await crowd('机长', 5, ['10.5.0.1', '10.5.0.2', '10.5.0.3']);
    await crowd('好看', 4, ['10.5.1.1', '10.5.1.2', '10.5.1.3', '10.5.1.4']);
    expect(await hot()).toEqual([]);
    await crowd('机长', 1, ['10.5.0.4']);
    expect(await hot()).toEqual(['机长']);
  });
});

describe.each(EVERY_DB_KIND)('hot searches with the read cache on, on %s', (kind) => {
  let h: Harness;
  const { device } = visitorsOf(() => h);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch, config: { READ_CACHE_MS: 60_000 } });
    expect(h.config).toMatchObject({ HOT_SEARCH_MIN_DEVICES: 5, HOT_SEARCH_MIN_ADDRESSES: 3 }); // the defaults
  });
  afterAll(() => h?.close());

  it('counts every device of a keyword, also those the cache answered, each once', async () => {
    const counted = async (keyword: string) =>
      (await h.db.query('SELECT 1 FROM search_searchers WHERE keyword = $1', [keyword])).length;
    const [a, b, c] = [await device(), await device(), await device()];
    for (const [token, from] of [
      [a, '10.1.0.1'],
      [b, '10.1.0.2'],
      [c, '10.1.0.3'],
      [a, '10.1.0.4'],
    ] as const) {
      const { envelope } = await h.client.call<SearchOverview>(
        API.searchAll,
        { keyword: '机长' },
        { remoteAddress: from, token },
      );
      expect(envelope.data.movies.length).toBeGreaterThan(0);
    }
    expect(await counted('机长')).toBe(3);
    for (const token of [a, b])
      await h.client.call(
        API.searchPosts,
        { keyword: '好看', page: 1, pageSize: 10 },
        { remoteAddress: '10.1.0.5', token },
      );
    expect(await counted('好看')).toBe(2);
  });
});
