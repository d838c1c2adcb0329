/**
 * Browser suite set-up: find Chromium (CI must have one; elsewhere the suite is skipped with a loud
 * message), build the PWA into a folder of this run's own, make the demo media if missing, seed the
 * demo database once (seeded-data.ts), and start one real server per worker slot (workers.ts), each
 * on a copy of it.
 */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInto } from '../scripts/lib/build.ts';
import { ensureServerBundle } from '../scripts/lib/server-bundle.ts';
import { buildDemoPlan } from '../server/seed/demo-plan.ts';
import { DEMO_MEDIA_CACHE, generateMedia } from '../server/seed/generate-media.ts';
import { demoMediaJobs } from '../server/seed/media-jobs.ts';
import { CJK_FONTS_HINT, cjkFontsInstalled, findChromium } from './chromium.ts';
import { copyOfSeededData, makeSeededData } from './seeded-data.ts';
import { startServer } from './server-process.ts';
import { E2E_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers, one per worker slot (workers.ts). */
    baseURLs: string[];
    chromiumPath: string | null;
    /** The PWA build the server serves (a test may start a server of its own on it). */
    staticDir: string;
    /** The demo database seeded once, which each server opens a copy of (seeded-data.ts). */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    if (process.env.CI)
      throw new Error('CI must run the browser suite, but no Chromium was found (apt-get install chromium)');
    console.warn(
      `\n${'!'.repeat(78)}\n!! NO CHROMIUM FOUND: the browser (e2e) suite is SKIPPED.\n!! Install it with: apt-get update && apt-get install -y chromium\n${'!'.repeat(78)}\n`,
    );
    project.provide('chromiumPath', null);
    project.provide('baseURLs', []);
    project.provide('staticDir', '');
    project.provide('seededDataDir', '');
    return;
  }
  if (!cjkFontsInstalled()) {
    if (process.env.CI) throw new Error(`CI must draw Chinese text, but no CJK font is installed (${CJK_FONTS_HINT})`);
    console.warn(
      `\n${'!'.repeat(78)}\n!! NO CJK FONT: every Chinese glyph is a box, and the layout tests and screenshots\n!! measure boxes. Install them with: ${CJK_FONTS_HINT}\n${'!'.repeat(78)}\n`,
    );
  }
  // Each run builds its own copy of the PWA, so a rebuild elsewhere never pulls files from under it.
  const staticDir = mkdtempSync(join(tmpdir(), 'e2e-dist-'));
  // Beside the build (child processes): the demo's media (minutes on a fresh clone, kept after),
  // then the seeded database, so that the servers start in seconds.
  const [, , seededDataDir] = await Promise.all([
    buildInto(staticDir),
    ensureServerBundle(),
    generateMedia(DEMO_MEDIA_CACHE, demoMediaJobs(buildDemoPlan())).then(() => makeSeededData()),
  ]);
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () =>
      startServer({ STATIC_DIR: staticDir }, { dataDir: copyOfSeededData('e2e-data-', seededDataDir) }),
    ),
  );
  project.provide('chromiumPath', chromiumPath);
  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );
  project.provide('staticDir', staticDir);
  project.provide('seededDataDir', seededDataDir);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(seededDataDir, { recursive: true, force: true });
  };
}
