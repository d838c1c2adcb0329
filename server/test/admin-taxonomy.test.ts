/**
 * The console's taxonomy calls: the category tree (depth, cycle and section refusals, delete only
 * when empty), tags (unique names, 热门, delete when unused, merge keeping counts right), featured
 * collections (items, order, covers) and each site's hot search words; what visitors then read
 * (/system/init, tag and featured details); roles (审核 and 财务 refused) and site limits.
 */
import { mkdtempSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COOKIE, CSRF_HEADER, type AdminSession, type OperatorRole } from '../../contract/admin/session.ts';
import type {
  AdminCategory,
  AdminFeaturedDetail,
  AdminTag,
  CategoryTreeAnswer,
  ContentPick,
  HotWordList,
  MediaChoice,
  TagPage,
} from '../../contract/admin/taxonomy.ts';
import type { AppInit, FeaturedCard, FeaturedDetail, Tag } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { createOperator } from '../admin/operators.ts';
import { totpCode } from '../admin/totp.ts';
import { dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type As = (method: Method, url: string, body?: unknown) => Promise<LightMyRequestResponse>;

let serial = 0;

/** An operator of `role` signed in: its calls carry the cookie and the CSRF header. */
async function operatorCalls(h: Harness, role: OperatorRole, siteIds: number[] | null = null): Promise<As> {
  const op = await createOperator(h.db, { username: `tax_${role}_${++serial}`, role, siteIds });
  const totp = await totpCode(op.totpSecret, Date.now());
  const res = await h.app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username: op.operator.username, password: op.password, totp },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = /admin_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  const { csrfToken } = res.json<AdminSession>();
  return (method, url, body) =>
    h.app.inject({
      method,
      url: `/admin-api${url}`,
      headers: { cookie: `${ADMIN_COOKIE}=${token}`, [CSRF_HEADER]: csrfToken },
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

const json = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
const refused = (res: LightMyRequestResponse, status: number, field?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; field?: string }>();
  if (field) expect(body.field).toBe(field);
  return body.message;
};

const findNode = (nodes: AdminCategory[], id: number): AdminCategory | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findNode(node.children, id);
    if (below) return below;
  }
  return undefined;
};

