/**
 * A PostgreSQL database of a test's own on the server of DATABASE_URL, for tests whose server
 * processes need a whole database (a schema would need every process to set its search_path):
 * created empty, dropped with its connections on `drop`.
 */
import { randomBytes } from 'node:crypto';
import { withAdminClient } from '../../db/postgres-db.ts';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
