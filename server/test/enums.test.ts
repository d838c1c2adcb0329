/**
 * The database's CHECK constraints allow exactly the values of the fixed lists (contract/enums.ts),
 * so a list changed in one place and not the other fails here, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DANMAKU_MODES,
  LEDGER_TYPES,
  NOTICE_TYPES,
  ORDER_KINDS,
  PAY_TYPES,
  POST_KINDS,
  REPLY_TARGETS,
  REPORT_REASONS,
  REPORT_TARGETS,
  WORD_ACTIONS,
} from '../../contract/enums.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { DB_KINDS, openTestDb } from './harness.ts';

/** The values a column's `CHECK (column IN (...))` constraint allows, in the order written. */
async function allowedValues(db: Db, table: string, column: string): Promise<string[]> {
  const rows = await db.query<{ definition: string }>(
    // The table as the search path finds it: other tests' schemas on the same server hold tables of the same name.
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      WHERE c.conrelid = $1::regclass AND c.contype = 'c'`,
    [table],
  );
  // PostgreSQL writes `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))`.
  const own = rows
    .map((row) => row.definition)
    .filter((definition) => new RegExp(`\\(\\(?${column}\\b[^)]*ANY`).test(definition));
  expect(own, `one list constraint on ${table}.${column}`).toHaveLength(1);
  return [...own[0]!.matchAll(/'([^']*)'::text/g)].map((match) => match[1]!);
}

describe.each(DB_KINDS)('the fixed lists and the database on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(kind);
    await migrate(db);
  });
  afterAll(() => db?.close());

  it.each([
    ['orders', 'pay_type', PAY_TYPES],
    ['orders', 'kind', ORDER_KINDS],
    ['posts', 'kind', POST_KINDS],
    ['ledger_entries', 'type', LEDGER_TYPES],
    ['replies', 'target_type', REPLY_TARGETS],
    ['danmaku', 'mode', DANMAKU_MODES],
    ['notices', 'type', NOTICE_TYPES],
    ['notices', 'target_type', REPLY_TARGETS],
    ['reports', 'target_type', REPORT_TARGETS],
    ['reports', 'reason', REPORT_REASONS],
    ['sensitive_words', 'action', WORD_ACTIONS],
  ] as const)('%s.%s allows exactly its list', async (table, column, list) => {
    expect(await allowedValues(db, table, column)).toEqual([...list]);
  });
});
