/**
 * `npm start`: build the PWA if its sources changed, then start the server, which migrates the
 * database, prepares the demo data and serves everything on http://localhost:8080 (PORT). On a
 * fresh demo (SEED_DEMO not 'off', no operator yet) it first creates the console's super operator
 * `admin` and prints how to sign in once the server is up.
 */
import { ensureFirstOperator } from '../server/admin/first-operator.ts';
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { ensureBuild } from './lib/build.ts';

ensureBuild();

async function firstOperatorText(): Promise<string | null> {
  let config;
  try {
    config = loadConfig();
  } catch {
    return null; // server/main.ts reports the bad setting and exits
  }
  if (config.SEED_DEMO === 'off') return null;
  // PGlite allows one process per data dir: this connection closes before the server opens its own.
  const db = await openDb(config);
  try {
    await migrate(db);
    return await ensureFirstOperator(db, `http://localhost:${config.PORT}/admin`);
  } finally {
    await db.close();
  }
}

const signIn = await firstOperatorText();
await import('../server/main.ts');
if (signIn) console.log(`\n${signIn}\n`);
