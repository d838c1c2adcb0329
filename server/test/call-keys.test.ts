import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { codeOf, dataOf, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const key = (n: number) => `offline-like-key-${String(n).padStart(4, '0')}`;

describe.each(DB_KINDS)('idempotency keys of likes and favourites on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  it('acts once per key: a repeat answers the first answer, even after the state moved on', async () => {
    const { token } = await h.client.registerGuest();
    const like = (id: number, value: boolean, k?: string) =>
      dataOf(h.client, API.topicLike, { id, like: value, idempotencyKey: k }, token);
    expect(await like(202, true, key(1))).toEqual({ liked: true, likes: 1 });
    expect(await like(202, true, key(1))).toEqual({ liked: true, likes: 1 });
    expect(await like(202, false, key(2))).toEqual({ liked: false, likes: 0 });
    expect(await like(202, true, key(1))).toEqual({ liked: true, likes: 1 }); // the old answer, no new like
    expect(await dataOf<PostDetail>(h.client, API.chiguaDetail, { id: 202 }, token)).toMatchObject({
      liked: false,
      likes: 0,
    });
    expect(await like(202, true)).toEqual({ liked: true, likes: 1 }); // without a key: as before
  });

  it('toggles a movie favourite once however often the same key is sent, also at the same time', async () => {
    const { token } = await h.client.registerGuest();
    const toggle = (k: string) => dataOf(h.client, API.movieFavourite, { movieId: 4, idempotencyKey: k }, token);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => toggle(key(10))));
    expect(answers).toEqual(Array(5).fill({ favorited: true }));
    expect(await toggle(key(10))).toEqual({ favorited: true });
    expect(await toggle(key(11))).toEqual({ favorited: false });
  });

  it('counts one like for concurrent repeats of one key', async () => {
    const { token } = await h.client.registerGuest();
    const send = () => dataOf(h.client, API.movieLike, { id: 6, like: true, idempotencyKey: key(20) }, token);
    const answers = await Promise.all([send(), send(), send(), send()]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const other = await h.client.registerGuest();
    const second = await dataOf<{ likes: number }>(
      h.client,
      API.movieLike,
      { id: 6, like: true, idempotencyKey: key(20) },
      other.token,
    );
    expect(second.likes).toBe((answers[0] as { likes: number }).likes + 1); // keys belong to their user
  });

  it('frees the key of a refused call, refuses a key used for another call and malformed keys', async () => {
    const { token } = await h.client.registerGuest();
    expect((await codeOf(h.client, API.topicLike, { id: 999, like: true, idempotencyKey: key(30) }, token)).code).toBe(
      Code.NotFound,
    );
    expect(await dataOf(h.client, API.topicLike, { id: 203, like: true, idempotencyKey: key(30) }, token)).toEqual({
      liked: true,
      likes: 1,
    });
    expect(
      await codeOf(h.client, API.topicFavourite, { id: 203, like: true, idempotencyKey: key(30) }, token),
    ).toMatchObject({ code: Code.InvalidParams });
    expect((await codeOf(h.client, API.topicLike, { id: 203, like: true, idempotencyKey: 'short' }, token)).code).toBe(
      Code.InvalidParams,
    );
  });
});
