/**
 * The index kept in step with its sources in the same transaction: a movie edited in the console,
 * a topic published, a member renamed, a post hidden by reports and shown again by a moderator, a
 * tag renamed, a category renamed or moved; a rolled-back edit leaves the index as it was. The words kept per movie and user
 * (search_terms) are the documents' own, each with the rank ts_rank gives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, UserCard } from '../../contract/calls/content.ts';
import type { PublishResult } from '../../contract/calls/publish.ts';
import type { PostHit, SearchOverview, SearchPage } from '../../contract/calls/search.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { patchMovie } from '../admin/catalogue/movie-writes.ts';
import { decide } from '../admin/moderation/decide.ts';
import { changeCategory, moveCategory } from '../admin/taxonomy/category-store.ts';
import { changeTag } from '../admin/taxonomy/tag-store.ts';
import { fileReport } from '../db/reports.ts';
import { dataOf, FX } from './content-fixture.ts';
import { createHarness, EVERY_DB_KIND, type Harness } from './harness.ts';
import { reindexAll } from '../search/reindex.ts';
import { seedSearch, SX } from './search-fixture.ts';

const ids = (page: { list: { id: number }[] }) => page.list.map((hit) => hit.id);

describe.each(EVERY_DB_KIND)('search index writes on %s', (kind) => {
  let h: Harness;
  let operator: { id: number; address: string };
  const movies = (keyword: string) => dataOf<SearchPage<MovieCard>>(h.client, API.searchMovies, { keyword });
  const posts = (keyword: string) => dataOf<SearchPage<PostHit>>(h.client, API.searchPosts, { keyword });
  const users = (keyword: string) => dataOf<SearchPage<UserCard>>(h.client, API.searchUsers, { keyword });
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedSearch });
    const row = await h.db.one<{ id: number }>(
      `INSERT INTO operators (username, password_hash, totp_secret, role) VALUES ('search-op', 'x', 'x', 'super')
       RETURNING id`,
    );
    operator = { id: row!.id, address: '127.0.0.1' };
  });
  afterAll(() => h?.close());

  it('finds an edited title by its new words at once, and a rolled-back edit changes nothing', async () => {
    const actor = { operatorId: operator.id, address: operator.address };
    await expect(
      h.db.tx(async (q) => {
        await patchMovie(q, actor, SX.captain, { title: '长安十二时辰' }, Date.now());
        expect(
          await q.one('SELECT 1 AS found FROM search_docs WHERE kind = $1 AND title = $2', ['movie', '长安十二时辰']),
        ).toBeDefined();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ids(await movies('长安'))).toEqual([]);
    expect(ids(await movies('zgjz'))).toContain(SX.captain);

    await h.db.tx((q) => patchMovie(q, actor, SX.captain, { title: '長安十二時辰' }, Date.now()));
    expect(ids(await movies('长安'))).toEqual([SX.captain]);
    expect(ids(await movies('casesc'))).toEqual([SX.captain]);
    expect(ids(await movies('zgjz'))).not.toContain(SX.captain);
    await h.db.tx((q) => patchMovie(q, actor, SX.captain, { status: 'unpublished' }, Date.now()));
    expect(ids(await movies('长安'))).toEqual([]);
  });

  it('finds a topic as soon as it is published, and a member by a new nickname', async () => {
    const member = await h.client.registerGuest();
    const { envelope } = await h.client.call<PublishResult>(
      API.topicPublish,
      { title: '求推荐纪录片', body: '想看关于深海探险的纪录片', topicId: FX.forumGroup.topicId },
      { token: member.token },
    );
    expect(envelope.code).toBe(Code.Ok);
    expect((await posts('深海探险')).list.map((p) => p.title)).toEqual(['求推荐纪录片']);

    const renamed = await h.client.call(API.updatePersonal, { nickname: '深海潜水员' }, { token: member.token });
    expect(renamed.envelope.code).toBe(Code.Ok);
    const found = await users('潜水员');
    expect(found.list.map((u) => u.nickname)).toEqual(['深海潜水员']);
    expect(ids(await users('shenhaiqianshuiyuan'))).toEqual(ids(found));
  });

  it('drops a post hidden by reports and finds it again once a moderator approves it', async () => {
    const site = await h.db.one<{ id: number }>('SELECT site_id AS id FROM users WHERE id = $1', [SX.author]);
    expect(ids(await posts('好看'))).toEqual([SX.bodyPost]);
    await h.db.tx((q) =>
      fileReport(
        q,
        {
          siteId: site!.id,
          reporterId: 9001,
          targetType: 'post',
          targetId: SX.bodyPost,
          ownerId: SX.author,
          reason: 'spam',
          detail: '',
          counted: true,
        },
        1,
      ),
    );
    expect(ids(await posts('好看'))).toEqual([]);
    const all = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '好看' });
    expect(all.posts).toEqual([]);
    await h.db.tx((q) =>
      decide(q, {
        type: 'post',
        id: SX.bodyPost,
        action: 'approve',
        reason: '',
        operator: { id: operator.id, username: 'search-op', role: 'super', siteIds: null },
        address: operator.address,
      }),
    );
    expect(ids(await posts('好看'))).toEqual([SX.bodyPost]);
  });

  it('finds what carries a renamed tag by its new name', async () => {
    expect(ids(await movies('热血'))).toContain(3); // movies 3, 6, 9 … carry tag 1 热血
    await h.db.tx((q) => changeTag(q, 1, { name: '燃爆' }));
    const found = await movies('燃爆');
    expect(ids(found)).toEqual(expect.arrayContaining([3, 6, 9]));
    expect(ids(await movies('热血'))).toEqual([]);
    const overview = await dataOf<SearchOverview>(h.client, API.searchAll, { keyword: '燃爆' });
    expect(overview.tags.map((t) => t.name)).toEqual(['燃爆']);
  });

  it('finds the films of a renamed or moved category by its new name and its new parent', async () => {
    const sorted = (page: { list: { id: number }[] }) => ids(page).sort((a, b) => a - b);
    expect(sorted(await movies('推理'))).toEqual(SX.mystery);
    await h.db.tx((q) => changeCategory(q, 131, { name: '本格推理' }));
    expect(sorted(await movies('本格'))).toEqual(SX.mystery);
    // Moved from 悬疑 to 动作: found by the new parent's name, no longer by the old one's.
    await h.db.tx((q) => moveCategory(q, 131, 11, undefined));
    expect(sorted(await movies('动作 本格'))).toEqual(SX.mystery);
    expect(ids(await movies('悬疑 本格'))).toEqual([]);
  });

  it('rebuilds in batches the very documents the writes kept, dropping those of sources gone', async () => {
    const snapshot = async () => ({
      docs: await h.db.query(
        'SELECT kind, source_id, site_id, title, doc::text AS doc FROM search_docs ORDER BY kind, source_id',
      ),
      terms: await h.db.query(
        `SELECT kind, source_id, term, site_id, rank, popularity, created_at FROM search_terms
         ORDER BY kind, source_id, term`,
      ),
    });
    const kept = await snapshot();
    expect(kept.docs.length).toBeGreaterThan(50);
    // Every word of every movie and user, with the rank ts_rank gives it in the document.
    const words = await h.db.one<{ n: number; differ: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE t.rank <> ts_rank(d.doc, quote_literal(t.term)::tsquery))::int
         AS differ
       FROM search_terms t JOIN search_docs d ON d.kind = t.kind AND d.source_id = t.source_id`,
    );
    const lexemes = await h.db.one<{ n: number }>(
      "SELECT coalesce(sum(length(doc)), 0)::int AS n FROM search_docs WHERE kind IN ('movie', 'user')",
    );
    expect(words).toEqual({ n: lexemes!.n, differ: 0 });
    await h.db.query(
      `INSERT INTO search_docs (kind, source_id, title, title_key, created_at, doc)
       VALUES ('post', 999999, 'gone', 'gone', now(), 'gone'), ('movie', 888888, 'gone', 'gone', now(), 'gone')`,
    );
    await h.db.query(
      `INSERT INTO search_terms (kind, source_id, term, site_id, rank, popularity, created_at)
       VALUES ('movie', 888888, 'gone', 0, 1, 1, now())`,
    );
    await h.db.query('DELETE FROM search_docs WHERE kind = $1 AND source_id = $2', ['movie', 3]);
    await h.db.query('DELETE FROM search_terms WHERE kind = $1 AND source_id = $2', ['movie', 3]);
    const report = await reindexAll(h.db, { batch: 7 });
    expect(await snapshot()).toEqual(kept);
    expect(report.docs.movie).toBe(kept.docs.filter((row) => row.kind === 'movie').length);
  });
});
