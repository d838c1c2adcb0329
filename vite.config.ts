import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, CONSOLE_COPY, inConsole } from './scripts/lib/chunk-groups.ts';
import { consoleFiles } from './scripts/lib/console-files.ts';
import { precompress } from './scripts/lib/precompress.ts';

/** The top-level manifest.webmanifest is the source of truth; the build copies it to dist as is. */
function webManifest(): Plugin {
  return {
    name: 'web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
      });
    },
  };
}

/**
 * <meta name="build-id"> in index.html: which build a page runs (BUILD_ID, else the build time).
 * The update test of e2e/pwa-update.test.ts tells build A from build B by it.
 */
function buildId(): Plugin {
  const id = process.env.BUILD_ID || new Date().toISOString();
  return {
    name: 'build-id',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'build-id', content: id }, injectTo: 'head' }],
  };
}

/**
 * The favicon inline in each page as a data: URL of scripts/make-icons.ts's 32 px PNG: Chrome
 * fetches a linked icon right after the first load, a request that competed with the first
 * screen's poster and styles on a slow link; and a PNG, since Chromium decodes an SVG icon in an
 * SVG document of its own on the page's main thread (a task of about 50 ms, 200 on a slow phone,
 * in every first load). public/favicon.svg stays for the install dialogs.
 */
function inlineFavicon(): Plugin {
  const link = 'href="/favicon.svg" type="image/svg+xml"';
  const png = readFileSync(new URL('./public/icons/favicon-32.png', import.meta.url)).toString('base64');
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html, { filename }) {
      if (!html.includes(link)) throw new Error(`${filename}: no <link rel="icon" ${link}> to inline`);
      return html.replace(link, () => `href="data:image/png;base64,${png}" type="image/png"`);
    },
  };
}

/**
 * The app's server entry (src/entry-server.tsx): `vite build --ssr src/entry-server.tsx --outDir
 * <build>/.ssr` (scripts/lib/build.ts) makes one self-contained module the server imports
 * (server/first-paint/first-screen.ts), dependencies bundled in, so a build folder anywhere works.
 */
/** `npm run dev`: /admin and /admin/* open the console's page (the server does the same in production). */
function consolePage(): Plugin {
  return {
    name: 'console-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/[^.]*)?(\?.*)?$/.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * The operator console's own graph: a module the console imports from outside its folders (React,
 * wouter, src/lib …) resolves to a copy, its id suffixed with CONSOLE_COPY, and so do that copy's
 * imports. One build, two disjoint bundles: the console shares no chunk with the visitors' app
 * (scripts/lib/chunk-groups.ts), only the bundler's runtime helpers.
 */
function consoleCopies(): Plugin {
  return {
    name: 'console-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0') || !inConsole(importer)) return null;
      const from = importer.endsWith(CONSOLE_COPY) ? importer.slice(0, -CONSOLE_COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || inConsole(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${CONSOLE_COPY}` };
    },
  };
}

const serverEntryConfig = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node20',
    sourcemap: false,
    emptyOutDir: true,
    copyPublicDir: false,
    // One module: the screens the route table loads lazily are rendered here synchronously.
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

/**
 * The folder the build writes, as resolved (npm run build's dist/, a test's or the bench's own), for
 * the service worker's precache list to leave out the console's files (scripts/lib/console-files.ts).
 */
let builtInto = 'dist';
const buildFolder = (): Plugin => ({
  name: 'build-folder',
  apply: 'build',
  configResolved(config) {
    builtInto = resolve(config.root, config.build.outDir);
  },
});

const appConfig = defineConfig({
  plugins: [
    buildFolder(),
    consoleCopies(),
    react(),
    consolePage(),
    webManifest(),
    buildId(),
    inlineFavicon(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell only: the app's code, styles, icons and the manifest. Not the manifest's
        // screenshots (only install dialogs show them) nor hls.js (cached at run time when the player loads it: sw/offline-route.ts);
        // media live under /cdn and are cached at run time by the service worker. Nothing of the
        // operator console (admin.html and the files only it loads, named admin-*): visitors never
        // need it and the console must never be served stale.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: ['screenshots/**', 'assets/hls-*.js', 'assets/hls.worker-*.js', 'admin.html', 'assets/admin-*'],
        // The console's pages load lazily in chunks of their own names: left out by the build's manifest.
        manifestTransforms: [
          (entries) => {
            const own = new Set(consoleFiles(builtInto));
            return { manifest: entries.filter((entry) => !own.has(entry.url)), warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: which chunks and styles each screen needs (server/first-paint/first-screen.ts).
    manifest: true,
    // Browsers without modulepreload (Safari before 17) still load every module, only later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The visitors' app and the operator console (/admin, its own bundle: chunk-groups.ts).
      input: { index: 'index.html', admin: 'admin.html' },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/admin-api': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
      // The payment sandbox's cashier and members' uploaded images (server/payment, server/uploads).
      '/pay': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverEntryConfig : appConfig));
