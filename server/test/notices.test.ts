import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticePage, UnreadCounts } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import {
  newMember,
  noticeOf,
  notify,
  NX,
  replyVia,
  seedNoticeTargets,
  setPostAuthor,
  writeReply,
  type Member,
} from './notice-fixture.ts';

const counts = (partial: Partial<UnreadCounts>): UnreadCounts => ({
  reply: 0,
  mention: 0,
  like: 0,
  system: 0,
  total: 0,
  ...partial,
});

describe.each(DB_KINDS)('notices (the inbox) on %s', (kind) => {
  let h: Harness;
  let owner: Member;
  let alice: Member;
  let bob: Member;
  const page = (member: Member, payload: object = {}) =>
    dataOf<NoticePage>(h.client, API.noticePage, payload, member.token);
  const unread = (member: Member) => dataOf<UnreadCounts>(h.client, API.noticeUnread, {}, member.token);

  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedNoticeTargets, config: { PUSH_JOBS: 'off' } });
    [owner, alice, bob] = [await newMember(h, '楼主'), await newMember(h, '爱丽丝'), await newMember(h, '鲍勃')];
  });
  afterAll(() => h?.close());

  it('writes notices with the actor, target title, floor and link; never to the actor; one per like', async () => {
    const first = await writeReply(h.db, alice.id, '沙发！');
    const long = `${'😀'.repeat(100)}${'字'.repeat(100)}`;
    const second = await writeReply(h.db, bob.id, long);
    const comment = await writeReply(h.db, alice.id, '好看', { targetType: 'movie', targetId: NX.movie });
    await notify(h.db, [
      noticeOf('reply', owner.id, alice.id, first),
      noticeOf('reply', alice.id, alice.id, first), // to herself: skipped
      noticeOf('mention', owner.id, bob.id, second),
      noticeOf('like', alice.id, bob.id, comment),
    ]);
    await notify(h.db, [noticeOf('like', alice.id, bob.id, comment)]); // liked again after an unlike
    const mine = await page(owner);
    expect(mine.nextCursor).toBeNull();
    expect(mine.list).toHaveLength(2);
    const [mention, reply] = mine.list;
    expect(reply).toMatchObject({
      type: 'reply',
      actor: { id: alice.id, nickname: '爱丽丝' },
      targetType: 'post',
      targetId: NX.post,
      targetTitle: NX.postTitle,
      replyId: first.id,
      floor: first.floor,
      excerpt: '沙发！',
      link: `/topic/${NX.post}?floor=${first.floor}`,
      read: false,
    });
    expect(Math.abs(reply!.createdAt - Date.now())).toBeLessThan(60_000);
    // Cut to 140 code points (an emoji is one code point, two UTF-16 units).
    expect(Array.from(mention!.excerpt)).toHaveLength(140);
    expect(mention!.excerpt).toBe(`${'😀'.repeat(100)}${'字'.repeat(40)}`);
    expect(mention!.floor).toBe(second.floor);
    const hers = await page(alice);
    expect(hers.list.map((n) => [n.type, n.targetTitle, n.actor?.nickname])).toEqual([['like', NX.movieTitle, '鲍勃']]);
    expect(hers.list[0]!.link).toBe(`/movie/${NX.movie}?floor=${comment.floor}`);
    const welcome = {
      userId: bob.id,
      type: 'system',
      actorId: null,
      replyId: null,
      excerpt: '欢迎',
      link: '/mine',
    } as const;
    await notify(h.db, [{ ...welcome, targetType: null, targetId: null }]);
    expect((await page(bob)).list[0]).toMatchObject({
      type: 'system',
      actor: null,
      targetTitle: '',
      floor: null,
      excerpt: '欢迎',
    });
  });

  it('pages newest first by cursor, per type, without overlap', async () => {
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push(await writeReply(h.db, bob.id, `第${i}条`));
    for (const r of replies) await notify(h.db, [noticeOf(r.floor % 2 ? 'reply' : 'mention', owner.id, bob.id, r)]);
    const all = await page(owner, { pageSize: 50 });
    const ids = all.list.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.list[0]!.excerpt).toBe('第4条');
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const next: NoticePage = await page(owner, { pageSize: 2, ...(cursor ? { cursor } : {}) });
      expect(next.list.length).toBeLessThanOrEqual(2);
      seen.push(...next.list.map((n) => n.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const mentions = await page(owner, { type: 'mention', pageSize: 50 });
    expect(mentions.list.every((n) => n.type === 'mention')).toBe(true);
    expect(mentions.list.length + (await page(owner, { type: 'reply', pageSize: 50 })).list.length).toBe(ids.length);
    expect(await codeOf(h.client, API.noticePage, { cursor: 'abc' }, owner.token)).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：cursor 无效',
    });
    expect((await codeOf(h.client, API.noticePage, { type: 'song' }, owner.token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.noticePage, { pageSize: 51 }, owner.token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.noticePage, {})).code).toBe(Code.SessionExpired);
  });

  it('counts unread per type and marks read by ids (own only), by type, or all', async () => {
    const before = await unread(owner);
    const { list } = await page(owner, { pageSize: 50 });
    const byType = (type: string) => list.filter((n) => n.type === type).length;
    expect(before).toEqual(counts({ reply: byType('reply'), mention: byType('mention'), total: list.length }));
    expect(await unread(alice)).toEqual(counts({ like: 1, total: 1 }));

    const aliceNotice = (await page(alice)).list[0]!;
    const firstReply = list.find((n) => n.type === 'reply')!;
    const after = await dataOf<UnreadCounts>(
      h.client,
      API.noticeRead,
      { ids: [firstReply.id, aliceNotice.id] },
      owner.token,
    );
    expect(after).toEqual({ ...before, reply: before.reply - 1, total: before.total - 1 });
    expect(await unread(alice)).toEqual(counts({ like: 1, total: 1 })); // not hers to read by owner
    expect((await page(owner, { pageSize: 50 })).list.find((n) => n.id === firstReply.id)?.read).toBe(true);

    const noMentions = await dataOf<UnreadCounts>(h.client, API.noticeRead, { type: 'mention' }, owner.token);
    expect(noMentions).toEqual({ ...after, mention: 0, total: after.reply });
    expect(await dataOf<UnreadCounts>(h.client, API.noticeRead, {}, owner.token)).toEqual(counts({}));
    expect((await page(owner, { pageSize: 50 })).list.every((n) => n.read)).toBe(true);
    expect(await unread(alice)).toEqual(counts({ like: 1, total: 1 }));

    expect(await codeOf(h.client, API.noticeRead, { ids: [1], type: 'reply' }, owner.token)).toMatchObject({
      code: Code.InvalidParams,
    });
    expect((await codeOf(h.client, API.noticeRead, { ids: [] }, owner.token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.noticeRead, { ids: ['x'] }, owner.token)).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.noticeUnread, {})).code).toBe(Code.SessionExpired);
  });
  it('gets the notices of replies, quotes, mentions and likes made through the calls', async () => {
    await setPostAuthor(h.db, owner.id);
    await dataOf(h.client, API.noticeRead, {}, alice.token);
    await dataOf(h.client, API.noticeRead, {}, owner.token);
    const first = await replyVia(h, alice, '楼主好');
    const second = await replyVia(h, bob, '同意楼上', { quoteId: first.id, mentions: [owner.id] });
    expect(await unread(owner)).toEqual(counts({ reply: 2, mention: 1, total: 3 }));
    expect(await unread(alice)).toEqual(counts({ reply: 1, total: 1 })); // quoted
    const [mention] = (await page(owner, { type: 'mention' })).list;
    expect(mention).toMatchObject({
      actor: { id: bob.id, nickname: '鲍勃' },
      targetTitle: NX.postTitle,
      replyId: second.id,
      floor: second.floor,
      excerpt: '同意楼上',
      link: `/topic/${NX.post}?floor=${second.floor}`,
    });
    for (const like of [true, false, true]) {
      await dataOf(h.client, API.replyLike, { id: first.id, like }, bob.token);
    }
    await dataOf(h.client, API.replyLike, { id: first.id, like: true }, alice.token); // her own: no notice
    expect(await unread(alice)).toEqual(counts({ reply: 1, like: 1, total: 2 }));
    const likes = (await page(alice, { type: 'like' })).list.filter((n) => n.replyId === first.id);
    expect(likes.map((n) => [n.actor?.id, n.read])).toEqual([[bob.id, false]]);

    // A reply deleted since: its notices keep their place, without its text.
    await dataOf(h.client, API.replyDelete, { id: second.id }, bob.token);
    const after = await page(owner, { type: 'mention' });
    expect(after.list[0]).toMatchObject({ replyId: second.id, floor: second.floor, excerpt: '' });
  });
});
