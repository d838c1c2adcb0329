/**
 * Search over the one index: Chinese words segmented in bodies, pinyin and Traditional keywords
 * finding Simplified titles, users by nickname, an exact title first, hidden and priced content
 * kept out, the 综合 answer of a search that finds nothing, one-word searches read from the
 * words kept per document answering as the documents do, and a word's page the same whether its
 * matches are read whole from the GIN index, by bands (posts) or walked along the orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, UserCard } from '../../contract/calls/content.ts';
import type { PostHit, SearchOverview, SearchPage, Suggestion } from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { DEMO_SITE } from '../db/sites.ts';
import { bandedPage, matchedPage, parseKeyword, rankedHits, walkedPage } from '../search/search-query.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { seedSearch, SX } from './search-fixture.ts';

const ids = (page: { list: { id: number }[] }) => page.list.map((hit) => hit.id);

describe.each(EVERY_DB_KIND)('search on %s', (kind) => {
  let h: Harness;
  const movies = (keyword: string, page = 1) =>
    dataOf<SearchPage<MovieCard>>(h.client, API.searchMovies, { keyword, page });
  const posts = (keyword: string) => dataOf<SearchPage<PostHit>>(h.client, API.searchPosts, { keyword });
  const users = (keyword: string) => dataOf<SearchPage<UserCard>>(h.client, API.searchUsers, { keyword });
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch });
  });
  afterAll(() => h?.close());

  it('finds two-character words in post bodies, with an excerpt around the first match', async () => {
    const found = await posts('好看');
    expect(ids(found)).toEqual([SX.bodyPost]);
    expect(found.terms).toEqual(['好看']);
    expect(found.list[0]!.excerpt).toContain('好看');
    expect(ids(await posts('剧情'))).toEqual([SX.bodyPost]); // the hidden one and the priced body are not found
    expect(ids(await posts('摘要'))).toContain(SX.pricedPost);
    expect(ids(await posts('秘密'))).toEqual([]);
  });

  it('finds 中国机长 by initials, full pinyin and Traditional characters, the exact title first', async () => {
    for (const keyword of ['zgjz', 'zhongguojizhang', 'ZGJZ', '中國機長', '中国机长']) {
      const found = await movies(keyword);
      expect(ids(found).slice(0, 2), keyword).toEqual([SX.captain, SX.captainDoc]);
    }
    // A start of the pinyin is no exact title: the popular documentary comes first.
    expect(ids(await movies('zhongguo'))).toEqual([SX.captainDoc, SX.captain]);
    expect((await movies('zgjz')).terms).toContain('中国机长');
    expect((await movies('中國機長')).terms).toEqual(['中国', '机长', '中国机长']);
  });

  it('finds a title by characters in a row that are no word of it (国机 in 中国机长, 步者 in 星空漫步者)', async () => {
    expect(ids(await movies('国机')).sort()).toEqual([SX.captain, SX.captainDoc].sort());
    expect(ids(await movies('国机长'))).toContain(SX.captain);
    expect((await movies('国机')).terms).toContain('国机'); // marked where found
    expect(ids(await users('步者'))).toEqual([SX.author]);
    expect(ids(await movies('机国'))).toEqual([]); // the pair the other way round is in no title
  });

  it('finds a user by nickname and by its pinyin', async () => {
    expect(ids(await users('星空漫步者'))).toEqual([SX.author]);
    expect(ids(await users('漫步'))).toEqual([SX.author]);
    expect(ids(await users('xkmbz'))).toEqual([SX.author]);
    expect((await users('隔壁站')).list).toEqual([]); // another site's user
  });

  it('finds a topic and a 吃瓜 post by the initials and the full pinyin of their titles, marking the title', async () => {
    // The whole spelling is 43 letters, past the keyword's 40: what can be typed is its start.
    for (const keyword of ['llfzhgdjbnbghk', 'liulangfangzhouhegudaojianbingnabu', 'LLFZ', 'liulang fangzhou']) {
      const found = await posts(keyword);
      expect(ids(found), keyword).toEqual([SX.spelledTopic]);
      expect(found.terms, keyword).toContain('《流浪方舟》和《孤岛尖兵》哪部更好看？');
    }
    // A post's title is spelled whole, not word by word as a film's: 孤岛 (gudao) inside it is not its start.
    expect(ids(await posts('gudao'))).toEqual([]);
    for (const keyword of ['mdlsyxsjc', 'moudingliu'])
      expect(ids(await posts(keyword)), keyword).toEqual([SX.spelledChigua]);
    // Two letters are too few to be read as the start of a million titles' spellings.
    expect(ids(await posts('ll'))).toEqual([]);
    const all = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: 'llfzhgdjbnbghk' });
    expect(all.posts.map((post) => post.id)).toEqual([SX.spelledTopic]);
  });

  it('answers the 综合 tab, and hot searches when nothing is found', async () => {
    const all = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '机长' });
    expect(all.movies.map((m) => m.id)).toEqual([SX.captainDoc, SX.captain]);
    expect(all.totals).toMatchObject({ movies: 2, posts: 0, capped: [] });
    expect(all.hot).toBeUndefined();
    const none = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '没有这种东西' });
    expect(none.totals.movies + none.totals.posts + none.totals.users).toBe(0);
    expect(none.hot).toEqual(expect.any(Array));
  });

  it('finds a movie by the name of its category at every level, by its tags and by its region', async () => {
    const inCategories = async (categoryIds: number[]) =>
      (
        await h.db.query<{ id: number }>('SELECT id FROM movies WHERE category_id = ANY($1::int[]) ORDER BY id', [
          categoryIds,
        ])
      ).map((row) => row.id);
    const sorted = (page: { list: { id: number }[] }) => ids(page).sort((a, b) => a - b);
    // 推理 is the films' own category, 悬疑 the one above it (and a tag of every fourth film).
    expect(sorted(await movies('推理'))).toEqual(SX.mystery);
    const tagged = await h.db.query<{ id: number }>('SELECT movie_id AS id FROM movie_tags WHERE tag_id = 2');
    expect(sorted(await movies('悬疑'))).toEqual([...SX.mystery, ...tagged.map((row) => row.id)].sort((a, b) => a - b));
    // 动作 is the parent of 武侠 and 警匪; 电影, the section, holds them all.
    expect((await movies('动作')).total).toBe((await inCategories([11, 111, 112])).length);
    expect(sorted(await movies('警匪')).filter((id) => id !== SX.copsTitle)).toEqual(await inCategories([112]));
    const all = await h.db.one<{ n: number }>("SELECT count(*)::int AS n FROM movies WHERE status = 'published'");
    expect((await movies('电影')).total).toBe(all!.n);
    // A tag's name finds its films; so does the region.
    const hot = await h.db.query<{ id: number }>('SELECT movie_id AS id FROM movie_tags WHERE tag_id = 1 ORDER BY 1');
    expect((await movies('热血')).total).toBe(hot.length);
    expect(ids(await movies('热血'))).toEqual(expect.arrayContaining(hot.slice(0, 5).map((row) => row.id)));
    expect(ids(await movies('香港'))).toEqual([SX.mystery[1]]);
  });

  it('ranks a title holding the word above the films of the category of that name', async () => {
    // 警匪往事 is old, unseen and a comedy; the films in 警匪 are newer and watched.
    const found = await movies('警匪');
    expect(found.list[0]!.id).toBe(SX.copsTitle);
    expect(found.total).toBeGreaterThan(1);
    const all = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '警匪' });
    expect(all.movies[0]!.id).toBe(SX.copsTitle);
  });

  it('shows one post of each title in 综合, and every post in 帖子', async () => {
    const all = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '推理' });
    const titles = all.posts.map((post) => post.title);
    expect(titles.sort()).toEqual(['推理小说改编的佳作', '求推荐几部推理片'].sort());
    expect(all.posts.find((post) => post.title === '求推荐几部推理片')!.id).toBe(SX.sameTitlePosts[0]); // the best ranked
    expect(all.totals.posts).toBe(4);
    expect(ids(await posts('推理')).sort()).toEqual([...SX.sameTitlePosts, SX.otherTitlePost].sort());
    // The films of 推理 come first on the page: 综合 shows them above the posts.
    expect(all.movies.map((movie) => movie.id).sort()).toEqual(SX.mystery);
  });

  it('suggests titles by prefix, pinyin and initials', async () => {
    const suggest = async (keyword: string) =>
      (await dataOf<{ suggestions: Suggestion[] }>(h.client, API.searchSuggest, { keyword })).suggestions;
    for (const keyword of ['中', '中国', '中国机长', 'zg', 'zgjz', 'zhongguoj']) {
      expect(
        (await suggest(keyword)).map((s) => s.id),
        keyword,
      ).toEqual(expect.arrayContaining([SX.captain, SX.captainDoc]));
    }
    expect((await suggest('星空')).map((s) => s.text)).toContain('星空漫步者');
  });

  it('reads a one-word search of movies and users from the kept words, ranked as the documents rank it', async () => {
    const site = await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
    const words = await h.db.query<{ kind: 'movie' | 'user'; term: string }>(
      'SELECT DISTINCT kind, term FROM search_terms ORDER BY kind, term',
    );
    let compared = 0;
    for (const { kind: docKind, term } of words) {
      const keyword = parseKeyword(term);
      if (keyword.term !== term) continue;
      for (const page of [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
      ]) {
        const kept = await rankedHits(h.db, docKind, site!.id, keyword, page);
        const fromDocs = await rankedHits(h.db, docKind, site!.id, { ...keyword, term: null }, page);
        expect(kept, `${docKind} ${term}`).toEqual(fromDocs);
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('ranks a page alike whether the matches are read whole, by bands (posts) or walked along the orders', async () => {
    const site = await h.db.one<{ id: number }>('SELECT id FROM sites WHERE account_id = $1', [DEMO_SITE.accountId]);
    // Every word of the posts' and movies' documents (but the posts' bands, which no keyword asks
    // for), and the titles themselves (an exact title first).
    const words = await h.db.query<{ kind: 'movie' | 'post'; word: string }>(
      `SELECT * FROM (SELECT DISTINCT kind, unnest(tsvector_to_array(doc)) AS word FROM search_docs
         WHERE kind IN ('movie', 'post')) w WHERE word NOT LIKE '~%'
       UNION SELECT kind, title FROM search_docs WHERE kind IN ('movie', 'post') ORDER BY 1, 2`,
    );
    let compared = 0;
    for (const { kind: docKind, word } of words) {
      const keyword = parseKeyword(word);
      const query = docKind === 'post' ? keyword.postQuery : keyword.query;
      if (query === null) continue;
      for (const page of [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
      ]) {
        const asked = { kind: docKind, query, siteId: site!.id, keyword, page };
        const matched = await matchedPage(h.db, asked);
        const walked = await walkedPage(h.db, asked);
        expect(matched.hits, `${docKind} ${word}`).toEqual(walked);
        if (docKind === 'post') expect(await bandedPage(h.db, asked), `bands: ${word}`).toEqual(walked);
        if (page.offset === 0 && walked.length > 0) compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('refuses pages past the deepest and blank keywords with code 2', async () => {
    expect((await codeOf(h.client, API.searchMovies, { keyword: 'x', page: 11 })).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.searchAll, { keyword: '  ' })).code).toBe(Code.InvalidParams);
  });
});
