/**
 * `npm run admin -- <command>`: operator console administration on the configured store (PGlite in
 * DATA_DIR, or DATABASE_URL). Commands: server/admin/cli.ts.
 */
import { loadConfig } from '../server/config.ts';
import { runAdminCli, UsageError } from '../server/admin/cli.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';

const env = loadConfig();
const db = await openDb(env);
try {
  await migrate(db);
  const text = await runAdminCli(db, process.argv.slice(2), env);
  console.log(text);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db.close();
}