describe.each(DB_KINDS)('console taxonomy on %s', (kind) => {
  let h: Harness;
  let ops: As;
  let demoSite = 0;
  let otherSite = 0;
  const mediaDir = mkdtempSync(join(tmpdir(), 'taxonomy-media-'));

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent, config: { MEDIA_DIR: mediaDir } });
    ops = await operatorCalls(h, 'ops');
    const sites = await h.db.query<{ id: number }>('SELECT id FROM sites ORDER BY id');
    [demoSite, otherSite] = [sites[0]!.id, sites[1]!.id];
  });
  afterAll(() => h?.close());

  const tree = async () => json<CategoryTreeAnswer>(await ops('GET', '/taxonomy/categories')).tree;
  const init = () => dataOf<AppInit>(h.client, API.init);
  const auditCount = async (action: string) =>
    (await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))!.n;

  it('refuses 审核 and 财务 on every taxonomy call, and a session-less call', async () => {
    for (const role of ['moderator', 'finance'] as const) {
      const as = await operatorCalls(h, role);
      for (const [method, url, body] of [
        ['GET', '/taxonomy/categories'],
        ['POST', '/taxonomy/categories', { parentId: null, name: '越权' }],
        ['GET', '/taxonomy/tags'],
        ['POST', '/taxonomy/tags/1/merge', { intoId: 2 }],
        ['GET', '/taxonomy/featured'],
        ['PUT', '/taxonomy/featured/1/items', { items: [] }],
        ['GET', '/taxonomy/hot-words'],
        ['POST', '/taxonomy/hot-words', { siteId: 1, word: '越权' }],
      ] as const)
        expect((await as(method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
    expect((await h.app.inject({ method: 'GET', url: '/admin-api/taxonomy/categories' })).statusCode).toBe(401);
    expect((await h.db.one<{ n: number }>("SELECT count(*)::int AS n FROM categories WHERE name = '越权'"))!.n).toBe(0);
  });

  it('lists the tree with what each category holds, and adds categories at the root and under a parent', async () => {
    const roots = await tree();
    expect(roots.map((root) => root.route)).toEqual(['/movie', '/forum', '/chigua', '/archives']);
    const action = findNode(roots, FX.action)!;
    expect(action.children.map((child) => child.name)).toEqual(['武侠', '警匪']);
    expect(findNode(roots, FX.wuxia)).toMatchObject({ depth: 3, contentType: 'movie', movieCount: 7 });
    expect(findNode(roots, 21)).toMatchObject({ topicId: 501, contentType: 'topic' });

    const sub = json<AdminCategory>(
      await ops('POST', '/taxonomy/categories', { parentId: FX.comedy, name: ' 黑色喜剧 ' }),
      201,
    );
    expect(sub).toMatchObject({ parentId: FX.comedy, name: '黑色喜剧', depth: 3, contentType: 'movie', topicId: null });
    const root = json<AdminCategory>(await ops('POST', '/taxonomy/categories', { parentId: null, name: '专栏' }), 201);
    expect(root).toMatchObject({ depth: 1, route: null, contentType: 'article' });
    // A new forum group gets a topicId, so the forum lists it.
    const group = json<AdminCategory>(await ops('POST', '/taxonomy/categories', { parentId: 2, name: '求片区' }), 201);
    expect(group.topicId).toBeGreaterThan(503);
    const visitorTree = (await init()).categories;
    expect(visitorTree[0]!.childList[1]!.childList.map((c) => c.name)).toEqual(['黑色喜剧']);
    expect(visitorTree[1]!.childList.map((c) => c.name)).toEqual(['综合讨论', '影评交流', '求片区']);
    expect(await auditCount('category.create')).toBe(3);

    expect(
      refused(await ops('POST', '/taxonomy/categories', { parentId: FX.wuxia, name: '太深' }), 400, 'parentId'),
    ).toBe('分类最多 3 级，移动或新增后将有 4 级');
    refused(await ops('POST', '/taxonomy/categories', { parentId: 99_999, name: '无父' }), 404);
    refused(await ops('POST', '/taxonomy/categories', { parentId: null, name: '   ' }), 400, 'name');
    refused(await ops('POST', '/taxonomy/categories', { parentId: 'x', name: '坏' }), 400, 'parentId');
    refused(await ops('POST', '/taxonomy/categories', { parentId: null, name: '很'.repeat(21) }), 400, 'name');
  });

  it('renames and reorders, and visitors read the new name and order', async () => {
    const renamed = json<AdminCategory>(await ops('PATCH', `/taxonomy/categories/${FX.action}`, { name: '动作片' }));
    expect(renamed.name).toBe('动作片');
    json(await ops('POST', `/taxonomy/categories/${FX.comedy}/move`, { parentId: FX.movieRoot, position: 0 }));
    const movie = (await init()).categories[0]!;
    expect(movie.childList.map((c) => [c.categoryId, c.name])).toEqual([
      [FX.comedy, '喜剧'],
      [FX.action, '动作片'],
    ]);
    // 下移 of the first: position 1.
    json(await ops('POST', `/taxonomy/categories/${FX.comedy}/move`, { parentId: FX.movieRoot, position: 1 }));
    expect((await init()).categories[0]!.childList.map((c) => c.categoryId)).toEqual([FX.action, FX.comedy]);
    const row = await h.db.one<{ before: { name: string }; after: { name: string } }>(
      "SELECT before, after FROM audit_log WHERE action = 'category.update' ORDER BY id DESC LIMIT 1",
    );
    expect([row!.before.name, row!.after.name]).toEqual(['动作', '动作片']);
    refused(await ops('PATCH', '/taxonomy/categories/99999', { name: '无' }), 404);
    refused(await ops('PATCH', '/taxonomy/categories/abc', { name: '无' }), 400, 'id');
  });

  it('refuses moves under itself or a descendant, past three levels, of a section root, or across sections', async () => {
    const move = (id: number, parentId: number | null) => ops('POST', `/taxonomy/categories/${id}/move`, { parentId });
    expect(refused(await move(FX.action, FX.action), 400, 'parentId')).toBe('不能移到自己或自己的子分类下');
    expect(refused(await move(FX.action, FX.wuxia), 400, 'parentId')).toBe('不能移到自己或自己的子分类下');
    // 动作 has a level below it: under 喜剧 (level 2) it would reach level 4.
    expect(refused(await move(FX.action, FX.comedy), 400, 'parentId')).toContain('最多 3 级');
    expect(refused(await move(FX.movieRoot, 2), 400, 'parentId')).toContain('栏目根分类');
    // Movies cannot end up under the forum.
    expect(refused(await move(FX.wuxia, 21), 400, 'parentId')).toContain('不能移到其他栏目');
    refused(await move(FX.wuxia, 99_999), 404);
    refused(await move(99_999, null), 404);
    const unchanged = findNode(await tree(), FX.wuxia)!;
    expect([unchanged.parentId, unchanged.depth]).toEqual([FX.action, 3]);

    // A root without a route holds articles: movies cannot go there either.
    expect(refused(await move(FX.action, null), 400, 'parentId')).toContain('不能移到其他栏目');

    // A whole subtree moves down a level, its depths with it: 专栏 (a root) and its child under 文章.
    const column = (await tree()).find((root) => root.name === '专栏')!;
    const child = json<AdminCategory>(
      await ops('POST', '/taxonomy/categories', { parentId: column.id, name: '人物' }),
      201,
    );
    json(await move(column.id, 4));
    expect(findNode(await tree(), child.id)).toMatchObject({ depth: 3, contentType: 'article' });
    expect((await init()).categories.map((root) => root.name)).toEqual(['电影', '论坛', '吃瓜', '档案']);
    // An empty category may change sections; under /forum at level 2 it becomes a forum group.
    const empty = json<AdminCategory>(await ops('POST', '/taxonomy/categories', { parentId: 31, name: '空分类' }), 201);
    const moved = json<AdminCategory>(await move(empty.id, 2));
    expect(moved).toMatchObject({ depth: 2, contentType: 'topic' });
    expect(moved.topicId).not.toBeNull();
    const again = json<AdminCategory>(await move(empty.id, 21));
    expect(again).toMatchObject({ depth: 3, topicId: null });
  });

  it('deletes only an empty category, saying what is in one that is not', async () => {
    expect(refused(await ops('DELETE', `/taxonomy/categories/${FX.action}`), 400, 'id')).toBe(
      '分类「动作片」下还有2 个子分类、7 部影片，不能删除',
    );
    expect(refused(await ops('DELETE', '/taxonomy/categories/22'), 400, 'id')).toContain('4 篇帖子');
    expect(refused(await ops('DELETE', '/taxonomy/categories/1'), 400, 'id')).toContain('栏目根分类');
    const leaf = json<AdminCategory>(await ops('POST', '/taxonomy/categories', { parentId: 41, name: '待删' }), 201);
    expect((await ops('DELETE', `/taxonomy/categories/${leaf.id}`)).statusCode).toBe(204);
    expect(findNode(await tree(), leaf.id)).toBeUndefined();
    refused(await ops('DELETE', `/taxonomy/categories/${leaf.id}`), 404);
    expect(await auditCount('category.delete')).toBe(1);
  });

  it('lists tags with search and counts; adds, renames with unique names, sets 热门', async () => {
    const all = json<TagPage>(await ops('GET', '/taxonomy/tags'));
    expect(all.total).toBe(5);
    expect(all.list[0]).toMatchObject({ name: '热血', hot: true, hotRank: 1, movieCount: 10, postCount: 2 });
    const found = json<TagPage>(await ops('GET', `/taxonomy/tags?q=${encodeURIComponent('%_')}`));
    expect(found.list.map((tag) => tag.name)).toEqual(['100%_真实']);
    expect(json<TagPage>(await ops('GET', '/taxonomy/tags?hot=1')).list.map((tag) => tag.name)).toEqual([
      '热血',
      '悬疑',
    ]);

    const made = json<AdminTag>(await ops('POST', '/taxonomy/tags', { name: '治愈', hot: true }), 201);
    expect(made).toMatchObject({ key: '治愈', hot: true, hotRank: 3, movieCount: 0 });
    expect((await init()).hotTags.map((tag) => tag.name)).toEqual(['热血', '悬疑', '治愈']);
    expect(refused(await ops('POST', '/taxonomy/tags', { name: '热血' }), 400, 'name')).toBe('已有同名标签：热血');
    expect(refused(await ops('PATCH', '/taxonomy/tags/3', { name: 'sci-fi' }), 400, 'name')).toBe(
      '已有同名标签：sci-fi',
    );
    refused(await ops('POST', '/taxonomy/tags', { name: 'a/b' }), 400, 'name');
    refused(await ops('PATCH', '/taxonomy/tags/99999', { name: '无' }), 404);

    // Not hot any more: the others close up.
    json(await ops('PATCH', '/taxonomy/tags/1', { hot: false }));
    expect((await init()).hotTags.map((tag) => [tag.name, tag.hot])).toEqual([
      ['悬疑', true],
      ['治愈', true],
    ]);
    const renamed = json<AdminTag>(await ops('PATCH', '/taxonomy/tags/2', { name: '烧脑悬疑' }));
    expect(renamed).toMatchObject({ key: '烧脑悬疑', name: '烧脑悬疑', hotRank: 1, movieCount: 7 });
    expect((await dataOf<Tag>(h.client, API.tagDetail, { key: '烧脑悬疑' })).count).toBe(8);
    json(await ops('PATCH', '/taxonomy/tags/1', { hot: true }));
  });

  it('deletes an unused tag, refuses a used one, and merges keeping counts right', async () => {
    expect(refused(await ops('DELETE', '/taxonomy/tags/1'), 400, 'id')).toBe(
      '标签「热血」还有 12 条内容在用，请先合并到其他标签',
    );
    expect((await ops('DELETE', '/taxonomy/tags/3')).statusCode).toBe(204);
    refused(await ops('DELETE', '/taxonomy/tags/3'), 404);

    // 100%_真实 (movie 9, post 201) into 热血 (movies 3, 6, …, 30 and posts 101, 102): movie 9 had both.
    const merged = json<AdminTag>(await ops('POST', '/taxonomy/tags/4/merge', { intoId: 1 }));
    expect(merged).toMatchObject({ name: '热血', movieCount: 10, postCount: 3 });
    expect((await dataOf<Tag>(h.client, API.tagDetail, { key: '热血' })).count).toBe(13);
    expect(await h.db.one('SELECT id FROM tags WHERE id = 4')).toBeUndefined();
    expect((await h.db.one<{ use_count: number }>('SELECT use_count FROM tags WHERE id = 1'))!.use_count).toBe(13);
    const row = await h.db.one<{ before: { source: { name: string } } }>(
      "SELECT before FROM audit_log WHERE action = 'tag.merge'",
    );
    expect(row!.before.source.name).toBe('100%_真实');
    refused(await ops('POST', '/taxonomy/tags/1/merge', { intoId: 1 }), 400, 'intoId');
    refused(await ops('POST', '/taxonomy/tags/1/merge', { intoId: 99_999 }), 404);
    refused(await ops('POST', '/taxonomy/tags/5/merge', {}), 400, 'intoId');
  });

  it('creates collections, sets their items and order, and visitors see them', async () => {
    refused(await ops('POST', '/taxonomy/featured', { title: '坏封面', cover: '../etc/passwd' }), 400, 'cover');
    refused(await ops('POST', '/taxonomy/featured', { cover: 'featured/1.webp' }), 400, 'title');
    const made = json<AdminFeaturedDetail>(
      await ops('POST', '/taxonomy/featured', { title: '暑期档', description: '夏天看', cover: 'featured/1.webp' }),
      201,
    );
    expect(made).toMatchObject({ title: '暑期档', itemCount: 0, items: [], coverUrl: '/cdn/console/featured/1.webp' });

    const picks = json<{ list: ContentPick[] }>(
      await ops('GET', `/taxonomy/content?q=${encodeURIComponent('50%')}`),
    ).list;
    expect(picks.map((pick) => [pick.type, pick.id])).toEqual([['movie', 5]]);
    const byId = json<{ list: ContentPick[] }>(await ops('GET', '/taxonomy/content?q=201&type=post')).list;
    expect(byId[0]).toMatchObject({ type: 'post', id: 201, title: '100% 纯瓜' });

    const items = [
      { type: 'post', id: 201 },
      { type: 'movie', id: 5 },
      { type: 'movie', id: 1 },
    ];
    const filled = json<AdminFeaturedDetail>(await ops('PUT', `/taxonomy/featured/${made.id}/items`, { items }));
    expect(filled.items.map((item) => `${item.type}:${item.id}`)).toEqual(['post:201', 'movie:5', 'movie:1']);
    const seen = await dataOf<FeaturedDetail>(h.client, API.featuredDetail, { id: made.id });
    expect(seen.movies.map((movie) => movie.id)).toEqual([5, 1]);
    expect(seen.posts.map((post) => post.id)).toEqual([201]);

    expect(
      refused(
        await ops('PUT', `/taxonomy/featured/${made.id}/items`, { items: [...items, { type: 'movie', id: 5 }] }),
        400,
      ),
    ).toBe('影片 5 重复');
    refused(
      await ops('PUT', `/taxonomy/featured/${made.id}/items`, { items: [{ type: 'movie', id: 99_999 }] }),
      400,
      'items.0',
    );
    refused(
      await ops('PUT', `/taxonomy/featured/${made.id}/items`, { items: [{ type: 'song', id: 1 }] }),
      400,
      'items.0.type',
    );
    refused(await ops('PUT', '/taxonomy/featured/99999/items', { items: [] }), 404);
    // Unchanged by the refusals.
    expect((await dataOf<FeaturedDetail>(h.client, API.featuredDetail, { id: made.id })).movies).toHaveLength(2);

    json(await ops('POST', `/taxonomy/featured/${made.id}/move`, { position: 0 }));
    const list = await dataOf<FeaturedCard[]>(h.client, API.featuredList);
    expect(list.map((card) => card.title)).toEqual(['暑期档', '周末片单', '空专题']);
    const edited = json<AdminFeaturedDetail>(
      await ops('PATCH', `/taxonomy/featured/${made.id}`, { title: '暑期必看' }),
    );
    expect(edited).toMatchObject({ title: '暑期必看', description: '夏天看', itemCount: 3 });
    expect((await ops('DELETE', '/taxonomy/featured/2')).statusCode).toBe(204);
    expect((await dataOf<FeaturedCard[]>(h.client, API.featuredList)).map((card) => card.id)).toEqual([made.id, 1]);
  });

  it('stores an uploaded cover under the media folder and offers it to choose', async () => {
    const png = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const stored = json<MediaChoice>(
      await ops('POST', '/taxonomy/featured-covers', { image: `data:image/png;base64,${png.toString('base64')}` }),
      201,
    );
    expect(stored.key).toMatch(/^featured\/u[0-9a-f]{32}\.webp$/);
    await access(join(mediaDir, stored.key));
    expect((await sharp(join(mediaDir, stored.key)).metadata()).width).toBe(800);
    const choices = json<{ list: MediaChoice[] }>(await ops('GET', '/taxonomy/featured-covers')).list;
    expect(choices.map((choice) => choice.key)).toContain(stored.key);
    json(await ops('POST', '/taxonomy/featured', { title: '新封面', cover: stored.key }), 201);
    refused(await ops('POST', '/taxonomy/featured-covers', { image: 'data:image/png;base64,aGVsbG8=' }), 400, 'image');
    refused(await ops('POST', '/taxonomy/featured-covers', { image: 'http://x/a.png' }), 400, 'image');
  });

  it('keeps each site’s hot search words: add, pin, reorder, remove, shown to that site’s visitors only', async () => {
    const add = (word: string, pinned?: boolean, siteId = demoSite) =>
      ops('POST', '/taxonomy/hot-words', { siteId, word, ...(pinned === undefined ? {} : { pinned }) });
    expect((await init()).hotWords).toEqual([]);
    const first = json<{ id: number }>(await add('庆余年'), 201);
    json(await add('狂飙', true), 201);
    const third = json<{ id: number }>(await add('三体'), 201);
    json(await add('别站热词', false, otherSite), 201);
    expect((await init()).hotWords).toEqual(['狂飙', '庆余年', '三体']);

    json(await ops('POST', `/taxonomy/hot-words/${third.id}/move`, { position: 0 }));
    expect((await init()).hotWords).toEqual(['狂飙', '三体', '庆余年']);
    json(await ops('PATCH', `/taxonomy/hot-words/${first.id}`, { pinned: true }));
    expect((await init()).hotWords).toEqual(['狂飙', '庆余年', '三体']);
    const listed = json<HotWordList>(await ops('GET', `/taxonomy/hot-words?siteId=${demoSite}`));
    expect(listed.list.map((word) => [word.word, word.pinned])).toEqual([
      ['狂飙', true],
      ['庆余年', true],
      ['三体', false],
    ]);
    expect(listed.sites.map((site) => site.id)).toEqual([demoSite, otherSite]);

    expect(refused(await add(' 三体 '), 400, 'word')).toBe('该站点已有热搜词：三体');
    refused(await add(''), 400, 'word');
    refused(await add('长'.repeat(21)), 400, 'word');
    refused(await add('无站', false, 99_999), 404);
    refused(await ops('PATCH', `/taxonomy/hot-words/${third.id}`, { word: '庆余年' }), 400, 'word');
    expect((await ops('DELETE', `/taxonomy/hot-words/${third.id}`)).statusCode).toBe(204);
    refused(await ops('DELETE', `/taxonomy/hot-words/${third.id}`), 404);
    expect((await init()).hotWords).toEqual(['狂飙', '庆余年']);
    expect(await auditCount('hotWord.create')).toBe(4);
  });

  it('keeps a 运营 limited to one site to its own hot words, and off the shared taxonomy', async () => {
    const limited = await operatorCalls(h, 'ops', [demoSite]);
    const own = json<HotWordList>(await limited('GET', '/taxonomy/hot-words'));
    expect(own.siteId).toBe(demoSite);
    expect(own.sites.map((site) => site.id)).toEqual([demoSite]);
    refused(await limited('GET', `/taxonomy/hot-words?siteId=${otherSite}`), 403);
    refused(await limited('POST', '/taxonomy/hot-words', { siteId: otherSite, word: '越界' }), 403);
    const other = json<HotWordList>(await ops('GET', `/taxonomy/hot-words?siteId=${otherSite}`)).list[0]!;
    refused(await limited('DELETE', `/taxonomy/hot-words/${other.id}`), 403);
    json(await limited('POST', '/taxonomy/hot-words', { siteId: demoSite, word: '本站词' }), 201);
    // Reads of the shared taxonomy are open to it; changes are not (they show on every site).
    json(await limited('GET', '/taxonomy/categories'));
    refused(await limited('POST', '/taxonomy/tags', { name: '越界' }), 403);
    refused(await limited('PATCH', `/taxonomy/categories/${FX.comedy}`, { name: '越界' }), 403);
  });
});

describe('taxonomy changes and the visitors’ read cache', () => {
  let h: Harness;
  const TTL = 300;
  beforeAll(async () => {
    h = await createHarness('pglite', { seed: seedContent, config: { READ_CACHE_MS: TTL } });
  });
  afterAll(() => h?.close());

  it('shows a console change once the read cache’s time has passed', async () => {
    const ops = await operatorCalls(h, 'super');
    expect((await dataOf<AppInit>(h.client, API.init)).hotWords).toEqual([]);
    const site = (await h.db.one<{ id: number }>('SELECT min(id) AS id FROM sites'))!.id;
    json(await ops('POST', '/taxonomy/hot-words', { siteId: site, word: '新热词' }), 201);
    json(await ops('PATCH', '/taxonomy/categories/11', { name: '动作大片' }));
    await new Promise((resolve) => setTimeout(resolve, TTL + 50));
    const init = await dataOf<AppInit>(h.client, API.init);
    expect(init.hotWords).toEqual(['新热词']);
    expect(init.categories[0]!.childList[0]!.name).toBe('动作大片');
  });
});
