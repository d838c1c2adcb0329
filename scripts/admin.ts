/**
 * `npm run admin -- <command>`: operator console administration on the configured store (PGlite in
 * DATA_DIR, or DATABASE_URL). Commands: server/admin/cli.ts. Help opens no store; a usage error
 * prints the usage on stderr with exit code 2.
 */
import { loadConfig } from '../server/config.ts';
import { adminCliRequest, runAdminCli, UsageError } from '../server/admin/cli.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';

const argv = process.argv.slice(2);

async function run(): Promise<string> {
  const request = adminCliRequest(argv);
  if ('help' in request) return request.help;
  const env = loadConfig();
  const db = await openDb(env);
  try {
    await migrate(db);
    return await runAdminCli(db, argv, env);
  } finally {
    await db.close();
  }
}

try {
  console.log(await run());
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
