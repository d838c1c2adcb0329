/**
 * The demo's videos as served: every seeded movie and episode lasts what its video lasts (the rung
 * playlists' summed EXTINF, within a segment), each video is a 360p + 720p ladder, the series carry
 * their intro and outro marks to the player, and the trial a viewer is told (detail and play
 * answer) is the trial the playlist serves, for the seed's trials and for one an operator typed.
 * Uses the shared media cache (.cache/demo-media), rendering the videos when they are missing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovieDetail, PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { parsePlaylist } from '../media/hls-playlist.ts';
import { HLS_SEGMENT_SECONDS } from '../media/media-layout.ts';
import { DEMO_MEDIA_CACHE, generateMedia } from '../seed/generate-media.ts';
import { videoJob } from '../seed/media-jobs.ts';
import { COUNTS } from '../seed/plan-types.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { dataOf } from './content-fixture.ts';
import { createHarness, type Harness } from './harness.ts';

const MEDIA_DIR = DEMO_MEDIA_CACHE;

/** Summed #EXTINF of a media playlist's text. */
const extinfSeconds = (text: string): number =>
  parsePlaylist(text).segments.reduce((sum, s) => sum + Number(/^#EXTINF:([\d.]+)/.exec(s.tags[0] ?? '')?.[1]), 0);

describe('the demo media', () => {
  let h: Harness;
  let token: string;
  const get = async (key: string) => {
    const res = await h.app.inject({ method: 'GET', url: `/cdn/1/${key}` });
    expect(res.statusCode, key).toBe(200);
    return res.body;
  };
  /** Each rung's playlist text of a play answer, through its ticket. */
  const rungPlaylists = async (info: PlayInfo): Promise<string[]> => {
    const master = parsePlaylist(await get(info.playlist));
    expect(master.variants.map((v) => v.uri)).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    return Promise.all(master.variants.map((v) => get(info.playlist.replace('index.m3u8', v.uri))));
  };
  const play = (id: number, episode?: number) =>
    dataOf<PlayInfo>(h.client, API.moviePlay, { id, ...(episode ? { episode } : {}) }, token);

  beforeAll(async () => {
    await generateMedia(
      MEDIA_DIR,
      Array.from({ length: COUNTS.videos }, (_, i) => videoJob(i + 1)),
    );
    h = await createHarness('pglite', {
      seed: async (db) => void (await seedDemo(db, { mediaDir: MEDIA_DIR, media: false })),
      config: { MEDIA_DIR },
    });
    ({ token } = await h.client.registerGuest());
  }, 900_000);
  afterAll(() => h?.close());

  it('gives every movie and episode the length of its video, a 360p and 720p ladder of 48-88 s', async () => {
    const lengths = new Map<string, number[]>();
    for (let n = 1; n <= COUNTS.videos; n++) {
      const dir = join(MEDIA_DIR, 'videos', `v${n}`);
      lengths.set(
        `videos/v${n}`,
        await Promise.all(
          ['360p', '720p'].map(async (r) => extinfSeconds(await readFile(join(dir, r, 'index.m3u8'), 'utf8'))),
        ),
      );
    }
    const all = [...lengths.values()].flat();
    expect(Math.min(...all)).toBeGreaterThanOrEqual(47);
    expect(Math.max(...all)).toBeLessThanOrEqual(89);
    const rows = await h.db.query<{ video: string; episode: number; movie: number }>(
      `SELECT e.video, e.duration_s AS episode, m.duration_s AS movie FROM episodes e JOIN movies m ON m.id = e.movie_id`,
    );
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) {
      for (const seconds of lengths.get(row.video)!) {
        expect(Math.abs(row.episode - seconds)).toBeLessThan(HLS_SEGMENT_SECONDS);
        expect(Math.abs(row.movie - seconds)).toBeLessThan(HLS_SEGMENT_SECONDS);
      }
    }
    // As a visitor sees it: the detail's length is the length the full stream plays.
    const free = await h.db.one<{ id: number }>(`SELECT id FROM movies WHERE access = 'free' ORDER BY id LIMIT 1`);
    const detail = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: free!.id });
    for (const text of await rungPlaylists(await play(free!.id))) {
      expect(Math.abs(extinfSeconds(text) - detail.durationS)).toBeLessThan(HLS_SEGMENT_SECONDS);
    }
  });

  it('carries the series marks to the player: intro 6 s, outro 10 s before the end', async () => {
    const series = await h.db.one<{ id: number }>(
      `SELECT movie_id AS id FROM episodes GROUP BY movie_id HAVING count(*) > 1 ORDER BY movie_id LIMIT 1`,
    );
    const second = await play(series!.id, 2);
    expect(second).toMatchObject({ episode: { number: 2 }, introEndS: 6, outroStartS: second.durationS - 10 });
    const film = await h.db.one<{ id: number }>(
      `SELECT movie_id AS id FROM episodes GROUP BY movie_id HAVING count(*) = 1 ORDER BY movie_id LIMIT 1`,
    );
    expect(await play(film!.id)).toMatchObject({ introEndS: null, outroStartS: null });
  });

  it('announces the trial it serves: the detail, the play answer and the playlists agree', async () => {
    const [coins, vip] = await Promise.all(
      ['coins', 'vip'].map((access) =>
        h.db.one<{ id: number; trial: number }>(
          `SELECT id, trial_s AS trial FROM movies WHERE access = $1 AND trial_s > 0 ORDER BY id LIMIT 1`,
          [access],
        ),
      ),
    );
    // An operator's trial of 9 s plays three whole segments: 12 s, and says so.
    await h.db.query('UPDATE movies SET trial_s = 9 WHERE id = $1', [coins!.id]);
    for (const [movie, expected] of [
      [coins!.id, 12],
      [vip!.id, vip!.trial],
    ] as const) {
      const detail = await dataOf<MovieDetail>(h.client, API.movieDetail, { id: movie }, token);
      const info = await play(movie);
      expect(info).toMatchObject({ trial: true, trialSeconds: expected });
      expect(detail.trialSeconds).toBe(expected);
      for (const text of await rungPlaylists(info)) expect(extinfSeconds(text)).toBeCloseTo(info.trialSeconds, 1);
    }
  });
});
