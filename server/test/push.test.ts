/**
 * Web Push end to end: subscriptions through the calls, replies through /reply/create, the push job
 * posting to a local push service (push-service.ts) that checks VAPID and decrypts RFC 8291.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticePage } from '../../contract/calls/community.ts';
import { API } from '../../contract/calls/paths.ts';
import { readPushPayload } from '../../contract/push-payload.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { storedVapidKeys } from '../db/push.ts';
import { MAX_ATTEMPTS, PushJobs, RETRY_BASE_MS } from '../jobs/push-jobs.ts';
import { ENDPOINT_REFUSED } from '../jobs/push-messages.ts';
import { Outbound } from '../net/outbound.ts';
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
import { stubResolver } from './outbound-fixture.ts';
import { decryptPush, FakePushService, newSubscriber, verifyVapid, type Subscriber } from './push-service.ts';

interface Delivery {
  state: string;
  attempts: number;
  lastError: string | null;
  dueInMs: number;
}

const REFUSED = `参数错误：${ENDPOINT_REFUSED}`;

describe.each(DB_KINDS)('Web Push on %s', (kind) => {
  let h: Harness;
  let service: FakePushService;
  let owner: Member;
  let replier: Member;
  let publicKey: string;

  const subscribe = async (member: Member, subscriber: Subscriber, types?: string[]) => {
    const endpoint = service.endpoint();
    await dataOf(h.client, API.pushSubscribe, { endpoint, keys: subscriber.keys, types }, member.token);
    return endpoint;
  };
  /** The replier answers the owner's post; the notice the reply engine writes with it. */
  const replyToOwner = async (body: string) => {
    const reply = await writeReply(h.db, replier.id, body);
    await notify(h.db, [noticeOf('reply', owner.id, replier.id, reply)]);
    return reply;
  };
  /** Runs the job until nothing due is left. */
  const runJob = async () => {
    h.app.pushJobs.wake();
    await h.app.pushJobs.idle();
  };
  const deliveriesTo = (endpoint: string) =>
    h.db.query<Delivery>(
      `SELECT d.state, d.attempts, d.last_error AS "lastError",
         (extract(epoch FROM d.next_at - now()) * 1000)::float8 AS "dueInMs"
       FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = $1 ORDER BY d.id`,
      [endpoint],
    );
  const subscriptionCount = async (endpoint: string) =>
    (await h.db.one<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = $1', [
      endpoint,
    ]))!.n;

  beforeAll(async () => {
    service = await FakePushService.start();
    h = await createHarness(kind, {
      seed: seedNoticeTargets,
      config: { OUTBOUND_TEST_HOSTS: 'loopback', PUSH_POLL_MS: 50 },
      // A public-looking name one of whose addresses is private.
      resolve: stubResolver({ 'push.rebind.example': ['127.0.0.1', '10.0.0.7'] }),
    });
    [owner, replier] = [await newMember(h, '楼主'), await newMember(h, '回复者')];
    await setPostAuthor(h.db, owner.id);
    ({ publicKey } = await dataOf<{ publicKey: string }>(h.client, API.pushVapidKey));
  });
  afterAll(async () => {
    await h?.close();
    await service?.close();
  });

  it('keeps one VAPID key pair in the store, which every caller shares', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const stored = await h.db.one<{ value: { publicKey: string } }>(
      `SELECT value FROM server_keys WHERE name = 'vapid'`,
    );
    expect(stored?.value.publicKey).toBe(publicKey);
    const other = { publicKey: 'other', privateKey: 'other' };
    // Another process starting at the same time keeps the pair stored first.
    expect((await storedVapidKeys(h.db, () => other)).publicKey).toBe(publicKey);
    expect((await dataOf<{ publicKey: string }>(h.client, API.pushVapidKey)).publicKey).toBe(publicKey);
  });

  it('sends the reply as an RFC 8291 message signed with VAPID, which decrypts to its text', async () => {
    const subscriber = newSubscriber();
    const endpoint = await subscribe(owner, subscriber);
    const reply = await replyVia(h, replier, '楼主说得对，我来补充一点 🎬');
    // The polling job sends it without being woken.
    const [request] = await service.waitFor(endpoint);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe(String(24 * 3600));
    expect(request!.headers.urgency).toBe('normal');
    const { key, claims } = verifyVapid(request!.headers.authorization, service.origin);
    expect(key).toBe(publicKey);
    expect(claims.sub).toBe('mailto:ops@example.com');
    const text = decryptPush(subscriber, request!.body);
    const message = JSON.parse(text) as Record<string, unknown>;
    const notice = await h.db.one<{ id: number }>('SELECT id FROM notices WHERE reply_id = $1', [reply.id]);
    expect(message).toEqual({
      title: '回复者 回复了你',
      body: reply.body,
      link: `/topic/${NX.post}?floor=${reply.floor}`,
      type: 'reply',
      noticeId: notice!.id,
      unread: 1, // the owner's unread notices, for the app icon's badge
    });
    expect(readPushPayload(text)).toEqual(message); // what the service worker reads
    await h.app.pushJobs.idle();
    expect((await deliveriesTo(endpoint)).map((d) => [d.state, d.attempts])).toEqual([['sent', 1]]);
    // Another subscriber's keys cannot open it.
    expect(() => decryptPush(newSubscriber(), request!.body)).toThrow();
  });

  it('never makes the call that caused a push wait for the push service', async () => {
    const endpoint = await subscribe(owner, newSubscriber());
    service.hold(); // the push service takes the request and does not answer
    try {
      await replyVia(h, replier, '服务没有应答');
      await service.waitFor(endpoint);
      // While the job's request hangs, replies (and their notices) are written and read as usual.
      const next = await replyVia(h, replier, '照样能回复');
      expect((await dataOf<NoticePage>(h.client, API.noticePage, {}, owner.token)).list[0]?.replyId).toBe(next.id);
      expect((await deliveriesTo(endpoint)).map((d) => d.state)).toEqual(['pending', 'pending']);
    } finally {
      service.release();
    }
    await service.waitFor(endpoint, 2);
    await runJob();
    expect((await deliveriesTo(endpoint)).map((d) => d.state)).toEqual(['sent', 'sent']);
  });

  it('queues pushes only for the types a subscription wants, and never to the actor', async () => {
    const subscriber = newSubscriber();
    const endpoint = await subscribe(owner, subscriber, ['mention']);
    // The post's author is replied to and mentioned; the replier's mention of themself is no notice.
    await replyVia(h, replier, '@楼主 只是回复', { mentions: [owner.id, replier.id] });
    await runJob();
    const received = service.to(endpoint);
    expect(received.map((r) => (JSON.parse(decryptPush(subscriber, r.body)) as { type: string }).type)).toEqual([
      'mention',
    ]);
  });

  it('drops a subscription whose endpoint answers 410 (and 404), with its deliveries', async () => {
    for (const status of [410, 404]) {
      const endpoint = await subscribe(owner, newSubscriber());
      service.answer(endpoint, status);
      await replyToOwner(`过期 ${status}`);
      await runJob();
      expect(service.to(endpoint)).toHaveLength(1);
      expect(await subscriptionCount(endpoint)).toBe(0);
      expect(await deliveriesTo(endpoint)).toEqual([]);
    }
  });

  it('retries a failed send with backoff and sends it later; fails for good after the last attempt', async () => {
    const subscriber = newSubscriber();
    const endpoint = await subscribe(owner, subscriber);
    service.answer(endpoint, 500);
    const reply = await replyToOwner('第二次才送达');
    await runJob();
    const [waiting] = await deliveriesTo(endpoint);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('500');
    expect(waiting!.dueInMs).toBeGreaterThan(RETRY_BASE_MS - 5_000);
    await runJob(); // not due yet: nothing sent
    expect(service.to(endpoint)).toHaveLength(1);
    await h.db.query(`UPDATE push_deliveries SET next_at = now() WHERE state = 'pending'`);
    await runJob();
    const requests = service.to(endpoint);
    expect(requests).toHaveLength(2);
    expect((JSON.parse(decryptPush(subscriber, requests[1]!.body)) as { body: string }).body).toBe(reply.body);
    expect(await deliveriesTo(endpoint)).toMatchObject([{ state: 'sent', attempts: 2 }]);

    const failing = await subscribe(owner, newSubscriber());
    service.answer(failing, ...Array<number>(MAX_ATTEMPTS + 1).fill(503));
    await replyToOwner('永远送不到');
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await runJob();
      const [d] = await deliveriesTo(failing);
      delays.push(d!.dueInMs);
      await h.db.query(`UPDATE push_deliveries SET next_at = now() WHERE state = 'pending'`);
    }
    expect(service.to(failing)).toHaveLength(MAX_ATTEMPTS);
    const [failed] = await deliveriesTo(failing);
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(failed!.lastError).toContain('503');
    // Exponential: each wait about twice the one before.
    expect(delays[1]! / delays[0]!).toBeCloseTo(2, 0);
    expect(delays[3]! / delays[2]!).toBeCloseTo(2, 0);
    await runJob();
    expect(service.to(failing)).toHaveLength(MAX_ATTEMPTS);
  });

  it('drops unsent a push whose notice was read or whose reply was deleted in the meantime', async () => {
    const endpoint = await subscribe(owner, newSubscriber());
    service.answer(endpoint, 500, 500);
    const read = await replyVia(h, replier, '楼主会先在收件箱看到');
    const deleted = await replyVia(h, replier, '马上删掉');
    await runJob(); // both refused once by the service: retried later
    expect((await deliveriesTo(endpoint)).map((d) => d.state)).toEqual(['pending', 'pending']);
    const readNotice = await h.db.one<{ id: number }>('SELECT id FROM notices WHERE reply_id = $1', [read.id]);
    await dataOf(h.client, API.noticeRead, { ids: [readNotice!.id] }, owner.token);
    await dataOf(h.client, API.replyDelete, { id: deleted.id }, replier.token);
    await h.db.query(`UPDATE push_deliveries SET next_at = now() WHERE state = 'pending'`);
    await runJob();
    expect(service.to(endpoint)).toHaveLength(2);
    expect(await deliveriesTo(endpoint)).toEqual([]);
  });

  it('sends each delivery once when two processes poll together', async () => {
    const subscriber = newSubscriber();
    const endpoint = await subscribe(owner, subscriber);
    const replies = [];
    for (let i = 0; i < 30; i += 1) replies.push(await writeReply(h.db, replier.id, `并发 ${i}`));
    await notify(
      h.db,
      replies.map((r) => noticeOf('reply', owner.id, replier.id, r)),
    );
    // A second server process's job.
    const other = new PushJobs(h.db, h.config, h.app.log, new Outbound({ testHosts: 'loopback' }));
    h.app.pushJobs.wake();
    other.wake();
    await Promise.all([h.app.pushJobs.idle(), other.idle()]);
    const bodies = service
      .to(endpoint)
      .map((r) => (JSON.parse(decryptPush(subscriber, r.body)) as { body: string }).body);
    expect(bodies.sort()).toEqual(replies.map((r) => r.body).sort());
    expect(new Set((await deliveriesTo(endpoint)).map((d) => `${d.state}/${d.attempts}`))).toEqual(new Set(['sent/1']));
  });

  it('sweeps deliveries done a week ago, keeping pending ones', async () => {
    const endpoint = await subscribe(owner, newSubscriber());
    service.answer(endpoint, 201, 500);
    await replyToOwner('已送达');
    await replyToOwner('待重试');
    await runJob();
    expect((await deliveriesTo(endpoint)).map((d) => d.state).sort()).toEqual(['pending', 'sent']);
    await h.db.query(`UPDATE push_deliveries SET created_at = now() - interval '8 days'`);
    expect(await h.app.pushJobs.sweep()).toBeGreaterThanOrEqual(1);
    expect((await deliveriesTo(endpoint)).map((d) => d.state)).toEqual(['pending']);
    await h.db.query(`UPDATE push_deliveries SET next_at = now() WHERE state = 'pending'`);
  });

  it('keeps one subscription per device and lets an endpoint move to another user', async () => {
    const first = await subscribe(owner, newSubscriber());
    const second = await subscribe(owner, newSubscriber()); // the same session's device subscribes anew
    expect(await subscriptionCount(first)).toBe(0);
    expect(await subscriptionCount(second)).toBe(1);
    const again = await dataOf<{ types: string[] }>(
      h.client,
      API.pushSubscribe,
      { endpoint: second, keys: newSubscriber().keys, types: ['like', 'reply', 'like'] },
      owner.token,
    );
    expect(again.types).toEqual(['reply', 'like']);
    const rows = await h.db.query<{ types: string[]; userId: number }>(
      'SELECT types, user_id AS "userId" FROM push_subscriptions WHERE endpoint = $1',
      [second],
    );
    expect(rows).toEqual([{ types: ['reply', 'like'], userId: owner.id }]);
    // The browser signed in as someone else: the endpoint is now theirs, with nothing of the owner's queued.
    await replyToOwner('排队中');
    await h.db.query(`UPDATE push_deliveries SET next_at = now() + interval '1 hour' WHERE state = 'pending'`);
    await dataOf(h.client, API.pushSubscribe, { endpoint: second, keys: newSubscriber().keys }, replier.token);
    expect(await h.db.query('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [second])).toEqual([
      { user_id: replier.id },
    ]);
    expect(await deliveriesTo(second)).toEqual([]);
    expect(await dataOf(h.client, API.pushUnsubscribe, { endpoint: second }, owner.token)).toEqual({ removed: false });
    expect(await dataOf(h.client, API.pushUnsubscribe, { endpoint: second }, replier.token)).toEqual({ removed: true });
    expect(await subscriptionCount(second)).toBe(0);
    await h.db.query(`UPDATE push_deliveries SET next_at = now() WHERE state = 'pending'`);
  });

  it('takes only HTTPS endpoints on public hosts (loopback HTTP only in test mode), and checks keys', async () => {
    const keys = newSubscriber().keys;
    const refused = [
      'http://push.example.com/x',
      'https://10.1.2.3/x',
      'https://172.16.0.9/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd12:3456::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://intranet/x',
      'https://user:secret@push.example.com/x',
      'http://127.0.0.2:9/x',
      'ftp://push.example.com/x',
      'not a url',
    ];
    for (const endpoint of refused) {
      expect(await codeOf(h.client, API.pushSubscribe, { endpoint, keys }, owner.token), endpoint).toEqual({
        code: Code.InvalidParams,
        msg: REFUSED,
      });
    }
    await dataOf(
      h.client,
      API.pushSubscribe,
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
      owner.token,
    );
    await dataOf(h.client, API.pushUnsubscribe, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, owner.token);
    const bad = (patch: object) =>
      codeOf(h.client, API.pushSubscribe, { endpoint: service.endpoint(), keys: { ...keys, ...patch } }, owner.token);
    expect(await bad({ p256dh: Buffer.alloc(65, 4).toString('base64url') })).toEqual({
      code: Code.InvalidParams,
      msg: '参数错误：keys.p256dh 不是有效的 P-256 公钥',
    });
    expect((await bad({ auth: Buffer.alloc(15).toString('base64url') })).msg).toContain('keys.auth');
    expect((await bad({ auth: 'not base64!' })).code).toBe(Code.InvalidParams);
    expect((await codeOf(h.client, API.pushSubscribe, { endpoint: service.endpoint(), keys })).code).toBe(
      Code.SessionExpired,
    );
  });

  it('refuses at send time an endpoint that is no longer allowed, without posting to it', async () => {
    await h.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [owner.id]);
    const row = await h.db.one<{ id: number }>(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, types)
       VALUES ($1, 'https://10.0.0.7/push', $2, $3, '{reply}') RETURNING id`,
      [owner.id, newSubscriber().keys.p256dh, newSubscriber().keys.auth],
    );
    const before = service.received.length;
    await replyToOwner('不该发往内网');
    await runJob();
    expect(await h.db.one('SELECT id FROM push_subscriptions WHERE id = $1', [row!.id])).toBeUndefined();
    expect(service.received.length).toBe(before);
  });

  it('refuses at send time a name that resolves to a private address, without posting to it', async () => {
    await h.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [owner.id]);
    const endpoint = 'https://push.rebind.example/push/1';
    await dataOf(h.client, API.pushSubscribe, { endpoint, keys: newSubscriber().keys }, owner.token);
    const before = service.received.length;
    await replyToOwner('不该发往解析到内网的域名');
    await runJob();
    const [delivery] = await deliveriesTo(endpoint);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    expect(delivery!.lastError).toContain('resolves to an address that is not public');
    expect(service.received.length).toBe(before);
    await h.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [owner.id]);
  });
});
