/**
 * Batched writes for the seed: multi-row INSERT statements of at most ~20,000 parameters each
 * (well under the protocol's 65,535), with an optional ON CONFLICT clause, on any Queryable. The
 * same SQL runs on PGlite and PostgreSQL; values go as parameters, never into the SQL text.
 */
import type { Queryable, Row } from '../db/db.ts';

const MAX_PARAMS = 20_000;

export interface InsertOptions {
  /** Conflict target columns: with it, rows that exist are updated (or left alone). */
  conflict?: readonly string[];
  /** Columns overwritten on conflict; default every column not in the conflict target; [] = DO NOTHING. */
  update?: readonly string[];
  returning?: string;
}

function conflictClause(columns: readonly string[], options: InsertOptions): string {
  if (!options.conflict) return '';
  const target = `ON CONFLICT (${options.conflict.join(', ')})`;
  const update = options.update ?? columns.filter((column) => !options.conflict!.includes(column));
  if (update.length === 0) return ` ${target} DO NOTHING`;
  return ` ${target} DO UPDATE SET ${update.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`;
}

/** Inserts `rows` (arrays in `columns` order) into `table`; returns the RETURNING rows, if asked. */
export async function insertRows<T extends object = Row>(
  q: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: InsertOptions = {},
): Promise<T[]> {
  const out: T[] = [];
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const tail = conflictClause(columns, options) + (options.returning ? ` RETURNING ${options.returning}` : '');
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      if (row.length !== columns.length)
        throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${tail}`;
    out.push(...(await q.query<T>(sql, params)));
  }
  return out;
}

/** ISO text for a timestamptz parameter (both drivers accept it the same way). */
export const at = (ms: number): string => new Date(ms).toISOString();
