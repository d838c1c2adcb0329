/**
 * Vite plugin: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build
 * (JS, CSS, HTML, SVG, the web manifest) of at least 1 KiB, once at build time, so the server
 * sends them compressed at no cost per request (@fastify/static preCompressed, server/static.ts).
 * The service worker's precache globs list only the originals.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|webmanifest|json)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!TEXT.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (data.length < MIN_BYTES) continue;
        const path = join(outDir, file.fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
