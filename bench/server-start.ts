/**
 * The `start` stage: how long the server takes from its launch to a served home page with a
 * poster, on a fresh data folder (SEED_DEMO=full, an empty MEDIA_DIR: the demo's rows written, its
 * media made in the background after it listens) and started again on the same folder (the media
 * still missing carry on). "Served": GET / answers 200, the home call answers code 0 and the first
 * movie's poster answers 200 with an image. npm install and the build of `npm start` are not in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '../contract/calls/paths.ts';
import { startServer } from '../e2e/server-process.ts';
import { callApi } from './bench-api.ts';
import type { Figure } from './figures.ts';

async function homeWithPoster(baseURL: string): Promise<void> {
  const page = await fetch(`${baseURL}/`);
  if (!page.ok) throw new Error(`GET / answered ${page.status}`);
  const poster = (await callApi(baseURL, API.home, {})).newestMovies[0]?.poster.small;
  if (!poster) throw new Error('home lists no movie');
  const image = await fetch(`${baseURL}/cdn/1/${poster}`);
  if (!image.ok || !image.headers.get('content-type')?.startsWith('image/')) {
    throw new Error(`poster ${poster} answered ${image.status}`);
  }
  await image.arrayBuffer();
}

async function timedStart(env: Record<string, string>, dataDir: string): Promise<number> {
  const started = Date.now();
  const server = await startServer(env, { dataDir });
  try {
    await homeWithPoster(server.baseURL);
    return (Date.now() - started) / 1000;
  } finally {
    await server.stop({ keepData: true });
  }
}

export async function measureServerStart(distDir: string): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const env = { STATIC_DIR: distDir, SEED_DEMO: 'full', MEDIA_DIR: join(dataDir, 'media') };
  try {
    const first = await timedStart(env, dataDir);
    const second = await timedStart(env, dataDir);
    const note = 'launch → GET / and home call answered, first poster served; npm install and build not included';
    return [
      { group: 'start', name: 'first start (fresh data folder)', value: first, unit: 's', budget: { max: 25 }, note },
      { group: 'start', name: 'second start', value: second, unit: 's', budget: { max: 5 }, note },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
