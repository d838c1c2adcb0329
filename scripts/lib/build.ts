/**
 * Builds the PWA into dist/ when any of its sources is newer than the last build, so `npm start`
 * and the browser tests always serve the current code without rebuilding needlessly. A build is two
 * Vite builds: the app, and its server entry (src/entry-server.tsx, the first paint) into the
 * build's .ssr/ folder, where the server looks for it (contract/first-paint.ts FIRST_PAINT_ENTRY).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FIRST_PAINT_ENTRY } from '../../contract/first-paint.ts';

const SOURCES = [
  'contract',
  'src',
  'sw',
  'public',
  'index.html',
  'admin',
  'admin.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
];
const STAMP = 'dist/.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsCurrent(): boolean {
  if (!existsSync(STAMP)) return false;
  const builtAt = statSync(STAMP).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= builtAt);
}

/** A fresh production build into its own folder (the browser suite's, so runs never share one). */
export function buildInto(outDir: string, extraEnv: Record<string, string> = {}): void {
  // NODE_ENV=production: under vitest it is "test", which would make Vite build React, the app
  // (import.meta.env.PROD false: no service worker) and Workbox in development mode.
  const env = { ...process.env, ...extraEnv, NODE_ENV: 'production' };
  execSync(`npx vite build --logLevel warn --emptyOutDir --outDir ${JSON.stringify(outDir)}`, {
    stdio: 'inherit',
    env,
  });
  buildServerEntry(outDir, env);
}

/** The server entry of the build in `outDir` (see above). */
export function buildServerEntry(
  outDir: string,
  env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' },
): void {
  const ssrDir = join(outDir, dirname(FIRST_PAINT_ENTRY));
  execSync(`npx vite build --logLevel warn --ssr src/entry-server.tsx --outDir ${JSON.stringify(ssrDir)}`, {
    stdio: 'inherit',
    env,
  });
}

export function ensureBuild({ force = false } = {}): void {
  if (!force && buildIsCurrent()) return;
  console.log('[build] building the PWA (vite build)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  buildServerEntry('dist');
  writeFileSync(STAMP, new Date().toISOString());
}
