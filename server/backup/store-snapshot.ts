/**
 * The database part of a backup, in plain SQL, the same on PGlite and PostgreSQL: every table of the
 * store's schema read in ONE read-only REPEATABLE READ transaction (one snapshot: a ledger and its
 * balance, a post and its reply counter are read as one commit left them), rows as JSON
 * (row_to_json) in batches through a cursor, then the sequences (never behind the rows: nextval is
 * not rolled back). The schema itself is not copied: it is the migrations, whose versions the
 * backup names; a restore runs those migrations and loads the rows back by column name
 * (json_populate_recordset) with triggers off (the kept counters come with their rows), then sets
 * every sequence, so new rows never collide.
 *
 * Not in the backup: pg-boss's schema (background jobs queued or running at backup time), the
 * sitemaps' made files (made again on the first crawler's request) and anything outside the
 * store's own schema.
 */
import type { Queryable } from '../db/db.ts';
import { SITEMAP_TABLES } from '../db/sitemaps.ts';
import type { ArchiveWriter, MetaHeader, SequenceState } from './archive-format.ts';

/** Rows per batch, and the bytes after which a batch is written early. */
const BATCH_ROWS = 2000;
const BATCH_BYTES = 8 * 1024 * 1024;
const UPLOAD_REF = /\/uploads\/([0-9a-f]{32}\.webp)/g;

export type TableLayout = MetaHeader['tables'][number];

/** The tables of the current schema a backup holds, each with its columns (name and type, in order). */
export async function tableLayouts(q: Queryable): Promise<TableLayout[]> {
  const rows = await q.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
       AND a.attnum > 0 AND NOT a.attisdropped AND NOT c.relname = ANY($1::text[])
     ORDER BY c.relname, a.attnum`,
    [SITEMAP_TABLES],
  );
  const tables = new Map<string, TableLayout>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [] }));
    table.columns.push({ name: row.column, type: row.type });
  }
  return [...tables.values()];
}

export async function sequenceStates(q: Queryable): Promise<SequenceState[]> {
  const names = await q.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S'
     ORDER BY 1`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const row = await q.one<{ lastValue: string; isCalled: boolean }>(
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoted(name)}`,
    );
    states.push({ name, lastValue: row!.lastValue, isCalled: row!.isCalled });
  }
  return states;
}

/** A name of the catalogue as an SQL identifier. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export interface StoreDump {
  tables: number;
  rows: number;
  /** Upload file names (…webp) some row names, for the check that the backup holds them all. */
  namedUploads: Set<string>;
}

/**
 * Writes the meta entry, every table's rows and the sequences, in one read-only snapshot.
 * On PGlite `q` is the one connection: other statements wait until this transaction ends.
 */
export async function dumpStore(
  q: Queryable,
  writer: ArchiveWriter,
  meta: Pick<MetaHeader, 'store' | 'media'>,
): Promise<StoreDump> {
  await q.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  const migrations = await q.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  const tables = await tableLayouts(q);
  await writer.entry({
    kind: 'meta',
    format: 'station-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    store: meta.store,
    media: meta.media,
    migrations,
    tables,
  });
  const dump: StoreDump = { tables: tables.length, rows: 0, namedUploads: new Set() };
  for (const table of tables) {
    if (table.name === 'schema_migrations') continue;
    await q.exec(
      `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${quoted(table.name)} t`,
    );
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await writer.entry(
        { kind: 'rows', table: table.name, count: batch.length },
        Buffer.from(batch.join('\n'), 'utf8'),
      );
      dump.rows += batch.length;
      batch = [];
      bytes = 0;
    };
    for (;;) {
      const rows = await q.query<{ j: string }>(`FETCH ${BATCH_ROWS} FROM backup_rows`);
      for (const { j } of rows) {
        for (const match of j.matchAll(UPLOAD_REF)) dump.namedUploads.add(match[1]!);
        batch.push(j);
        bytes += j.length;
        if (bytes >= BATCH_BYTES) await flush();
      }
      if (rows.length < BATCH_ROWS) break;
    }
    await flush();
    await q.exec('CLOSE backup_rows');
  }
  const sequences = await sequenceStates(q);
  await writer.entry({ kind: 'sequences' }, Buffer.from(JSON.stringify(sequences), 'utf8'));
  return dump;
}

/** What loadStore is handed: the rows of a table (JSON lines) or the sequences. */
export type StorePart = { kind: 'rows'; table: string; lines: Buffer } | { kind: 'sequences'; states: SequenceState[] };

/**
 * Checks that the migrated, empty store has the backup's tables with the same columns (a backup of
 * another schema never loads half). Answers the problems; none when they match.
 */
export function layoutProblems(backup: readonly TableLayout[], store: readonly TableLayout[]): string[] {
  const here = new Map(store.map((table) => [table.name, table]));
  const problems: string[] = [];
  for (const table of backup) {
    const mine = here.get(table.name);
    if (!mine) problems.push(`table ${table.name} is not made by the migrations here`);
    else if (JSON.stringify(mine.columns) !== JSON.stringify(table.columns))
      problems.push(`table ${table.name} has other columns here`);
    here.delete(table.name);
  }
  for (const name of here.keys()) problems.push(`table ${name} is not in the backup`);
  return problems;
}

/**
 * Loads the parts into the migrated store inside the caller's transaction `q`: first empties what
 * the migrations wrote (their seed rows), with triggers off (session_replication_role = replica:
 * the counters and the search index come from the backup as they were).
 */
export class StoreLoader {
  private started = false;

  constructor(
    private readonly q: Queryable,
    private readonly tables: readonly TableLayout[],
  ) {}

  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.q.exec('SET LOCAL session_replication_role = replica');
    const names = this.tables.filter((t) => t.name !== 'schema_migrations').map((t) => quoted(t.name));
    if (names.length > 0) await this.q.exec(`TRUNCATE ${names.join(', ')}`);
  }

  async load(part: StorePart): Promise<void> {
    await this.start();
    if (part.kind === 'sequences') {
      for (const s of part.states) {
        await this.q.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoted(s.name), s.lastValue, s.isCalled]);
      }
      return;
    }
    const table = this.tables.find((t) => t.name === part.table);
    if (!table || table.name === 'schema_migrations') throw new Error(`rows of an unknown table ${part.table}`);
    const columns = table.columns.map((c) => quoted(c.name)).join(', ');
    const text = part.lines.toString('utf8');
    await this.q.query(
      `INSERT INTO ${quoted(table.name)} (${columns})
       SELECT ${columns} FROM json_populate_recordset(NULL::${quoted(table.name)}, $1::json)`,
      [`[${text.split('\n').join(',')}]`],
    );
  }
}
