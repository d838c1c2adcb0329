/**
 * Db over embedded PGlite: files under `dataDir`, or in memory when it is omitted (tests).
 * PGlite is one connection. Its transaction mutex holds every other statement while a transaction
 * runs, so one request's transaction is never interleaved with another request's statements: they
 * queue behind it (server/db/db.test.ts checks this).
 */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { dbOf, parseInt8, queryable, type Db, type Queryable, type Row } from './db.ts';

const INT8_OID = 20;

function over(target: PGlite | Transaction): Queryable {
  return queryable(
    async <T extends object = Row>(sql: string, params: readonly unknown[] = []) =>
      (await target.query<T>(sql, [...params])).rows,
    async (sql) => {
      await target.exec(sql);
    },
  );
}

export interface PgliteOptions {
  dataDir?: string;
  /** A dump of a store to start from (server/db/pglite-template.ts) instead of a new one. */
  loadDataDir?: Blob;
}

/** The PGlite itself, with the parsers every Db over it needs. */
export function createPglite(options: PgliteOptions = {}): Promise<PGlite> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return PGlite.create({ ...options, parsers: { [INT8_OID]: parseInt8 } });
}

export async function openPgliteDb(options: PgliteOptions = {}): Promise<Db> {
  return pgliteDbOf(await createPglite(options));
}

/** The Db over an open PGlite; closing it closes the PGlite. */
export function pgliteDbOf(pg: PGlite): Db {
  return dbOf({
    kind: 'pglite',
    direct: over(pg),
    transaction: (fn) => pg.transaction((tx) => fn(over(tx))),
    close: () => pg.close(),
  });
}
