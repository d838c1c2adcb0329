/**
 * Sessions are per site and checked on every member call: a token of one
 * site is refused by another site of the same server; every call with auth 'user' refuses a missing,
 * malformed, unknown, expired or other-site token with code 7; and the calls open to visitors without
 * a session are exactly the reviewed list below (a new public call must be added here on purpose).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newDeviceId } from '../../contract/protocol/ids.ts';
import { ALL_CALLS } from '../app.ts';
import { hashToken } from '../db/sessions.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const SECOND = { accountId: '10002', appId: 'second' };

/** Calls a visitor may make without a session: sign-in and reading public content. */
const PUBLIC_CALLS = new Set<string>([
  API.registerDevice,
  API.loginDevice,
  API.loginAccount,
  API.init,
  API.home,
  API.banners,
  API.bannerClick,
  API.categoryTree,
  API.categoryDetail,
  API.cdnLines,
  API.dictionary,
  API.hotTags,
  API.allTags,
  API.tagDetail,
  API.moviePage,
  API.movieDetail,
  API.moviePlay,
  API.topicPage,
  API.topicDetail,
  API.topicReplies,
  API.forumList,
  API.forumDetail,
  API.chiguaPage,
  API.chiguaDetail,
  API.archivesPage,
  API.archivesDetail,
  API.userPage,
  API.userDetail,
  API.featuredList,
  API.featuredDetail,
  // Search: anyone may search; a search is counted for hot searches by a hashed address, not a session.
  API.searchAll,
  API.searchMovies,
  API.searchPosts,
  API.searchUsers,
  API.searchSuggest,
  API.searchHot,
  API.typeInfo,
  API.typePage,
  // The HLS job state of a published topic's video: public like the topic itself.
  API.topicVideo,
  // The server's VAPID public key, which a browser needs to subscribe (nothing of the user's).
  API.pushVapidKey,
  // Replies, comments and danmaku are read by visitors too; a session only adds the viewer's own
  // flags (liked, mine, their hidden items). Nicknames for @mentions are public like /user pages.
  API.replyPage,
  API.replyFloor,
  API.danmakuRange,
  API.userSuggest,
]);

describe.each(DB_KINDS)('sessions per site on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      seed: (db) =>
        db.exec(
          `INSERT INTO sites (account_id, app_id, host, title) VALUES ('${SECOND.accountId}', '${SECOND.appId}', 'second.example', '第二站')`,
        ),
    });
  });
  afterAll(() => h?.close());

  const current = (token: string, site?: typeof SECOND) => h.client.call(API.current, {}, { token, ...site });

  it('refuses one site’s token on another site of the same server, both ways', async () => {
    const first = await h.client.registerGuest();
    expect((await current(first.token)).envelope.code).toBe(Code.Ok);
    expect((await current(first.token, SECOND)).envelope).toMatchObject({
      code: Code.SessionExpired,
      msg: '登录已过期，请重新登录',
    });

    const deviceId = newDeviceId();
    const second = await h.client.call<{ token: string; info: { id: number } }>(
      API.registerDevice,
      { deviceId, deviceType: 3 },
      SECOND,
    );
    expect(second.envelope.code).toBe(Code.Ok);
    expect((await current(second.envelope.data.token, SECOND)).envelope.data).toMatchObject({
      id: second.envelope.data.info.id,
    });
    expect((await current(second.envelope.data.token)).envelope.code).toBe(Code.SessionExpired);
  });

  it('opens to visitors only the reviewed public calls', () => {
    const open = ALL_CALLS.filter((call) => call.auth !== 'user').map((call) => call.path);
    expect(open.filter((path) => !PUBLIC_CALLS.has(path))).toEqual([]);
  });

  it('checks the token on every member call: missing, malformed, unknown, expired or of another site is code 7', async () => {
    const mine = await h.client.registerGuest();
    const expired = await h.client.registerGuest();
    await h.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      hashToken(expired.token),
    ]);
    const other = await h.client.call<{ token: string }>(
      API.registerDevice,
      { deviceId: newDeviceId(), deviceType: 3 },
      SECOND,
    );
    const tokens: Record<string, string | undefined> = {
      missing: undefined,
      malformed: 'not a token',
      unknown: 'A'.repeat(43),
      expired: expired.token,
      'other site': other.envelope.data.token,
    };
    const memberCalls = ALL_CALLS.filter((call) => call.auth === 'user');
    expect(memberCalls.length).toBeGreaterThan(20);
    for (const call of memberCalls) {
      for (const [what, token] of Object.entries(tokens)) {
        const { envelope } = call.signed
          ? await h.client.call(call.path, {}, { token })
          : await h.client.post(call.path, '{}', { token });
        expect(envelope.code, `${call.path} with a ${what} token`).toBe(Code.SessionExpired);
      }
    }
    // The same calls pass the session check with a live token of the site.
    for (const call of memberCalls.filter((c) => c.signed)) {
      expect((await h.client.call(call.path, {}, { token: mine.token })).envelope.code, call.path).not.toBe(
        Code.SessionExpired,
      );
    }
  });
});
