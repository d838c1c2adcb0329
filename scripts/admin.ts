/**
 * `npm run admin -- <command>`: operator console administration on the configured store (PGlite in
 * DATA_DIR, or DATABASE_URL). Commands: server/admin/cli.ts.
 */
import { loadConfig } from '../server/config.ts';
import { runAdminCommand, UsageError } from '../server/admin/cli.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';

const db = await openDb(loadConfig());
try {
  await migrate(db);
  const { text } = await runAdminCommand(db, process.argv.slice(2));
  console.log(text);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await db.close();
}
