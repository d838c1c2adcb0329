import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HLS_FIRST_SEGMENT_SECONDS, HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';
import { verifyTicket } from '../media/play-ticket.ts';
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
  let mediaDir: string;
  beforeAll(async () => {
    // The VIP title's video as a ladder's rung lays it out: a 1 s first segment, then the 4 s grid.
    mediaDir = await mkdtemp(join(tmpdir(), 'movie-play-media-'));
    const dir = join(mediaDir, 'videos', `v${FX.vipMovie}`);
    await mkdir(dir, { recursive: true });
    const lengths = [HLS_FIRST_SEGMENT_SECONDS, HLS_SEGMENT_SECONDS - HLS_FIRST_SEGMENT_SECONDS];
    while (lengths.length < 40) lengths.push(HLS_SEGMENT_SECONDS);
    const lines = ['#EXTM3U', `#EXT-X-TARGETDURATION:${HLS_SEGMENT_SECONDS}`];
    for (const [n, length] of lengths.entries()) {
      const name = `seg-${String(n).padStart(3, '0')}.ts`;
      await writeFile(join(dir, name), name);
      lines.push(`#EXTINF:${length.toFixed(6)},`, name);
    }
    await writeFile(join(dir, 'index.m3u8'), [...lines, '#EXT-X-ENDLIST', ''].join('\n'));
    h = await createHarness(kind, { seed: seedContent, config: { MEDIA_DIR: mediaDir } });
  });
  afterAll(async () => {
    await h?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('needs a session', async () => {
    expect(await codeOf(h.client, API.moviePlay, { id: FX.freeMovie })).toMatchObject({ code: Code.SessionExpired });
  });

  it('plays a free movie in full for anyone signed in', async () => {
    const { token } = await h.client.registerGuest();
    const info = await play(FX.freeMovie, token);
    expect(info).toMatchObject({ movieId: FX.freeMovie, trial: false, trialSeconds: 0, durationS: 601 });
    expect(info.playlist).toMatch(PLAYLIST);
    // Its video is not in this MEDIA_DIR: nothing to name for the player's start.
    expect(info.sources[0]).not.toHaveProperty('start');
  });

  it('cuts a VIP movie to its trial for a non-VIP viewer and plays it in full for a VIP', async () => {
    const guest = await h.client.registerGuest();
    const trial = await play(FX.vipMovie, guest.token);
    expect(trial).toMatchObject({ movieId: FX.vipMovie, trial: true, trialSeconds: 60, durationS: 611 });
    expect(trial.playlist).toMatch(PLAYLIST);
    // What the player asks for first, fetched at once beside the playlist: its first segment.
    expect(trial.sources[0]).toMatchObject({ playlist: trial.playlist, start: ['seg-000.ts'] });

    await makeVip(guest.info.id);
    const full = await play(FX.vipMovie, guest.token);
    expect(full).toMatchObject({ trial: false, trialSeconds: 0 });
    expect(full.playlist).toMatch(PLAYLIST);
    expect(full.playlist).not.toBe(trial.playlist);

    // The tickets carry the limit, and the media server holds it even for direct segment URLs: the
    // segments starting in the first 60 s are the 1 s and 3 s ones, then 14 of 4 s.
    const limit = 16;
    expect(verifyTicket(ticketOf(trial.playlist), h.config.MEDIA_SECRET)).toMatchObject({
      movieId: FX.vipMovie,
      trialSeconds: 60,
    });
    expect(verifyTicket(ticketOf(full.playlist), h.config.MEDIA_SECRET)).toMatchObject({ trialSeconds: null });
    expect(await segmentStatus(trial.playlist, limit)).toBe(403);
    expect(await segmentStatus(trial.playlist, limit + 10)).toBe(403);
    expect(await segmentStatus(trial.playlist, limit - 1)).toBe(200);
    expect(await segmentStatus(full.playlist, limit + 10)).toBe(200);
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
