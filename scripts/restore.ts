/**
 * `npm run restore -- FILE`: brings a new DATA_DIR (PGlite) or an empty PostgreSQL database
 * (DATABASE_URL), with empty UPLOAD_DIR and MEDIA_DIR, back to a backup made by `npm run backup`
 * (server/backup/restore.ts, docs/operations.md "Backups"). Refuses a target holding anything, and a
 * damaged or hostile file before writing anything.
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { runRestore } from '../server/backup/backup-command.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  const config = loadConfig();
  const summary = await runRestore(config, args[0]!);
  const where = config.DATABASE_URL ? 'the database of DATABASE_URL' : `${config.DATA_DIR}/pg`;
  console.log(
    `restored the backup of ${summary.meta.createdAt} into ${where}: ${summary.rows} rows, ${summary.files} files`,
  );
  if (summary.listedMedia > 0)
    console.log(
      `${summary.listedMedia} media files are listed, not held (BACKUP_MEDIA=manifest): copy MEDIA_DIR from its origin`,
    );
  console.log('start the server on it: it applies the migrations newer than the backup');
} catch (error) {
  console.error(
    `restore refused: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
