/**
 * The one query layer of the server (docs/architecture.md): the same PostgreSQL SQL, `$1` params,
 * over embedded PGlite or node-postgres. Both drivers are set up to return the same JS values:
 * int8 (bigint, bigserial) as a safe JS number, timestamptz as Date, numeric as string, json as objects.
 *
 * Inside `tx(fn)` use only the Queryable handed to `fn`: the Db's own methods would run outside the
 * transaction (PostgreSQL) or wait for it forever (PGlite, single connection). That mistake throws.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one statement with `$1`-style params and returns its rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a script of several statements without params (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

/** A connection pool's figures (PostgreSQL; PGlite is one connection and has none). */
export interface PoolFigures {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

export interface Db extends Queryable {
  readonly kind: DbKind;
  /** The pool's figures now, for the metrics (server/metrics/); absent on PGlite. */
  pool?(): PoolFigures;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL SQLSTATE of a driver error (both drivers expose `code`), or undefined. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** int8 text → number; refuses values a JS number cannot hold exactly rather than rounding them. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} exceeds the safe integer range`);
  return value;
}

/**
 * The guard against a Db method called inside Db.tx() (on PGlite's single connection it would wait
 * for its own transaction forever) is a check of the code, on under test (vitest, and the server
 * processes of the browser suite, which inherit its environment). Elsewhere it is off: on Node 20,
 * an AsyncLocalStorage once entered turns on promise hooks for the whole process, which cost the
 * protocol's hot path about a fifth of its throughput in `npm run bench`.
 */
const guardTransactions = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';
const insideTx = new AsyncLocalStorage<true>();

function assertOutsideTx(): void {
  if (insideTx.getStore()) {
    throw new Error('Db method called inside Db.tx(): use the Queryable passed to the transaction');
  }
}

/** Builds `one` from `query`, so each driver implements only query and exec. */
export function queryable(
  query: <T extends object = Row>(sql: string, params?: readonly unknown[]) => Promise<T[]>,
  exec: (sql: string) => Promise<void>,
): Queryable {
  return {
    query,
    async one<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
      const rows: T[] = await query<T>(sql, params);
      return rows[0];
    },
    exec,
  };
}

/** What a driver provides; `transaction` runs BEGIN/COMMIT/ROLLBACK around fn on one connection. */
export interface Driver {
  kind: DbKind;
  direct: Queryable;
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  pool?(): PoolFigures;
}

/** The Db of a driver, with the guard against using the Db itself inside its transactions. */
export function dbOf(driver: Driver): Db {
  const { direct } = driver;
  return {
    kind: driver.kind,
    async query<T extends object = Row>(sql: string, params?: readonly unknown[]) {
      assertOutsideTx();
      return direct.query<T>(sql, params);
    },
    async one<T extends object = Row>(sql: string, params?: readonly unknown[]) {
      assertOutsideTx();
      return direct.one<T>(sql, params);
    },
    async exec(sql) {
      assertOutsideTx();
      return direct.exec(sql);
    },
    async tx(fn) {
      assertOutsideTx();
      return driver.transaction(guardTransactions ? (q) => insideTx.run(true, () => fn(q)) : fn);
    },
    close: () => driver.close(),
    ...(driver.pool ? { pool: driver.pool } : {}),
  };
}
