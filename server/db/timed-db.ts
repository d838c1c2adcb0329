/**
 * A Db whose statements and transactions are timed, for the metrics (server/metrics/app-metrics.ts):
 * the same store, PGlite or PostgreSQL, with each query, one-row query and script reported with its
 * kind (the statement's first word) and its time, and each transaction with its outcome and time.
 * Statements run inside a transaction are timed too, through the Queryable handed to its function.
 */
import type { Db, Queryable, Row } from './db.ts';

/** The kind of a statement: its first word, or 'script' for exec (migrations, pg-boss's scripts). */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'with' | 'other' | 'script';

export interface DbTimer {
  statement(kind: StatementKind, seconds: number): void;
  transaction(outcome: 'commit' | 'rollback', seconds: number): void;
}

const KINDS = new Set<StatementKind>(['select', 'insert', 'update', 'delete']);

export function statementKind(sql: string): StatementKind {
  const start = sql.trimStart();
  const word = start.slice(0, 6).toLowerCase();
  if (KINDS.has(word as StatementKind)) return word as StatementKind;
  return /^with\b/i.test(start) ? 'with' : 'other';
}

const secondsSince = (start: number): number => (performance.now() - start) / 1000;

async function timed<T>(kind: StatementKind, timer: DbTimer, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timer.statement(kind, secondsSince(start));
  }
}

function timedQueryable(q: Queryable, timer: DbTimer): Queryable {
  return {
    query: <T extends object = Row>(sql: string, params?: readonly unknown[]) =>
      timed(statementKind(sql), timer, () => q.query<T>(sql, params)),
    one: <T extends object = Row>(sql: string, params?: readonly unknown[]) =>
      timed(statementKind(sql), timer, () => q.one<T>(sql, params)),
    exec: (sql: string) => timed('script', timer, () => q.exec(sql)),
  };
}

export function timedDb(db: Db, timer: DbTimer): Db {
  const direct = timedQueryable(db, timer);
  const pool = db.pool?.bind(db);
  return {
    kind: db.kind,
    ...direct,
    async tx(fn) {
      const start = performance.now();
      let outcome: 'commit' | 'rollback' = 'rollback';
      try {
        const result = await db.tx((q) => fn(timedQueryable(q, timer)));
        outcome = 'commit';
        return result;
      } finally {
        timer.transaction(outcome, secondsSince(start));
      }
    },
    close: () => db.close(),
    ...(pool ? { pool } : {}),
  };
}
