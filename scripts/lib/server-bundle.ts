/**
 * The server as one ES module (dist-server/main.mjs, with its migrations beside it), which plain
 * `node` starts: `npm start`, `npm run serve` and the tests' server processes run it, so a start
 * reads one file instead of transpiling a few hundred TypeScript modules through tsx's loader
 * (docs/operations.md "The first start"). The packages stay in node_modules, imported as Node resolves them; a subpath of a
 * package without an `exports` map (`crypto-js/aes`, which tsx and Vite find without an extension
 * and Node does not) is written with the file's real name.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { builtSince } from './build.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_BUNDLE_DIR = join(ROOT, 'dist-server');
const SERVER_BUNDLE = join(SERVER_BUNDLE_DIR, 'main.mjs');
const STAMP = join(SERVER_BUNDLE_DIR, '.build-stamp');
const SOURCES = ['server', 'contract', 'package-lock.json', 'tsconfig.json'].map((source) => join(ROOT, source));

const require = createRequire(import.meta.url);
const BARE = /^(@[^/]+\/[^/]+|[^./@][^/]*)(\/.*)?$/;

/** The name of `pkg`'s file that the specifier `pkg/sub` reaches, for a package without exports. */
function nodeSubpath(pkg: string, sub: string): string | null {
  let manifest: { exports?: unknown };
  let root: string;
  try {
    const file = require.resolve(`${pkg}/package.json`);
    manifest = JSON.parse(readFileSync(file, 'utf8')) as { exports?: unknown };
    root = file.slice(0, -'package.json'.length);
  } catch {
    return null;
  }
  if (manifest.exports !== undefined) return null;
  const resolved = require.resolve(`${pkg}${sub}`);
  return `${pkg}/${relative(root, resolved).split(sep).join('/')}`;
}

const packagesAsNodeFindsThem: Plugin = {
  name: 'packages-as-node-finds-them',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path.startsWith('node:')) return { path, external: true };
      const match = BARE.exec(path);
      if (!match) return null;
      const [, pkg, sub] = match;
      return { path: (sub && nodeSubpath(pkg!, sub)) || path, external: true };
    });
  },
};

/** What `node` runs to start the bundled server, as `npm start` does; throws when none is built. */
export function bundledServer(): string {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`no server bundle at ${SERVER_BUNDLE}: run npm run build`);
  return SERVER_BUNDLE;
}

/**
 * Bundles server/main.ts into dist-server/ unless the bundle is newer than every server source (or
 * `force`). Not safe to run twice at once on one tree: a test run bundles once, in its global setup.
 */
export async function ensureServerBundle({ force = false } = {}): Promise<void> {
  if (!force && existsSync(SERVER_BUNDLE) && builtSince(STAMP, SOURCES)) return;
  const started = Date.now();
  rmSync(SERVER_BUNDLE_DIR, { recursive: true, force: true });
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Unminified, each module under a comment naming its file: a stack trace reads without a map.
    logLevel: 'warning',
    plugins: [packagesAsNodeFindsThem],
  });
  // migrate.ts reads its SQL files beside the module it is in: in the bundle, beside main.mjs.
  cpSync(join(ROOT, 'server/db/migrations'), join(SERVER_BUNDLE_DIR, 'migrations'), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
  console.log(
    `[build] server bundled into ${relative(ROOT, SERVER_BUNDLE)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
