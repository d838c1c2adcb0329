/**
 * Download tickets (contract/calls/downloads.ts): a VIP gets a day-long ticket for one rung's full
 * playlist whose playlist and segments the media server serves; non-VIPs (a guest, a buyer of the
 * film) and a VIP asking for a priced film not bought get code 4; bad input is named; the copy's
 * expiry follows the site's download_days, set in the console's 站点 settings.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsSite } from '../../contract/admin/settings.ts';
import type { DownloadOptions, DownloadTicket } from '../../contract/calls/downloads.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import type { Db } from '../db/db.ts';
import { verifyTicket } from '../media/play-ticket.ts';
import { signInOperator } from './admin-fixture.ts';
import { codeOf, dataOf, FX, seedContent } from './content-fixture.ts';
import { createHarness, DB_KINDS, type Harness } from './harness.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The VIP film's video: a ladder of 360p and 720p, 20 segments each (its trial covers 15). */
const SEGMENTS = 20;
const segmentBytes = (height: number, i: number) => height + i;

function writeMedia(mediaDir: string): void {
  const ladder = join(mediaDir, 'videos', 'v11');
  const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const height of [360, 720]) {
    const dir = join(ladder, `${height}p`);
    mkdirSync(dir, { recursive: true });
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
    for (let i = 0; i < SEGMENTS; i++) {
      const name = `seg-${String(i).padStart(3, '0')}.ts`;
      writeFileSync(join(dir, name), Buffer.alloc(segmentBytes(height, i), i));
      lines.push('#EXTINF:4.000000,', name);
    }
    writeFileSync(join(dir, 'index.m3u8'), `${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`);
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${height * 1000},RESOLUTION=${height * 2}x${height}`,
      `${height}p/index.m3u8`,
    );
  }
  writeFileSync(join(ladder, 'index.m3u8'), `${master.join('\n')}\n`);
  // The free film: a single-rung video of two segments.
  const single = join(mediaDir, 'videos', 'v1');
  mkdirSync(single, { recursive: true });
  writeFileSync(join(single, 'seg-000.ts'), Buffer.alloc(50));
  writeFileSync(join(single, 'seg-001.ts'), Buffer.alloc(70));
  writeFileSync(
    join(single, 'index.m3u8'),
    '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg-000.ts\n#EXTINF:2.0,\nseg-001.ts\n#EXT-X-ENDLIST\n',
  );
}

async function seed(db: Db): Promise<void> {
  await seedContent(db);
  await db.query(`UPDATE episodes SET rungs = '{360,720}' WHERE movie_id = $1`, [FX.vipMovie]);
}

describe.each(DB_KINDS)('download tickets on %s', (kind) => {
  let h: Harness;
  let vip: { token: string; id: number };
  const mediaDir = mkdtempSync(join(tmpdir(), 'downloads-media-'));
  const ticket = (payload: unknown, token = vip.token) =>
    dataOf<DownloadTicket>(h.client, API.downloadTicket, payload, token);
  const get = (url: string) => h.app.inject({ method: 'GET', url: `/cdn/1/${url}` });
  const guest = async () => {
    const { token, info } = await h.client.registerGuest();
    return { token, id: info.id };
  };

  beforeAll(async () => {
    writeMedia(mediaDir);
    h = await createHarness(kind, { seed, config: { MEDIA_DIR: mediaDir } });
    vip = await guest();
    await h.db.query("UPDATE users SET vip_expire_at = now() + interval '30 days' WHERE id = $1", [vip.id]);
  });
  afterAll(() => h?.close());

  it('lists the qualities of each episode with segments and bytes for a VIP', async () => {
    const options = await dataOf<DownloadOptions>(h.client, API.downloadOptions, { id: FX.vipMovie }, vip.token);
    const bytes = (height: number) =>
      Array.from({ length: SEGMENTS }, (_, i) => segmentBytes(height, i)).reduce((a, b) => a + b);
    expect(options).toEqual({
      movieId: FX.vipMovie,
      downloadDays: 7,
      episodes: [
        {
          number: 1,
          title: '',
          durationS: 611,
          rungs: [
            { height: 360, segments: SEGMENTS, bytes: bytes(360) },
            { height: 720, segments: SEGMENTS, bytes: bytes(720) },
          ],
        },
      ],
    });
  });

  it('gives a VIP a day-long ticket whose full rung playlist and segments are served', async () => {
    const before = Date.now();
    const answer = await ticket({ id: FX.vipMovie, episode: 1, height: 720 });
    expect(answer).toMatchObject({ movieId: FX.vipMovie, episode: 1, height: 720, segments: SEGMENTS });
    expect(answer.playlist).toMatch(/^play\/[^/]+\/720p\/index\.m3u8$/);
    expect(answer.expiresAt - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(answer.expiresAt - before).toBeLessThan(7 * DAY_MS + 60_000);
    const signed = verifyTicket(answer.playlist.split('/')[1]!, h.config.MEDIA_SECRET);
    expect(signed).toMatchObject({ movieId: FX.vipMovie, video: 'v11', trialSeconds: null });
    expect(signed!.expiresAt * 1000 - before).toBeGreaterThan(23 * 3600 * 1000);

    const playlist = await get(answer.playlist);
    expect(playlist.statusCode).toBe(200);
    const uris = playlist.body.split('\n').filter((line) => line.startsWith('seg-'));
    expect(uris).toHaveLength(SEGMENTS); // past the 60 s trial: the whole video
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const last = await get(answer.playlist.replace('index.m3u8', uris.at(-1)!));
    expect(last.statusCode).toBe(200);
    expect(last.rawPayload.length).toBe(segmentBytes(720, SEGMENTS - 1));
  });

  it('reads the rungs from the master playlist when the episode row lists none', async () => {
    await h.db.query(`UPDATE episodes SET rungs = '{}' WHERE movie_id = $1`, [FX.vipMovie]);
    try {
      const options = await dataOf<DownloadOptions>(h.client, API.downloadOptions, { id: FX.vipMovie }, vip.token);
      expect(options.episodes[0]!.rungs.map((r) => r.height)).toEqual([360, 720]);
      expect((await ticket({ id: FX.vipMovie, episode: 1, height: 360 })).playlist).toMatch(/\/360p\/index\.m3u8$/);
    } finally {
      await h.db.query(`UPDATE episodes SET rungs = '{360,720}' WHERE movie_id = $1`, [FX.vipMovie]);
    }
  });

  it('offers a single-rung video as height 0', async () => {
    const answer = await ticket({ id: FX.freeMovie, episode: 1, height: 0 });
    expect(answer).toMatchObject({ height: 0, segments: 2, bytes: 120 });
    expect(answer.playlist).toMatch(/^play\/[^/]+\/index\.m3u8$/);
    expect((await get(answer.playlist.replace('index.m3u8', 'seg-001.ts'))).statusCode).toBe(200);
  });

  it('refuses a guest, a non-VIP who bought the film, and a VIP asking for a priced film not bought (code 4)', async () => {
    const vipOnly = { code: Code.NotAllowed, msg: '离线下载为 VIP 专享，开通 VIP 即可离线观看' };
    const plain = await guest();
    expect(
      await codeOf(h.client, API.downloadTicket, { id: FX.vipMovie, episode: 1, height: 360 }, plain.token),
    ).toEqual(vipOnly);
    expect(await codeOf(h.client, API.downloadOptions, { id: FX.vipMovie }, plain.token)).toEqual(vipOnly);
    await h.db.query(`INSERT INTO purchases (user_id, item_type, item_id, price_coins) VALUES ($1, 'movie', $2, 45)`, [
      plain.id,
      FX.coinsMovie,
    ]);
    expect(
      await codeOf(h.client, API.downloadTicket, { id: FX.coinsMovie, episode: 1, height: 0 }, plain.token),
    ).toEqual(vipOnly);
    expect(await codeOf(h.client, API.downloadTicket, { id: FX.coinsMovie, episode: 1, height: 0 })).toMatchObject({
      code: Code.SessionExpired,
    });
    expect(await codeOf(h.client, API.downloadTicket, { id: FX.coinsMovie, episode: 1, height: 0 }, vip.token)).toEqual(
      {
        code: Code.NotAllowed,
        msg: '该影片需购买后才能下载',
      },
    );
  });

  it('names bad input: a quality the episode lacks, an episode it lacks, missing or odd fields', async () => {
    const bad = (payload: unknown) => codeOf(h.client, API.downloadTicket, payload, vip.token);
    expect(await bad({ id: FX.vipMovie, episode: 1, height: 1080 })).toEqual({
      code: Code.InvalidParams,
      msg: 'height 不可用：该集可下载的清晰度为 360、720',
    });
    expect(await bad({ id: FX.vipMovie, episode: 2, height: 360 })).toEqual({
      code: Code.NotFound,
      msg: '没有第 2 集',
    });
    expect(await bad({ id: 999, episode: 1, height: 360 })).toEqual({ code: Code.NotFound, msg: '影片不存在：999' });
    for (const [payload, field] of [
      [{ id: FX.vipMovie, episode: 1 }, 'height'],
      [{ id: FX.vipMovie, episode: 0, height: 360 }, 'episode'],
      [{ id: FX.vipMovie, episode: 1, height: 'hd' }, 'height'],
      [{ id: -1, episode: 1, height: 360 }, 'id'],
    ] as const) {
      const answer = await bad(payload);
      expect(answer.code, JSON.stringify(payload)).toBe(Code.InvalidParams);
      expect(answer.msg).toContain(field);
    }
  });

  it('dates the copy by the console 离线下载天数 (1..365, audited)', async () => {
    const ops = await signInOperator(h, { role: 'ops' });
    for (const days of [0, 366, 2.5, 'x']) {
      const res = await ops.call('PATCH', '/admin-api/settings/sites/1', { downloadDays: days });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'downloadDays', message: '离线下载有效天数须为 1 到 365 的整数' });
    }
    const changed = await ops.call('PATCH', '/admin-api/settings/sites/1', { downloadDays: 30 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<SettingsSite>().downloadDays).toBe(30);
    const audit = await h.db.query<{ before: SettingsSite; after: SettingsSite }>(
      `SELECT before, after FROM audit_log WHERE action = 'site.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]).toMatchObject({ before: { downloadDays: 7 }, after: { downloadDays: 30 } });

    const before = Date.now();
    const answer = await ticket({ id: FX.vipMovie, episode: 1, height: 360 });
    expect(answer.expiresAt - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(answer.expiresAt - before).toBeLessThan(30 * DAY_MS + 60_000);
  });
});
