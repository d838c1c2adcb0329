/**
 * Browser suite set-up: find Chromium (CI must have one; elsewhere the suite is skipped with a loud
 * message), build the PWA into a folder of this run's own and start the real server against a
 * fresh embedded database.
 */
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInto } from '../scripts/lib/build.ts';
import { findChromium } from './chromium.ts';
import { startServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
    /** The PWA build the server serves (a test may start a server of its own on it). */
    staticDir: string;
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
    project.provide('baseURL', '');
    project.provide('staticDir', '');
    return;
  }
  // Each run builds its own copy of the PWA, so a rebuild elsewhere never pulls files from under it.
  const staticDir = mkdtempSync(join(tmpdir(), 'e2e-dist-'));
  buildInto(staticDir);
  const server = await startServer({ STATIC_DIR: staticDir });
  project.provide('chromiumPath', chromiumPath);
  project.provide('baseURL', server.baseURL);
  project.provide('staticDir', staticDir);
  return async () => {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  };
}
