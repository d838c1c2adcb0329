/**
 * `npm run backup [-- FILE]`: one compressed file of the store, the uploads and the media
 * (server/backup/, docs/operations.md "Backups"), default BACKUP_DIR/station-<time>.backup.gz.
 * Safe while the server runs. The file holds the server's secrets: keep it secret.
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { runBackup } from '../server/backup/backup-command.ts';

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
  console.error('usage: npm run backup [-- FILE]');
  process.exit(2);
}
try {
  const outcome = await runBackup(loadConfig(), args[0]);
  const s = outcome.summary;
  console.log(
    s
      ? `backup written: ${outcome.file} (${s.tables} tables, ${s.rows} rows, ${s.files} files${s.listedMedia ? `, ${s.listedMedia} media files listed` : ''})`
      : `backup written by the running server: ${outcome.file}`,
  );
  if (s && s.missingUploads.length > 0)
    console.warn(
      `warning: ${s.missingUploads.length} uploads named by rows were not on disk: ${s.missingUploads.slice(0, 5).join(', ')}`,
    );
  if (s && s.skipped.length > 0)
    console.warn(`not backed up (symlinks, special files, odd names): ${s.skipped.slice(0, 5).join(', ')}`);
} catch (error) {
  console.error(
    `backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
