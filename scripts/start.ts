/**
 * `npm start`: build the PWA if its sources changed, then start the server, which migrates the
 * database, prepares the demo data (on a fresh demo, the console's first operator `admin`, whose
 * sign-in it prints once it listens) and serves everything on http://localhost:8080 (PORT).
 */
import { ensureBuild } from './lib/build.ts';

await ensureBuild();
await import('../server/main.ts');
