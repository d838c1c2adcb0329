import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_DB_KIND, openTestDb } from '../test/harness.ts';
import type { Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { ensureDemoSite } from './sites.ts';

describe.each(EVERY_DB_KIND)('migrations on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
  });
  afterAll(() => db?.close());

  it('applies every migration once, in order, and is idempotent', async () => {
    const all = await loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(all[0]).toMatchObject({ version: 1, name: 'foundation' });

    expect(await migrate(db)).toEqual(all.map((m) => `${String(m.version).padStart(3, '0')}-${m.name}`));
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((r) => r.version)).toEqual(all.map((m) => m.version));
    for (const table of ['sites', 'users', 'user_devices', 'sessions']) {
      expect(await db.one('SELECT count(*)::int AS n FROM ' + table)).toEqual({ n: 0 });
    }
  });

  it('lets two migrations run at once: the lock makes the second find nothing to do', async () => {
    const fresh = await openTestDb(kind);
    try {
      const results = await Promise.all([migrate(fresh), migrate(fresh)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, (await loadMigrations()).length]);
    } finally {
      await fresh.close();
    }
  });

  it('rolls back a failing migration completely', async () => {
    const fresh = await openTestDb(kind);
    try {
      const good = await loadMigrations();
      const broken = [
        ...good,
        { version: 999, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM nope;' },
      ];
      await expect(migrate(fresh, broken)).rejects.toThrow(/nope/);
      const tables = await fresh.query(
        "SELECT 1 FROM information_schema.tables WHERE table_name IN ('half_done', 'sites') AND table_schema = current_schema()",
      );
      expect(tables).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });

  it('creates the demo site once, however often it is ensured', async () => {
    const first = await ensureDemoSite(db);
    const second = await ensureDemoSite(db);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ accountId: '10001', appId: 'demo', host: 'localhost', title: '影视社区' });
    expect(await db.one('SELECT count(*)::int AS n FROM sites')).toEqual({ n: 1 });
  });
});
