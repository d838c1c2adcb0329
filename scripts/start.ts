/**
 * `npm start`: build the PWA if its sources changed, then start the server, which migrates the
 * database, prepares the demo data and serves everything on http://localhost:8080 (PORT).
 */
import { ensureBuild } from './lib/build.ts';

ensureBuild();
await import('../server/main.ts');
