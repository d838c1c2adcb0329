/**
 * The read cache in the running app (server/protocol/read-cache.ts): public reads are served from
 * it after every check of the request, a committed transaction empties it, member calls never use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieCard, Page } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const PAGE = { page: 1, pageSize: 50, sort: 'new' } as const;
const titleOf = async (h: Harness, id: number) =>
  (await dataOf<Page<MovieCard>>(h.client, API.moviePage, PAGE)).list.find((movie) => movie.id === id)?.title;

describe.each(DB_KINDS)('the read cache on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent, config: { READ_CACHE_MS: 60_000 } });
  });
  afterAll(() => h?.close());

  it('answers a public read again from the cache until a transaction commits', async () => {
    expect(await titleOf(h, FX.freeMovie)).toBe(`影片${FX.freeMovie}`);
    await h.db.query('UPDATE movies SET title = $2 WHERE id = $1', [FX.freeMovie, '改过的片名']);
    expect(await titleOf(h, FX.freeMovie)).toBe(`影片${FX.freeMovie}`); // the write was not a transaction

    const { token } = await h.client.registerGuest();
    const like = await h.client.call(API.movieLike, { id: FX.freeMovie, like: true }, { token });
    expect(like.envelope.code).toBe(Code.Ok);
    expect(await titleOf(h, FX.freeMovie)).toBe('改过的片名');
  });

  it('still checks every request: a replayed wrapper of a cached read is refused', async () => {
    const wrapper = JSON.stringify(h.client.wrap(API.moviePage, PAGE));
    expect((await h.client.post(API.moviePage, wrapper)).envelope.code).toBe(Code.Ok);
    expect((await h.client.post(API.moviePage, wrapper)).envelope.code).toBe(Code.Rejected);
  });

  it('keeps member answers out of it', async () => {
    const { token } = await h.client.registerGuest();
    const before = await dataOf<{ nickname: string }>(h.client, API.current, {}, token);
    await h.db.query('UPDATE users SET nickname = $1 WHERE nickname = $2', ['新昵称', before.nickname]);
    expect((await dataOf<{ nickname: string }>(h.client, API.current, {}, token)).nickname).toBe('新昵称');
  });
});
