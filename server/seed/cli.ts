/**
 * Runs the demo seed alone: `npx tsx server/seed/cli.ts [--no-media]`, with the server's
 * configuration (DATA_DIR or DATABASE_URL, MEDIA_DIR). Migrates first, like the server does.
 */
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open-db.ts';
import { setSiteZone } from '../db/site-day.ts';
import { ensureDemoSite } from '../db/sites.ts';
import { describeSeed, seedDemo } from './seed-demo.ts';

const config = loadConfig();
setSiteZone(config.SITE_TIME_ZONE);
const media = !process.argv.includes('--no-media');
const db = await openDb(config);
try {
  await migrate(db);
  await ensureDemoSite(db);
  console.log(
    `seeding ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}/pg`}${media ? `, media in ${config.MEDIA_DIR}` : ''}…`,
  );
  console.log(describeSeed(await seedDemo(db, { mediaDir: config.MEDIA_DIR, media })));
} finally {
  await db.close();
}
