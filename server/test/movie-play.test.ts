import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { trialSegments, verifyTicket } from '../media/play-ticket.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const PLAYLIST = /^play\/[^/]+\/index\.m3u8$/;
const ticketOf = (playlist: string) => playlist.split('/')[1] ?? '';

describe.each(DB_KINDS)('movie playback on %s', (kind) => {
  let h: Harness;
  const play = (id: number, token: string) => dataOf<PlayInfo>(h.client, API.moviePlay, { id }, token);
  /** HTTP status of a segment fetched by hand through a CDN line, as a player (or anyone) would. */
  const segmentStatus = async (playlist: string, segment: number) => {
    const url = `/cdn/1/${playlist.replace('index.m3u8', `seg-${String(segment).padStart(3, '0')}.ts`)}`;
    return (await h.app.inject({ method: 'GET', url })).statusCode;
  };
  const makeVip = (userId: number) =>
    h.db.query("UPDATE users SET vip_expire_at = now() + interval '30 days' WHERE id = $1", [userId]);
  beforeAll(async () => {
    h = await createHarness(kind, { seed: seedContent });
  });
  afterAll(() => h?.close());

  it('needs a session', async () => {
    expect(await codeOf(h.client, API.moviePlay, { id: FX.freeMovie })).toMatchObject({ code: Code.SessionExpired });
  });

  it('plays a free movie in full for anyone signed in', async () => {
    const { token } = await h.client.registerGuest();
    const info = await play(FX.freeMovie, token);
    expect(info).toMatchObject({ movieId: FX.freeMovie, trial: false, trialSeconds: 0, durationS: 601 });
    expect(info.playlist).toMatch(PLAYLIST);
  });

  it('cuts a VIP movie to its trial for a non-VIP viewer and plays it in full for a VIP', async () => {
    const guest = await h.client.registerGuest();
    const trial = await play(FX.vipMovie, guest.token);
    expect(trial).toMatchObject({ movieId: FX.vipMovie, trial: true, trialSeconds: 60, durationS: 611 });
    expect(trial.playlist).toMatch(PLAYLIST);

    await makeVip(guest.info.id);
    const full = await play(FX.vipMovie, guest.token);
    expect(full).toMatchObject({ trial: false, trialSeconds: 0 });
    expect(full.playlist).toMatch(PLAYLIST);
    expect(full.playlist).not.toBe(trial.playlist);

    // The tickets carry the limit, and the media server holds it even for direct segment URLs.
    const limit = trialSegments(60);
    expect(verifyTicket(ticketOf(trial.playlist), h.config.MEDIA_SECRET)).toMatchObject({
      movieId: FX.vipMovie,
      maxSegments: limit,
    });
    expect(verifyTicket(ticketOf(full.playlist), h.config.MEDIA_SECRET)).toMatchObject({ maxSegments: null });
    expect(await segmentStatus(trial.playlist, limit)).toBe(403);
    expect(await segmentStatus(trial.playlist, limit + 10)).toBe(403);
    expect(await segmentStatus(trial.playlist, limit - 1)).not.toBe(403);
    expect(await segmentStatus(full.playlist, limit + 10)).not.toBe(403);
  });

  it('keeps a priced movie to its trial even for a VIP (until purchases exist)', async () => {
    const guest = await h.client.registerGuest();
    await makeVip(guest.info.id);
    expect(await play(FX.coinsMovie, guest.token)).toMatchObject({ trial: true, trialSeconds: 32 });
  });

  it('refuses a movie without a trial to a viewer who may not play it (code 4), and unknown ids (code 6)', async () => {
    const guest = await h.client.registerGuest();
    expect(await codeOf(h.client, API.moviePlay, { id: FX.vipMovieWithoutTrial }, guest.token)).toEqual({
      code: Code.NotAllowed,
      msg: '该影片需开通 VIP 观看',
    });
    await makeVip(guest.info.id);
    expect(await play(FX.vipMovieWithoutTrial, guest.token)).toMatchObject({ trial: false });
    expect(await codeOf(h.client, API.moviePlay, { id: 999 }, guest.token)).toEqual({
      code: Code.NotFound,
      msg: '影片不存在：999',
    });
  });
});
