/**
 * Hot searches from real counts (per site, the last 24 hours, once per searcher and hour, only
 * searches that found something, first pages only) after the operators' words, as suggestions too;
 * and every naughty string searched safely: an envelope, never a 5xx.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInit } from '../../contract/calls/content.ts';
import type { SearchOverview, Suggestion } from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { invalidateWords } from '../moderation/sensitive-words.ts';
import { hourOf } from '../search/hot-searches.ts';
import { dataOf } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { seedSearch } from './search-fixture.ts';

const NAUGHTY = createRequire(import.meta.url)('big-list-of-naughty-strings') as string[];
const OTHER_SITE = { accountId: '10002', appId: 'other' };

describe.each(EVERY_DB_KIND)('hot searches on %s', (kind) => {
  let h: Harness;
  let demoSite: number;
  const search = async (keyword: string, from: string, options: object = {}, path: string = API.searchAll) => {
    const { envelope } = await h.client.call<SearchOverview>(path, { keyword }, { remoteAddress: from, ...options });
    expect(envelope.code, keyword).toBe(Code.Ok);
    return envelope.data;
  };
  const hot = async (options: object = {}) =>
    (await h.client.call<{ words: string[] }>(API.searchHot, {}, options)).envelope.data.words;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch });
    demoSite = (await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]))!
      .id;
    await h.db.query(
      `INSERT INTO hot_words (site_id, word, pinned, sort) VALUES ($1, '置顶词', true, 2), ($1, '运营词', false, 1)`,
      [demoSite],
    );
  });
  afterAll(() => h?.close());

  it('ranks counted keywords after the operators’ words, once per searcher and hour, per site', async () => {
    for (const from of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await search('机长', from);
    for (const from of ['10.0.0.1', '10.0.0.2']) await search('好看', from, {}, API.searchPosts);
    for (let i = 0; i < 5; i++) await search('剧情', '10.0.0.9'); // one searcher, five times
    await search('機長', '10.0.0.4'); // folded: one more for 机长
    await search('什么都找不到的词', '10.0.0.5'); // nothing found: not counted
    await h.client.call(API.searchPosts, { keyword: '纪录片', page: 2 }, { remoteAddress: '10.0.0.6' }); // not a first page
    await h.client.call(API.searchSuggest, { keyword: '民航' }, { remoteAddress: '10.0.0.7' }); // suggestions never count
    expect(await hot()).toEqual(['置顶词', '运营词', '机长', '好看', '剧情']);
    const init = await dataOf<AppInit>(h.client, API.init);
    expect(init.hotWords).toEqual(await hot());
    // The other site counts its own searches only.
    await search('机长', '10.0.0.1', OTHER_SITE);
    await search('影片', '10.0.0.1', OTHER_SITE);
    await search('影片', '10.0.0.2', OTHER_SITE);
    expect(await hot(OTHER_SITE)).toEqual(['影片', '机长']);
  });

  it('counts only the last 24 hours', async () => {
    const now = Date.now();
    await h.db.query(
      `INSERT INTO search_counts (site_id, keyword, hour, count) VALUES ($1, '昨天的词', $2, 50), ($1, '前天的词', $3, 90)`,
      [demoSite, hourOf(now - 23 * 3_600_000), hourOf(now - 25 * 3_600_000)],
    );
    const words = await hot();
    expect(words.slice(0, 3)).toEqual(['置顶词', '运营词', '昨天的词']);
    expect(words).not.toContain('前天的词');
  });

  it('never shows a counted keyword with a sensitive word, as hot or as a suggestion', async () => {
    await h.db.query(`INSERT INTO sensitive_words (word, action) VALUES ('违禁', 'refuse')`);
    invalidateWords();
    await h.db.query(`INSERT INTO search_counts (site_id, keyword, hour, count) VALUES ($1, '机场违禁品', $2, 500)`, [
      demoSite,
      hourOf(Date.now()),
    ]);
    expect(await hot()).not.toContain('机场违禁品');
    const suggested = await dataOf<{ suggestions: Suggestion[] }>(h.client, API.searchSuggest, { keyword: '机场' });
    expect(suggested.suggestions.map((s) => s.text)).not.toContain('机场违禁品');
    await h.db.query(`DELETE FROM sensitive_words WHERE word = '违禁'`);
    invalidateWords();
    expect((await hot())[2]).toBe('机场违禁品'); // counted like any other once the word is off the list
    await h.db.query(`DELETE FROM search_counts WHERE keyword = '机场违禁品'`);
  });

  it('suggests the site’s past searches first, then titles', async () => {
    const suggestions = (await dataOf<{ suggestions: Suggestion[] }>(h.client, API.searchSuggest, { keyword: '机' }))
      .suggestions;
    expect(suggestions[0]).toEqual({ text: '机长', kind: 'query' });
    const other = await h.client.call<{ suggestions: Suggestion[] }>(API.searchSuggest, { keyword: '影' }, OTHER_SITE);
    expect(other.envelope.data.suggestions[0]).toEqual({ text: '影片', kind: 'query' });
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

describe.each(EVERY_DB_KIND)('hot searches with the read cache on, on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch, config: { READ_CACHE_MS: 60_000 } });
  });
  afterAll(() => h?.close());

  it('counts every searcher of a keyword, also those the cache answered, and each once an hour', async () => {
    const counted = async (keyword: string) =>
      (await h.db.one<{ count: number }>('SELECT count FROM search_counts WHERE keyword = $1', [keyword]))?.count ?? 0;
    for (const from of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.1']) {
      const { envelope } = await h.client.call<SearchOverview>(
        API.searchAll,
        { keyword: '机长' },
        { remoteAddress: from },
      );
      expect(envelope.data.movies.length).toBeGreaterThan(0);
    }
    expect(await counted('机长')).toBe(3);
    for (const from of ['10.1.0.4', '10.1.0.5'])
      await h.client.call(API.searchPosts, { keyword: '好看', page: 1, pageSize: 10 }, { remoteAddress: from });
    expect(await counted('好看')).toBe(2);
  });
});
