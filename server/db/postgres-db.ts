/**
 * Db over a PostgreSQL server (node-postgres pool). With `isolatedSchema`, the schema is created,
 * every pooled connection starts with it as search_path, and it is dropped on close: each test file
 * gets its own tables in one shared test database.
 */
import pg from 'pg';
import { dbOf, parseInt8, queryable, type Db, type Queryable, type Row } from './db.ts';

const INT8_OID = 20;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  url: string;
  isolatedSchema?: string;
  /** Errors of idle pooled connections (server restart, network); default console.error. */
  onIdleError?: (error: Error) => void;
  maxConnections?: number;
}

function over(client: pg.Pool | pg.PoolClient): Queryable {
  return queryable(
    async <T extends object = Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, [...params])).rows as T[],
    async (sql) => {
      await client.query(sql);
    },
  );
}

/** Runs one statement on a connection of its own (CREATE/DROP of schemas and databases). */
export async function withAdminClient(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function openPostgresDb(options: PostgresOptions): Promise<Db> {
  const schema = options.isolatedSchema;
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    await withAdminClient(options.url, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    types: typeParsers,
    max: options.maxConnections ?? 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  pool.on('error', options.onIdleError ?? ((error) => console.error('postgres idle client error:', error.message)));
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');

  return dbOf({
    kind: 'postgres',
    direct: over(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(over(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError; // the connection is unusable: destroy it instead of pooling it
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
      if (schema !== undefined) await withAdminClient(options.url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  });
}
