/**
 * Builds the PWA into dist/ when any of its sources is newer than the last build, so `npm start`
 * and the browser tests always serve the current code without rebuilding needlessly. A build is two
 * Vite builds: the app, and its server entry (src/entry-server.tsx, the first paint) into the
 * build's .ssr/ folder, where the server looks for it (contract/first-paint.ts FIRST_PAINT_ENTRY).
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** Whether the build that wrote `stamp` is newer than every file of `sources` (tests apart). */
export function builtSince(stamp: string, sources: readonly string[]): boolean {
  if (!existsSync(stamp)) return false;
  const builtAt = statSync(stamp).mtimeMs;
  return sources.every((source) => newestMtime(source) <= builtAt);
}

/** Runs `npx vite build …` as a child process; rejects when it fails. */
function viteBuild(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Where a build's server entry goes, inside the build folder `outDir`. */
const serverEntryDir = (outDir: string): string => join(outDir, dirname(FIRST_PAINT_ENTRY));

/** The server entry into `dir` (Vite's SSR build of src/entry-server.tsx). */
const viteServerEntry = (dir: string, env: NodeJS.ProcessEnv): Promise<void> =>
  viteBuild(['--ssr', 'src/entry-server.tsx', '--outDir', dir], env);

/**
 * A production build into `outDir`: the app and its server entry side by side (on two cores, about
 * the time of the app's build alone). The app's build empties `outDir` first, so the server entry
 * is built into a folder of its own and moved into `outDir` once both are done.
 */
async function buildBoth(outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const ssrScratch = mkdtempSync(join(tmpdir(), 'build-ssr-'));
  try {
    await Promise.all([viteBuild(['--emptyOutDir', '--outDir', outDir], env), viteServerEntry(ssrScratch, env)]);
    rmSync(serverEntryDir(outDir), { recursive: true, force: true });
    cpSync(ssrScratch, serverEntryDir(outDir), { recursive: true });
    chmodSync(serverEntryDir(outDir), 0o755); // as Vite makes its folders (the scratch was private)
  } finally {
    rmSync(ssrScratch, { recursive: true, force: true });
  }
}

// NODE_ENV=production: under vitest it is "test", which would make Vite build React, the app
// (import.meta.env.PROD false: no service worker) and Workbox in development mode.
const productionEnv = (extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  ...extraEnv,
  NODE_ENV: 'production',
});

/** A fresh production build into its own folder (the browser suite's, so runs never share one). */
export function buildInto(outDir: string, extraEnv: Record<string, string> = {}): Promise<void> {
  return buildBoth(outDir, productionEnv(extraEnv));
}

/** The server entry alone, into the build in `outDir` (the first paint's server tests). */
export function buildServerEntry(outDir: string): Promise<void> {
  return viteServerEntry(serverEntryDir(outDir), productionEnv());
}

export async function ensureBuild({ force = false } = {}): Promise<void> {
  if (!force && builtSince(STAMP, SOURCES)) return;
  console.log('[build] building the PWA (vite build)…');
  await buildBoth('dist', productionEnv());
  writeFileSync(STAMP, new Date().toISOString());
}
