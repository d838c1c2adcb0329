/**
 * Sizes of a production build: the entry JS (what index.html loads at start: its module script and
 * every modulepreload), the largest lazy chunk (hls.js apart: it loads only for playback) and the
 * precache total of the built service worker's manifest. The operator console (admin.html, the
 * second entry) is measured apart: its own JS, every file only it can load, which counts in neither
 * the visitors' entry nor their route chunks, and what its first page loads (budget 150 KiB). Sizes
 * are gzip -9, as Vite reports them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleFiles, consoleFirstPageScripts } from '../scripts/lib/console-files.ts';
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
  const firstPage = consoleFirstPageScripts(distDir);
  const firstPageKib = firstPage.reduce((sum, file) => sum + gzipKib(join(distDir, file)), 0);
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
        name: 'console first page JS (gzip)',
        value: firstPageKib,
        unit: 'KiB',
        budget: { max: 150 },
        note: `admin.html and the dashboard's own ${firstPage.length} files; other pages and ECharts load on demand`,
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
