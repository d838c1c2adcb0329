/**
 * Copies of an embedded database made once and loaded many times. A new PGlite runs initdb
 * (seconds); loading a dump of one that has already run it, and the migrations, takes a fraction of
 * that. The tests open hundreds of stores, so each kind of fresh store ('empty': initdb only;
 * 'migrated': the migrations and the demo site) is dumped once into the system's temp folder, named
 * by a hash of PGlite's version and the migrations' text, and loaded by every test process after.
 * Each is checkpointed before its dump, so it loads as it was left (sequences included).
 * A dump is written to a file of its own and renamed into place, so processes racing to make the same
 * one never read half of it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';
import { createPglite, openPgliteDb, pgliteDbOf } from './pglite-db.ts';
import { ensureDemoSite } from './sites.ts';

export type TemplateKind = 'empty' | 'migrated';

/** PGlite's package.json (its exports do not name it): a dump is for the version that made it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf('/dist/'));
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

async function templateName(kind: TemplateKind): Promise<string> {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()} ${kind}`);
  if (kind === 'migrated') for (const migration of await loadMigrations()) hash.update(migration.sql);
  return join(tmpdir(), `station-pwa-pglite-${kind}-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function makeTemplate(kind: TemplateKind, file: string): Promise<Blob> {
  const pg = await createPglite();
  const db = pgliteDbOf(pg);
  try {
    if (kind === 'migrated') {
      await migrate(db);
      await ensureDemoSite(db);
    }
    // Without a checkpoint the load replays the WAL, where a sequence is logged 32 values ahead:
    // the next id would be 34, not 2.
    await pg.exec('CHECKPOINT');
    const dump = await pg.dumpDataDir('none');
    await keep(file, dump);
    return dump;
  } finally {
    await db.close();
  }
}

async function keep(file: string, dump: Blob): Promise<void> {
  const part = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(part, Buffer.from(await dump.arrayBuffer()));
  await rename(part, file);
}

const made = new Map<TemplateKind, Promise<Blob>>();

/** The dump of a fresh store of this kind: from the temp folder, or made now (and kept there). */
export function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  let dump = made.get(kind);
  if (!dump) {
    dump = templateName(kind).then((file) =>
      readFile(file).then(
        (bytes) => new Blob([bytes]),
        () => makeTemplate(kind, file),
      ),
    );
    made.set(kind, dump);
  }
  return dump;
}

/** A new in-memory store loaded from the template of this kind. */
export async function openPgliteFromTemplate(kind: TemplateKind): Promise<Db> {
  return openPgliteDb({ loadDataDir: await pgliteTemplate(kind) });
}
