/**
 * `npm run reindex`: rebuilds the search index (server/search/reindex.ts) from its sources, in the
 * store `npm run serve` opens (DATABASE_URL, else PGlite in DATA_DIR), migrating it first. The site
 * may keep serving meanwhile: each batch is its own transaction.
 */
import { loadConfig } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { reindexAll } from '../server/search/reindex.ts';

const config = loadConfig();
const db = await openDb(config);
try {
  await migrate(db);
  let shown = 0;
  const report = await reindexAll(db, {
    onProgress: (kind, done) => {
      if (done - shown >= 50_000) {
        shown = done;
        console.log(`${kind}: ${done.toLocaleString('en')} documents`);
      }
    },
  });
  const counts = Object.entries(report.docs).map(([kind, n]) => `${n.toLocaleString('en')} ${kind}s`);
  console.log(`search index rebuilt in ${(report.ms / 1000).toFixed(1)} s: ${counts.join(', ')}`);
} finally {
  await db.close();
}
