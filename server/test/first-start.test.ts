/**
 * The first start of the demo (docs/operations.md "The first start"): server/main.ts on a fresh
 * data folder, SEED_DEMO=full and an empty MEDIA_DIR (no media cache), answers before the demo's
 * media files are made. Home lists its movies with poster keys and a poster is served whole (made
 * at once when asked for); a title whose video ladder is not made yet answers code 6
 * 视频处理中，请稍后再试, and plays (master playlist, rung playlist and a segment served) once its
 * ladder is there, which asking for it hastens; the log says how far the media are, and prints the
 * console's first operator (made on the fresh demo) once the server listens. The whole
 * media set is not waited for: a ladder takes about 20 s of ffmpeg on two cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeData, PlayInfo } from '../../contract/calls/content.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { parsePlaylist } from '../media/hls-playlist.ts';
import { VIDEO_IN_THE_MAKING } from '../media/pending-media.ts';
import { startServerProcess, type ServerProcess } from './scale/server-process.ts';

const PLAYABLE_WITHIN_MS = 300_000;

describe('the first start of the demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'first-start-'));
  const mediaDir = join(dataDir, 'media');
  let server: ServerProcess;
  let token: string;

  const fetchMedia = async (key: string) => {
    const res = await fetch(`${server.baseURL}/cdn/1/${key}`);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };
  const play = (id: number) => server.client.call<PlayInfo>(API.moviePlay, { id }, { token });

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'full', MEDIA_DIR: mediaDir }, 180_000);
    ({ token } = await server.client.registerGuest());
  }, 180_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers at once and plays each title as soon as its ladder is made',
    async () => {
      // Listening, and the ladders are still to be made (home's images come first).
      const ladders = await readdir(join(mediaDir, 'videos')).catch(() => [] as string[]);
      expect(ladders.filter((name) => /^v\d+$/.test(name))).toEqual([]);

      const home = await server.client.call<HomeData>(API.home, {});
      expect(home.envelope.code).toBe(0);
      const movies = home.envelope.data.newestMovies;
      expect(movies.length).toBeGreaterThan(0);
      expect(movies[0]!.poster.small).toMatch(/^posters\/m\d+-s\.webp$/);
      const poster = await fetchMedia(movies[0]!.poster.small);
      expect(poster).toMatchObject({ status: 200, type: 'image/webp' });
      expect(poster.body.subarray(8, 12).toString()).toBe('WEBP');

      const free = movies.find((movie) => movie.access === 'free') ?? movies[0]!;
      const first = await play(free.id);
      expect(first.envelope).toMatchObject({ code: Code.NotFound, msg: VIDEO_IN_THE_MAKING });

      let info: PlayInfo | null = null;
      const deadline = Date.now() + PLAYABLE_WITHIN_MS;
      while (!info && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const { envelope } = await play(free.id);
        if (envelope.code === 0) info = envelope.data;
        else expect(envelope).toMatchObject({ code: Code.NotFound, msg: VIDEO_IN_THE_MAKING });
      }
      expect(info, `playable within ${PLAYABLE_WITHIN_MS / 1000} s`).not.toBeNull();
      const master = await fetchMedia(info!.playlist);
      expect(master.status).toBe(200);
      const variants = parsePlaylist(master.body.toString()).variants.map((variant) => variant.uri);
      expect(variants).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
      const rung = await fetchMedia(info!.playlist.replace('index.m3u8', variants[0]!));
      expect(rung.status).toBe(200);
      const segment = parsePlaylist(rung.body.toString()).segments[0]!.uri;
      const bytes = await fetchMedia(info!.playlist.replace('index.m3u8', `360p/${segment}`));
      expect(bytes).toMatchObject({ status: 200, type: 'video/mp2t' });
      expect(bytes.body.length).toBeGreaterThan(1000);

      const log = server.log();
      expect(log).toMatch(
        /demo media: \d+ of \d+ images, \d+ of 6 video ladders ready; titles play as their ladder is ready/,
      );
      expect(log.indexOf('serving on')).toBeLessThan(log.indexOf('demo media: '));
      // The console's first operator, made on the fresh demo, and how to sign in.
      expect(log).toContain('运营后台账号 / operator: admin (super)');
      expect(log).toContain(`登录 / sign in: http://localhost:${new URL(server.baseURL).port}/admin`);
    },
    PLAYABLE_WITHIN_MS + 60_000,
  );
});
