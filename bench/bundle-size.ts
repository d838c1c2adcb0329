/**
 * Sizes of a production build: the entry JS (what index.html loads at start: its module script and
 * every modulepreload), the largest lazy chunk (hls.js apart: it loads only for playback) and the
 * precache total of the built service worker's manifest. The operator console (admin.html, the
 * second entry) is measured apart: its own JS, every file only it can load, which counts in neither
 * the visitors' entry nor their route chunks. Sizes are gzip -9, as Vite reports them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './figures.ts';

const KIB = 1024;
const gzipKib = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length / KIB;

/** The JS files index.html loads before anything else runs. */
export function entryFiles(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set([...scripts, ...preloads])];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Every file (JS and CSS) an HTML entry of the build may load, statically or lazily (.vite/manifest.json). */
export function filesOfEntry(distDir: string, html: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(html);
  return files;
}

/** The console's own files: what admin.html may load and the visitors' index.html never does. */
export function consoleFiles(distDir: string): string[] {
  const visitors = filesOfEntry(distDir, 'index.html');
  return [...filesOfEntry(distDir, 'admin.html')].filter((file) => !visitors.has(file));
}

/** The urls of the service worker's precache manifest (injectManifest writes them into sw.js). */
export function precacheUrls(distDir: string): string[] {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  return [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))];
}

export function measureBundle(distDir: string): { figures: Figure[]; largestChunk: string } {
  const entry = entryFiles(distDir);
  const entryKib = entry.reduce((sum, file) => sum + gzipKib(join(distDir, file)), 0);
  const consoleJs = consoleFiles(distDir).filter((file) => file.endsWith('.js'));
  const consoleKib = consoleJs.reduce((sum, file) => sum + gzipKib(join(distDir, file)), 0);
  const chunks = readdirSync(join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js') && !name.startsWith('hls-') && !name.startsWith('hls.worker-'))
    .map((name) => `assets/${name}`)
    .filter((file) => !entry.includes(file) && !consoleJs.includes(file))
    .map((file) => ({ file, kib: gzipKib(join(distDir, file)) }))
    .sort((a, b) => b.kib - a.kib);
  const largest = chunks[0] ?? { file: '—', kib: 0 };
  const precache = precacheUrls(distDir);
  const precacheKib = precache.reduce((sum, url) => sum + statSync(join(distDir, url)).size, 0) / KIB;
  return {
    largestChunk: largest.file,
    figures: [
      {
        group: 'size',
        name: 'entry JS (gzip)',
        value: entryKib,
        unit: 'KiB',
        budget: { max: 90 },
        note: `${entry.length} files`,
      },
      {
        group: 'size',
        name: 'largest route chunk (gzip)',
        value: largest.kib,
        unit: 'KiB',
        budget: { max: 25 },
        note: largest.file.replace(/^assets\//, ''),
      },
      {
        group: 'size',
        name: 'console JS (gzip)',
        value: consoleKib,
        unit: 'KiB',
        note: `${consoleJs.length} file${consoleJs.length === 1 ? '' : 's'} of its own (React included)`,
      },
      {
        group: 'size',
        name: 'precache total (raw)',
        value: precacheKib,
        unit: 'KiB',
        note: `${precache.length} entries`,
      },
    ],
  };
}
