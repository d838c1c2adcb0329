/**
 * The watch history on the server (contract/calls/watch-history.ts): heartbeats save where a user
 * is in each title (episode, second, length; a late beat does not move it back; old clients'
 * beats without an episode keep the row's), the list answers the user's own titles newest first
 * with their cards, /movie/play answers the title's position and, without an episode number,
 * plays the one watched last; clearing removes all or one title; bad input is code 2 naming the
 * field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import type { WatchHistoryItem } from '../../contract/calls/watch-history.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';
import type { Db } from '../db/db.ts';

/** Movie 2 (free) becomes a series of two episodes. */
const SERIES = 2;
async function seed(db: Db): Promise<void> {
  await seedContent(db);
  await db.exec(`INSERT INTO episodes (movie_id, number, title, video, duration_s, state, rungs) VALUES
    (${SERIES}, 2, '第2集', 'videos/v22', 1500, 'ready', '{}');`);
}

describe.each(DB_KINDS)('watch history on %s', (kind) => {
  let h: Harness;
  /** The server clock runs this far ahead of real time (kept under the request window). */
  let offsetMs = 0;
  beforeAll(async () => {
    h = await createHarness(kind, { seed, now: () => Date.now() + offsetMs });
  });
  afterAll(() => h?.close());

  const beat = (token: string, payload: Record<string, unknown>, atS = 0) => {
    offsetMs = atS * 1000;
    return codeOf(h.client, API.movieHeartbeat, { playing: false, ...payload }, token);
  };
  const list = (token: string) => dataOf<WatchHistoryItem[]>(h.client, API.watchHistory, {}, token);
  const brief = (items: WatchHistoryItem[]) => items.map((i) => [i.movieId, i.episode, i.positionS, i.durationS]);

  it('a heartbeat saves the episode, second and length; the list is the user’s own, newest first, with cards', async () => {
    const ann = (await h.client.registerGuest()).token;
    const bob = (await h.client.registerGuest()).token;
    expect(await list(ann)).toEqual([]);
    expect((await beat(ann, { movieId: FX.freeMovie, position: 12.3, durationS: 601 }, 1)).code).toBe(Code.Ok);
    expect(
      (await beat(ann, { movieId: SERIES, position: 80, episode: 2, durationS: 1500, playing: true }, 2)).code,
    ).toBe(Code.Ok);
    await beat(bob, { movieId: 3, position: 40, episode: 1, durationS: 603 }, 3);

    const items = await list(ann);
    expect(brief(items)).toEqual([
      [SERIES, 2, 80, 1500],
      [FX.freeMovie, 1, 12.3, 601],
    ]);
    expect(items[0]!.movie).toMatchObject({ id: SERIES, title: expect.any(String), poster: expect.any(Object) });
    expect(items[0]!.at).toBeGreaterThan(items[1]!.at);
    expect(brief(await list(bob))).toEqual([[3, 1, 40, 603]]);
  });

  it('a later beat moves the position; a late one (older) does not move it back; no episode keeps the row’s', async () => {
    const token = (await h.client.registerGuest()).token;
    await beat(token, { movieId: SERIES, position: 30, episode: 2, durationS: 1500 }, 10);
    await beat(token, { movieId: SERIES, position: 5 }, 5); // older than the row: ignored
    expect(brief(await list(token))).toEqual([[SERIES, 2, 30, 1500]]);
    await beat(token, { movieId: SERIES, position: 45 }, 20); // an old client: no episode, no length
    expect(brief(await list(token))).toEqual([[SERIES, 2, 45, 1500]]);
    await beat(token, { movieId: SERIES, position: 7, episode: 1 }, 30); // another episode: its length unknown
    expect(brief(await list(token))).toEqual([[SERIES, 1, 7, 0]]);
  });

  it('/movie/play answers the position and, without a number, plays the episode watched last', async () => {
    const token = (await h.client.registerGuest()).token;
    const fresh = await dataOf<PlayInfo>(h.client, API.moviePlay, { id: SERIES }, token);
    expect(fresh).toMatchObject({ episode: { number: 1 }, progress: null });
    await beat(token, { movieId: SERIES, position: 61.5, episode: 2, durationS: 1500 }, 1);
    const resumed = await dataOf<PlayInfo>(h.client, API.moviePlay, { id: SERIES }, token);
    expect(resumed.episode.number).toBe(2);
    expect(resumed.progress).toMatchObject({ movieId: SERIES, episode: 2, positionS: 61.5, durationS: 1500 });
    const asked = await dataOf<PlayInfo>(h.client, API.moviePlay, { id: SERIES, episode: 1 }, token);
    expect(asked.episode.number).toBe(1);
    expect(asked.progress).toMatchObject({ episode: 2, positionS: 61.5 });
  });

  it('clears one title or all, the user’s own only', async () => {
    const ann = (await h.client.registerGuest()).token;
    const bob = (await h.client.registerGuest()).token;
    for (const movieId of [1, 3, 4]) await beat(ann, { movieId, position: 20, episode: 1, durationS: 600 }, movieId);
    await beat(bob, { movieId: 3, position: 9, episode: 1, durationS: 600 }, 1);
    expect(await dataOf(h.client, API.watchHistoryClear, { movieId: 3 }, ann)).toEqual({ cleared: 1 });
    expect((await list(ann)).map((i) => i.movieId)).toEqual([4, 1]);
    expect((await list(bob)).map((i) => i.movieId)).toEqual([3]);
    expect(await dataOf(h.client, API.watchHistoryClear, {}, ann)).toEqual({ cleared: 2 });
    expect(await list(ann)).toEqual([]);
    expect((await list(bob)).map((i) => i.movieId)).toEqual([3]);
  });

  it('refuses bad input with code 2 naming the field, and a call without a session with code 7', async () => {
    const token = (await h.client.registerGuest()).token;
    const bad = [
      [API.movieHeartbeat, { movieId: 1, position: 3, playing: true, episode: 0 }, /episode/],
      [API.movieHeartbeat, { movieId: 1, position: 3, playing: true, episode: 1.5 }, /episode/],
      [API.movieHeartbeat, { movieId: 1, position: 3, playing: true, durationS: -1 }, /durationS/],
      [API.movieHeartbeat, { movieId: 1, position: 3, playing: true, durationS: '28' }, /durationS/],
      [API.watchHistoryClear, { movieId: 'x' }, /movieId/],
      [API.watchHistoryClear, { movieId: -3 }, /movieId/],
    ] as const;
    for (const [path, payload, field] of bad) {
      const answer = await codeOf(h.client, path, payload, token);
      expect(answer, JSON.stringify(payload)).toMatchObject({ code: Code.InvalidParams, msg: field });
      expect(answer.msg).toMatch(/^参数错误：/);
    }
    expect((await codeOf(h.client, API.watchHistory, {})).code).toBe(Code.SessionExpired);
    expect(await list(token)).toEqual([]); // nothing half-saved
  });
});
