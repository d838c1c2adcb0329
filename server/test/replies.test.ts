/**
 * Replies of posts and comments of movies through the real protocol: floors, quote, mentions,
 * ratings and images on write; the three sorts by cursor, deleted and hidden floors, per-viewer
 * flags and the jump to a floor on read; likes and deletion with their counters; the kept counters
 * (reply_count, comment_count, ratings, the forum's 今日) equal to the rows; one reply for 20
 * concurrent creates with one key; /topic/replyPage agreeing with /reply/getPage; the notices.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyPage } from '../../contract/calls/community.ts';
import type { ForumGroup, MovieDetail, Page, Reply, UserBrief } from '../../contract/calls/content.ts';
import type { UploadedImage } from '../../contract/calls/member.ts';
import type { PublishResult } from '../../contract/calls/publish.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { communityCounterMismatches, replyLikeOffsets } from './community-counters.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import { png } from './upload-fixture.ts';

interface Member {
  id: number;
  token: string;
}

const key = (): string => randomBytes(12).toString('hex');

describe.each(DB_KINDS)('replies and movie comments on %s', (kind) => {
  let h: Harness;
  let a: Member;
  let b: Member;
  let c: Member;
  const uploadDir = mkdtempSync(join(tmpdir(), 'reply-uploads-'));
  const member = async (nickname: string): Promise<Member> => {
    const guest = await h.client.registerGuest();
    await h.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [guest.info.id, nickname]);
    return { id: guest.info.id, token: guest.token };
  };
  let seededLikes: Map<number, number>;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent, config: { UPLOAD_DIR: uploadDir } });
    seededLikes = await replyLikeOffsets(h.db);
    [a, b, c] = [await member('回复甲'), await member('回复乙'), await member('路人丙')];
  });
  afterAll(async () => {
    await h?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const send = (m: Member, payload: object) =>
    h.client
      .call<Reply>(API.replyCreate, { idempotencyKey: key(), ...payload }, { token: m.token })
      .then((r) => r.envelope);
  const create = async (m: Member, payload: object): Promise<Reply> => {
    const answer = await send(m, payload);
    if (answer.code !== 0) throw new Error(`create answered ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const page = (payload: object, m?: Member) => dataOf<ReplyPage>(h.client, API.replyPage, payload, m?.token);
  const refusal = (path: string, payload: object, m?: Member) => codeOf(h.client, path, payload, m?.token);
  const count = async (sql: string, params: unknown[] = []) => Number((await h.db.one<{ n: unknown }>(sql, params))!.n);
  const all = async (target: object, sort: string, viewer?: Member, pageSize = 2): Promise<Reply[]> => {
    const out: Reply[] = [];
    let cursor: string | null | undefined;
    do {
      const next = await page({ ...target, sort, pageSize, ...(cursor ? { cursor } : {}) }, viewer);
      out.push(...next.list);
      cursor = next.nextCursor;
    } while (cursor);
    return out;
  };

  it('writes floors after the existing ones, marks 楼主 and mine, counts the reply and answers it on the page', async () => {
    const target = { targetType: 'post', targetId: FX.topicWithReplies };
    const reply = await create(a, { ...target, body: '第一段 **重点**\n\n第二段' });
    expect(reply).toMatchObject({
      floor: 26,
      body: '第一段 **重点**\n\n第二段',
      author: { id: a.id, nickname: '回复甲' },
      likes: 0,
      images: [],
      quote: null,
      mentions: [],
      rating: null,
      byPostAuthor: false,
      liked: false,
      mine: true,
      deleted: false,
      hidden: false,
    });
    // The post's author replying under it is 楼主.
    await h.db.query('UPDATE posts SET author_id = $1 WHERE id = 104', [b.id]);
    expect((await create(b, { targetType: 'post', targetId: 104, body: '楼主来了' })).byPostAuthor).toBe(true);
    const first = await page({ ...target, pageSize: 1, sort: 'newest' });
    expect(first.total).toBe(26);
    expect(first.list[0]).toEqual({ ...reply, mine: false });
    expect((await page({ ...target, pageSize: 1, sort: 'newest' }, a)).list[0]).toEqual(reply);
  });

  it('refuses an unknown or hidden target (6), a bad quote, mention, rating or image (2), naming the field', async () => {
    expect(
      await refusal(API.replyCreate, { targetType: 'post', targetId: 999, body: 'x', idempotencyKey: key() }, a),
    ).toEqual({
      code: Code.NotFound,
      msg: '内容不存在：999',
    });
    expect(
      await refusal(API.replyCreate, { targetType: 'movie', targetId: 999, body: 'x', idempotencyKey: key() }, a),
    ).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
    await h.db.query('UPDATE posts SET hidden_at = now() WHERE id = 110');
    expect((await send(a, { targetType: 'post', targetId: 110, body: 'x' })).code).toBe(Code.NotFound);
    expect((await refusal(API.replyPage, { targetType: 'post', targetId: 110 })).code).toBe(Code.NotFound);
    // Its author still reads and answers under it.
    await h.db.query('UPDATE posts SET author_id = $1 WHERE id = 110', [c.id]);
    expect((await create(c, { targetType: 'post', targetId: 110, body: '作者自己' })).byPostAuthor).toBe(true);
    expect((await page({ targetType: 'post', targetId: 110 }, c)).list).toHaveLength(1);
    expect((await refusal(API.replyPage, { targetType: 'post', targetId: 110 }, a)).code).toBe(Code.NotFound);
    const other = await create(a, { targetType: 'post', targetId: 105, body: '别处的回复' });
    const bad = async (payload: object, field: RegExp) => {
      const answer = await send(a, { targetType: 'post', targetId: 106, body: '正文', ...payload });
      expect(answer.code, answer.msg).toBe(Code.InvalidParams);
      expect(answer.msg).toMatch(field);
    };
    await bad({ quoteId: other.id }, /quoteId/);
    await bad({ quoteId: 987654 }, /quoteId/);
    await bad({ mentions: [FX.otherSiteAuthor] }, /mentions.*9004/);
    await bad({ mentions: [a.id, 987654] }, /mentions.*987654/);
    await bad({ rating: 5 }, /rating/);
    await bad({ images: ['/uploads/0123456789abcdef0123456789abcdef.webp'] }, /images 中的图片不存在/);
    await bad({ images: Array(10).fill('/uploads/x.webp') }, /images 最多 9 张/);
    await bad({ body: '' }, /body/);
    await bad({ body: '   ' }, /body 不能为空/);
    await bad({ body: 'x'.repeat(5001) }, /body 长度不能超过 5000/);
    await bad({ targetType: 'user' }, /targetType/);
    await bad({ rating: 6, targetType: 'movie', targetId: 1 }, /rating/);
    await bad({ mentions: 'x' }, /mentions/);
    await bad({ targetId: 'x' }, /targetId 必须是数字/);
    await bad({ quoteId: -1 }, /quoteId 必须是正整数/);
    await bad({ mentions: [0] }, /mentions\.0 必须是正整数/);
    await bad({ idempotencyKey: 'short' }, /idempotencyKey/);
    // Nothing of the refused calls was written.
    expect(await count("SELECT count(*) AS n FROM replies WHERE target_type = 'post' AND target_id = 106")).toBe(0);
    expect(await count('SELECT floor_count AS n FROM posts WHERE id = 106')).toBe(0);
    expect(
      (await refusal(API.replyCreate, { targetType: 'post', targetId: 106, body: 'x', idempotencyKey: key() })).code,
    ).toBe(Code.SessionExpired);
  });

  it('quotes an earlier floor and mentions users, resolved on read; quotes of deleted replies show empty', async () => {
    const target = { targetType: 'post', targetId: 103 };
    const long = '引'.repeat(150);
    const quoted = await create(b, { ...target, body: long });
    const reply = await create(a, {
      ...target,
      body: '@回复乙 说得对',
      quoteId: quoted.id,
      mentions: [b.id, c.id, b.id],
    });
    expect(reply.quote).toEqual({
      id: quoted.id,
      floor: quoted.floor,
      author: { id: b.id, nickname: '回复乙', avatar: expect.any(String) },
      body: '引'.repeat(140),
      deleted: false,
    });
    expect(reply.mentions.map((u: UserBrief) => u.nickname)).toEqual(['回复乙', '路人丙']);
    expect(await dataOf(h.client, API.replyDelete, { id: quoted.id }, b.token)).toEqual({ deleted: true });
    const [, second] = (await page({ ...target })).list;
    expect(second?.quote).toMatchObject({ id: quoted.id, body: '', deleted: true });
    expect(second?.mentions).toHaveLength(2);
    const retry = await send(a, { ...target, body: '再引一次', quoteId: quoted.id });
    expect(retry).toMatchObject({ code: Code.InvalidParams });
    expect(retry.msg).toMatch(/quoteId/);
  });

  it('writes reply and mention notices with the floor link, none to oneself', async () => {
    const postAuthor = (await h.db.one<{ author_id: number }>('SELECT author_id FROM posts WHERE id = 201'))!.author_id;
    const quoted = await create(b, { targetType: 'post', targetId: 201, body: '被引用的' });
    const reply = await create(a, {
      targetType: 'post',
      targetId: 201,
      body: '回复 **加粗** 和提及',
      quoteId: quoted.id,
      mentions: [c.id, a.id],
    });
    const rows = await h.db.query<{ user_id: number; type: string; link: string; excerpt: string }>(
      'SELECT user_id, type, link, excerpt FROM notices WHERE reply_id = $1 ORDER BY type, user_id',
      [reply.id],
    );
    expect(rows).toEqual(
      [
        { user_id: c.id, type: 'mention' },
        { user_id: postAuthor, type: 'reply' },
        { user_id: b.id, type: 'reply' },
      ]
        .sort((x, y) => x.type.localeCompare(y.type) || x.user_id - y.user_id)
        .map((row) => ({ ...row, link: `/chigua/201?floor=${reply.floor}`, excerpt: '回复 加粗 和提及' })),
    );
    const comment = await create(a, { targetType: 'movie', targetId: 3, body: '好片', mentions: [b.id] });
    expect(await h.db.query('SELECT type, link FROM notices WHERE reply_id = $1', [comment.id])).toEqual([
      { type: 'mention', link: `/movie/3?floor=${comment.floor}` },
    ]);
  });

  it('pages oldest, newest and hottest by cursor to the end; refuses a malformed cursor naming it', async () => {
    const target = { targetType: 'post', targetId: FX.topicWithReplies };
    const oldest = await all(target, 'oldest', undefined, 7);
    const floors = oldest.map((r) => r.floor);
    expect(floors).toEqual([...floors].sort((x, y) => x - y));
    expect(new Set(floors).size).toBe(floors.length);
    expect((await all(target, 'newest')).map((r) => r.floor)).toEqual([...floors].reverse());
    const hottest = await all(target, 'hottest', undefined, 4);
    const expected = [...oldest].sort((x, y) => y.likes - x.likes || x.floor - y.floor);
    expect(hottest.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    // Ties of likes page by floor without a gap or a repeat.
    const tied = { targetType: 'post', targetId: 105 };
    for (let i = 0; i < 9; i++) await create(c, { ...tied, body: `并列${i}` });
    await h.db.query("UPDATE replies SET likes = floor % 3 WHERE target_type = 'post' AND target_id = 105");
    // Likes set by hand, without like rows, as the seed's are.
    const handSet = await h.db.query<{ id: unknown; likes: number }>(
      "SELECT id, likes FROM replies WHERE target_type = 'post' AND target_id = 105",
    );
    for (const row of handSet) seededLikes.set(Number(row.id), row.likes);
    const byFloor = await all(tied, 'oldest', undefined, 50);
    expect((await all(tied, 'hottest', undefined, 2)).map((r) => r.floor)).toEqual(
      [...byFloor].sort((x, y) => y.likes - x.likes || x.floor - y.floor).map((r) => r.floor),
    );
    const last = await page({ ...target, pageSize: 50 });
    expect(last.nextCursor).toBeNull();
    for (const cursor of ['zzz', 'n5', 'o-1', 'o1.2', 'h5', 'o99999999999', '']) {
      const answer = await refusal(API.replyPage, { ...target, cursor });
      expect(answer.code, cursor).toBe(Code.InvalidParams);
      expect(answer.msg).toMatch(/cursor/);
    }
    expect(await refusal(API.replyPage, { targetType: 'movie', targetId: 999 })).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
    expect((await refusal(API.replyPage, { ...target, sort: 'best' })).msg).toMatch(/sort/);
    expect((await refusal(API.replyPage, { ...target, pageSize: 51 })).msg).toMatch(/pageSize/);
  });

  it('jumps to a floor: its cursor starts the oldest page there; an unknown floor is code 6', async () => {
    const target = { targetType: 'post', targetId: FX.topicWithReplies };
    const { cursor } = await dataOf<{ cursor: string }>(h.client, API.replyFloor, { ...target, floor: 13 });
    expect((await page({ ...target, cursor, pageSize: 3 })).list.map((r) => r.floor)).toEqual([13, 14, 15]);
    const one = await dataOf<{ cursor: string }>(h.client, API.replyFloor, { ...target, floor: 1 });
    expect((await page({ ...target, cursor: one.cursor, pageSize: 1 })).list[0]?.floor).toBe(1);
    expect(await refusal(API.replyFloor, { ...target, floor: 999 })).toEqual({
      code: Code.NotFound,
      msg: '楼层不存在：999',
    });
    expect(await refusal(API.replyFloor, { ...target, floor: 0 })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：floor 必须是正整数',
    });
    expect((await refusal(API.replyFloor, { targetType: 'post', targetId: 999, floor: 1 })).code).toBe(Code.NotFound);
  });

  it('keeps deleted replies as floors and shows hidden ones to their author only', async () => {
    const target = { targetType: 'post', targetId: 107 };
    const [r1, r2, r3] = [
      await create(a, { ...target, body: '一楼', mentions: [b.id] }),
      await create(b, { ...target, body: '二楼' }),
      await create(a, { ...target, body: '三楼' }),
    ];
    expect(await refusal(API.replyDelete, { id: r2!.id }, a)).toEqual({
      code: Code.NotAllowed,
      msg: '只能删除自己的回复',
    });
    expect(await dataOf(h.client, API.replyDelete, { id: r1!.id }, a.token)).toEqual({ deleted: true });
    expect(await dataOf(h.client, API.replyDelete, { id: r1!.id }, a.token)).toEqual({ deleted: true });
    expect((await refusal(API.replyDelete, { id: 987654 }, a)).code).toBe(Code.NotFound);
    await h.db.query('UPDATE replies SET hidden_at = now() WHERE id = $1', [r3!.id]);
    const visitor = await page(target);
    expect(visitor.total).toBe(2);
    expect(visitor.list.map((r) => [r.floor, r.body, r.deleted, r.images, r.mentions])).toEqual([
      [1, '', true, [], []],
      [2, '二楼', false, [], []],
    ]);
    expect((await page(target, b)).list).toHaveLength(2);
    expect((await page(target, a)).list.map((r) => [r.floor, r.hidden, r.mine])).toEqual([
      [1, false, true],
      [2, false, false],
      [3, true, true],
    ]);
    expect((await create(b, { ...target, body: '四楼' })).floor).toBe(4);
    expect(await count('SELECT reply_count AS n FROM posts WHERE id = 107')).toBe(3);
    expect((await refusal(API.replyLike, { id: r3!.id, like: true }, b)).code).toBe(Code.NotFound);
    expect((await refusal(API.replyLike, { id: r1!.id, like: true }, b)).code).toBe(Code.NotFound);
  });

  it('likes and unlikes once per member with the counter, notifies the author once, answers a repeated key alike', async () => {
    const reply = await create(a, { targetType: 'post', targetId: 108, body: '求赞' });
    const like = (m: Member, value: boolean, idempotencyKey?: string) =>
      dataOf(
        h.client,
        API.replyLike,
        { id: reply.id, like: value, ...(idempotencyKey ? { idempotencyKey } : {}) },
        m.token,
      );
    expect(await like(b, true)).toEqual({ liked: true, likes: 1 });
    expect(await like(b, true)).toEqual({ liked: true, likes: 1 });
    expect(await like(c, true)).toEqual({ liked: true, likes: 2 });
    expect(await like(b, false)).toEqual({ liked: false, likes: 1 });
    expect(await like(b, false)).toEqual({ liked: false, likes: 1 });
    expect(await like(b, true)).toEqual({ liked: true, likes: 2 });
    const once = key();
    expect(await like(a, true, once)).toEqual({ liked: true, likes: 3 });
    expect(await like(a, true, once)).toEqual({ liked: true, likes: 3 });
    expect(await count('SELECT count(*) AS n FROM reply_likes WHERE reply_id = $1', [reply.id])).toBe(3);
    expect(await count("SELECT count(*) AS n FROM notices WHERE type = 'like' AND reply_id = $1", [reply.id])).toBe(2);
    const seen = await page({ targetType: 'post', targetId: 108 }, b);
    expect(seen.list[0]).toMatchObject({ likes: 3, liked: true, mine: false });
    expect((await page({ targetType: 'post', targetId: 108 })).list[0]?.liked).toBe(false);
    expect((await refusal(API.replyLike, { id: 987654, like: true }, b)).code).toBe(Code.NotFound);
    expect((await refusal(API.replyLike, { id: reply.id, like: 'yes' }, b)).msg).toMatch(/like/);
    expect((await refusal(API.replyLike, { id: reply.id, like: true })).code).toBe(Code.SessionExpired);
  });

  it('rates a movie once per member: the score and comment count follow creates and deletes (/movie/detail)', async () => {
    const movie = 2;
    const detail = () => dataOf<MovieDetail>(h.client, API.movieDetail, { id: movie });
    expect((await detail()).score).toEqual({ average: 0, count: 0 });
    const rated = await create(a, { targetType: 'movie', targetId: movie, body: '五星', rating: 5 });
    expect(rated).toMatchObject({ rating: 5, floor: 1, byPostAuthor: false });
    await create(b, { targetType: 'movie', targetId: movie, body: '两星', rating: 2 });
    await create(b, { targetType: 'movie', targetId: movie, body: '补充一句' });
    expect(await detail()).toMatchObject({ commentCount: 3, score: { average: 3.5, count: 2 } });
    expect(await send(a, { targetType: 'movie', targetId: movie, body: '再评一次', rating: 4 })).toMatchObject({
      code: Code.AlreadyDone,
      msg: '你已经评过分了',
    });
    await dataOf(h.client, API.replyDelete, { id: rated.id }, a.token);
    expect(await detail()).toMatchObject({ commentCount: 2, score: { average: 2, count: 1 } });
    expect((await create(a, { targetType: 'movie', targetId: movie, body: '改评', rating: 4 })).floor).toBe(4);
    expect(await detail()).toMatchObject({ commentCount: 3, score: { average: 3, count: 2 } });
    const comments = await page({ targetType: 'movie', targetId: movie });
    expect(comments.total).toBe(3);
    expect(comments.list.map((r) => [r.floor, r.rating, r.deleted])).toEqual([
      [1, null, true],
      [2, 2, false],
      [3, null, false],
      [4, 4, false],
    ]);
  });

  it('takes uploaded images like /topic/publish', async () => {
    const upload = await h.client.postMultipart<UploadedImage>(
      API.uploadImage,
      [
        { name: 'purpose', data: 'post' },
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: await png(300, 200) },
      ],
      { token: a.token },
    );
    const { url } = upload.envelope.data;
    const reply = await create(a, { targetType: 'post', targetId: 109, body: '有图', images: [url, url] });
    expect(reply.images).toEqual([url]);
    expect((await page({ targetType: 'post', targetId: 109 })).list[0]?.images).toEqual([url]);
  });

  it('gives one reply for 20 concurrent creates with one key, each answered alike', async () => {
    const idempotencyKey = key();
    const payload = { targetType: 'post', targetId: 112, body: '只发一次', idempotencyKey };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.client.call<Reply>(API.replyCreate, payload, { token: c.token })),
    );
    const ids = new Set(answers.map((r) => (r.envelope.code === 0 ? r.envelope.data.id : r.envelope.msg)));
    expect([...ids]).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM replies WHERE target_id = 112 AND body = '只发一次'")).toBe(1);
    expect(await count('SELECT reply_count AS n FROM posts WHERE id = 112')).toBe(1);
    // The same key for another call is refused; a different key writes the next floor.
    expect((await refusal(API.replyLike, { id: [...ids][0], like: true, idempotencyKey }, c)).code).toBe(
      Code.InvalidParams,
    );
    expect((await create(c, { targetType: 'post', targetId: 112, body: '第二条' })).floor).toBe(2);
  });

  it('raises the forum group’s 今日 count with a reply under a topic and with a published topic', async () => {
    const today = async () =>
      (await dataOf<ForumGroup>(h.client, API.forumDetail, { topicId: FX.forumGroup.topicId })).todayCount;
    const before = await today();
    await create(b, { targetType: 'post', targetId: 111, body: '今日的回复' });
    expect(await today()).toBe(before + 1);
    const published = await h.client.call<PublishResult>(
      API.topicPublish,
      { title: '新话题', body: '正文', topicId: FX.forumGroup.topicId },
      { token: b.token },
    );
    expect(published.envelope.code, published.envelope.msg).toBe(0);
    expect(await today()).toBe(before + 2);
    // A reply under a chigua post or a movie comment is not a forum write.
    await create(b, { targetType: 'post', targetId: 202, body: '吃瓜' });
    expect(await today()).toBe(before + 2);
    const groups = await dataOf<ForumGroup[]>(h.client, API.forumList);
    expect(groups.find((g) => g.topicId === FX.forumGroup.topicId)?.todayCount).toBe(before + 2);
  });

  it('keeps every counter equal to its rows; /topic/replyPage agrees with /reply/getPage', async () => {
    const target = { targetType: 'post', targetId: FX.topicWithReplies };
    const mine = await create(c, { ...target, body: '待删除' });
    await dataOf(h.client, API.replyDelete, { id: mine.id }, c.token);
    expect(await communityCounterMismatches(h.db, seededLikes)).toEqual([]);
    const topicPage = await dataOf<Page<Reply>>(
      h.client,
      API.topicReplies,
      { id: FX.topicWithReplies, page: 2, pageSize: 10 },
      a.token,
    );
    const keyset = await all(target, 'oldest', a, 10);
    expect(topicPage.total).toBe((await page(target)).total);
    expect(topicPage.list).toEqual(keyset.slice(10, 20));
    expect(topicPage.list[0]?.floor).toBe(11);
  });

  it('suggests nicknames of the site for @mentions: starting with the keyword first, at most 8', async () => {
    for (let i = 0; i < 10; i++) await member(`影迷${i}号`);
    const suggest = (keyword: string) => dataOf<UserBrief[]>(h.client, API.userSuggest, { keyword });
    const fans = await suggest('影迷');
    expect(fans).toHaveLength(8);
    expect(fans.every((u) => u.nickname.startsWith('影迷'))).toBe(true);
    expect((await suggest('回复')).map((u) => u.nickname)).toEqual(['回复甲', '回复乙']);
    expect((await suggest('乙')).map((u) => u.id)).toEqual([b.id]);
    expect(await suggest('隔壁')).toEqual([]); // another site's user
    expect(await suggest('%')).toEqual([]);
    expect(await refusal(API.userSuggest, { keyword: ' ' })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：keyword 不能为空',
    });
  });
});
