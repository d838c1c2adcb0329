/**
 * The demo database, seeded once per run: global-setup.ts migrates and seeds one data folder
 * (seconds of work), and every server the suite starts opens a copy of it instead of doing the same
 * again (each start then takes about a second rather than the seed's time).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/open-db.ts';
import { ensureDemoSite } from '../server/db/sites.ts';
import { DEMO_MEDIA_CACHE } from '../server/seed/generate-media.ts';
import { seedDemo } from '../server/seed/seed-demo.ts';

/** Makes the seeded folder the copies come from (the demo media must exist already). */
export async function makeSeededData(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-seeded-'));
  const db = await openDb({ DATA_DIR: dir, DATABASE_URL: undefined });
  try {
    await migrate(db);
    await ensureDemoSite(db);
    await seedDemo(db, { mediaDir: DEMO_MEDIA_CACHE, media: false });
  } finally {
    await db.close();
  }
  return dir;
}

/** A new data folder holding a copy of `from` (by default the run's seeded folder). */
export function copyOfSeededData(prefix = 'e2e-data-', from: string = inject('seededDataDir')): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(from, dir, { recursive: true });
  return dir;
}
