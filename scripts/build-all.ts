/**
 * Builds what the server runs: the PWA (dist/, scripts/lib/build.ts) and the server bundle
 * (dist-server/, scripts/lib/server-bundle.ts), each only when its sources changed since its last
 * build, or both with `--force` (`npm run build`). `npm start` runs this, then the bundle, which
 * migrates the database, prepares the demo data (on a fresh demo, the console's first operator
 * `admin`, whose sign-in it prints once it listens) and serves everything on
 * http://localhost:8080 (PORT).
 */
import { ensureBuild } from './lib/build.ts';
import { ensureServerBundle } from './lib/server-bundle.ts';

const force = process.argv.includes('--force');
await Promise.all([ensureBuild({ force }), ensureServerBundle({ force })]);
