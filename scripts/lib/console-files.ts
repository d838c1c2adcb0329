/**
 * Which files of a production build belong to the operator console alone (admin.html and every file
 * only it may load, statically or lazily, read from the build's .vite/manifest.json): the visitors'
 * service worker never precaches them (vite.config.ts), the bench measures them apart
 * (bench/bundle-size.ts), and the console's test checks the visitors never load one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Every file (JS and CSS) a module of the build (an HTML entry, or a source file such as a lazily
 * loaded page) may load, statically or also lazily (.vite/manifest.json).
 */
export function filesOfEntry(distDir: string, html: string, { lazy = true } = {}): Set<string> {
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
    for (const next of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  visit(html);
  return files;
}

/** The console's own files: what admin.html may load and the visitors' index.html never does. */
export function consoleFiles(distDir: string): string[] {
  const visitors = filesOfEntry(distDir, 'index.html');
  return [...filesOfEntry(distDir, 'admin.html')].filter((file) => !visitors.has(file));
}

/** The console's page an operator of every role but 审核 and 财务 opens first (its menu's first entry). */
export const CONSOLE_FIRST_PAGE = 'admin/features/dashboard/dashboard-page.tsx';

/** The console's script on its first page: admin.html's own files and that page's, nothing loaded later. */
export function consoleFirstPageScripts(distDir: string): string[] {
  const visitors = filesOfEntry(distDir, 'index.html');
  const first = new Set([
    ...filesOfEntry(distDir, 'admin.html', { lazy: false }),
    ...filesOfEntry(distDir, CONSOLE_FIRST_PAGE, { lazy: false }),
  ]);
  return [...first].filter((file) => file.endsWith('.js') && !visitors.has(file));
}
