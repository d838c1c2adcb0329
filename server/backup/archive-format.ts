/**
 * The backup file (docs/operations.md "Backups"): one gzip stream of framed entries.
 *
 *   "STATION-BACKUP\n"                         magic, then entries, each:
 *   u32 big-endian header length, header JSON  what the entry is (kind, size, names)
 *   payload (header.size bytes)                rows as JSON lines, or a file's bytes
 *   32 bytes                                   SHA-256 of the payload
 *
 * The first entry is `meta` (format version, store, migrations, tables), the last `end` (how many
 * entries came before it and the SHA-256 of all their checksums): a file cut short, an entry
 * changed, added or dropped fails verification with a message naming the problem. The checksums
 * find damage, not forgery: keep backups where only operators can write them.
 *
 * Every header is hostile until checked: kinds are a closed list, sizes bounded, and a file's path
 * is relative, of plain names ([A-Za-z0-9._-], no `.` or `..`): nothing in a backup can point
 * outside the folder it is restored into, and only regular files can be expressed.
 */
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { z } from 'zod';

export const BACKUP_FORMAT_VERSION = 1;
const MAGIC = Buffer.from('STATION-BACKUP\n', 'latin1');
const MAX_HEADER_BYTES = 1024 * 1024;
/** Rows are written in batches well below this; a bigger one is damage, not data. */
export const MAX_ROWS_BYTES = 256 * 1024 * 1024;
const MAX_FILE_BYTES = 64 * 1024 * 1024 * 1024;
const DIGEST_BYTES = 32;

export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

const PATH_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** A file path as a backup may hold it: relative, plain names, at most 16 deep; else null. */
export function safeRelativePath(path: string): string | null {
  if (path.length === 0 || path.length > 1024) return null;
  const parts = path.split('/');
  if (parts.length > 16) return null;
  return parts.every((part) => PATH_PART.test(part) && part !== '.' && part !== '..') ? path : null;
}

const sqlName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL name');
const size = (max: number) => z.number().int().min(0).max(max);

const metaHeader = z.object({
  kind: z.literal('meta'),
  format: z.literal('station-backup'),
  version: z.number().int(),
  size: z.literal(0),
  createdAt: z.string(),
  store: z.enum(['pglite', 'postgres']),
  migrations: z.array(z.object({ version: z.number().int().min(0), name: z.string().max(200) })).max(10_000),
  tables: z
    .array(
      z.object({
        name: sqlName,
        columns: z.array(z.object({ name: sqlName, type: z.string().max(200) })).max(2000),
        rows: z.number().int().min(0).optional(),
      }),
    )
    .max(10_000),
  media: z.enum(['files', 'manifest']),
});

const rowsHeader = z.object({
  kind: z.literal('rows'),
  table: sqlName,
  count: size(10_000_000),
  size: size(MAX_ROWS_BYTES),
});
const sequencesHeader = z.object({ kind: z.literal('sequences'), size: size(MAX_ROWS_BYTES) });
const fileHeader = z.object({
  kind: z.literal('file'),
  area: z.enum(['uploads', 'media']),
  path: z.string().refine((path) => safeRelativePath(path) !== null, 'must be a relative path of plain names'),
  size: size(MAX_FILE_BYTES),
});
const manifestHeader = z.object({ kind: z.literal('manifest'), area: z.literal('media'), size: size(MAX_ROWS_BYTES) });
const endHeader = z.object({
  kind: z.literal('end'),
  size: z.literal(0),
  entries: z.number().int().min(1),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});

const header = z.discriminatedUnion('kind', [
  metaHeader,
  rowsHeader,
  sequencesHeader,
  fileHeader,
  manifestHeader,
  endHeader,
]);

export type MetaHeader = z.infer<typeof metaHeader>;
export type FileHeader = z.infer<typeof fileHeader>;
export type EntryHeader = z.infer<typeof header>;
/** A header as written: the size of its payload is filled in by the writer. */
type Written<H> = H extends unknown ? Omit<H, 'size'> : never;

/** A sequence's state as a backup keeps it. */
export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Writes entries to `out` (the gzip stream), waiting when it is full. */
export class ArchiveWriter {
  private entries = 0;
  private readonly digests = createHash('sha256');

  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('backup output closed');
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.out.off('drain', done);
          this.out.off('error', done);
          this.out.off('close', closed);
          if (error) reject(error);
          else resolve();
        };
        const closed = () => done(new Error('backup output closed'));
        this.out.once('drain', done);
        this.out.once('error', done);
        this.out.once('close', closed);
      });
    }
  }

  /** Writes the header; answers its bytes, which the closing digest covers. */
  private async writeHeader(entry: EntryHeader): Promise<Buffer> {
    const json = Buffer.from(JSON.stringify(entry), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    if (this.entries === 0) await this.write(MAGIC);
    await this.write(Buffer.concat([length, json]));
    return json;
  }

  private async finish(json: Buffer, digest: Buffer): Promise<void> {
    await this.write(digest);
    this.digests.update(json).update(digest);
    this.entries += 1;
  }

  /** An entry whose payload is in memory. */
  async entry(written: Written<EntryHeader>, payload: Buffer = Buffer.alloc(0)): Promise<void> {
    const entry = { ...written, size: payload.length } as EntryHeader;
    const json = await this.writeHeader(entry);
    if (payload.length > 0) await this.write(payload);
    await this.finish(json, createHash('sha256').update(payload).digest());
  }

  /** An entry whose payload of exactly `size` bytes comes from `chunks` (a file being read). */
  async streamed(written: Written<FileHeader>, size: number, chunks: AsyncIterable<Buffer>): Promise<void> {
    const entry: FileHeader = { ...written, size };
    const json = await this.writeHeader(entry);
    const hash = createHash('sha256');
    let seen = 0;
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (seen !== size) throw new Error(`${written.area}/${written.path} changed size while it was read`);
    await this.finish(json, hash.digest());
  }

  /** The closing entry; then end the output. */
  async end(): Promise<void> {
    const entry: EntryHeader = { kind: 'end', size: 0, entries: this.entries, digest: this.digests.digest('hex') };
    await this.writeHeader(entry);
    await this.write(createHash('sha256').update(Buffer.alloc(0)).digest());
  }
}

/** Exact reads from a byte stream (the gunzipped backup). */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Whether `n` bytes are buffered after reading what is needed; false at the end of the stream. */
  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  async exactly(n: number, what: string): Promise<Buffer> {
    if (!(await this.fill(n))) throw truncated(what);
    return this.take(n);
  }

  /** `n` bytes as chunks of at most 1 MiB. */
  async *stream(n: number, what: string): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      const want = Math.min(left, 1024 * 1024);
      if (!(await this.fill(1))) throw truncated(what);
      const chunk = this.take(Math.min(want, this.length));
      left -= chunk.length;
      yield chunk;
    }
  }

  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }
}

/** The stream ended inside an entry. */
class TruncatedError extends BackupFormatError {}

const truncated = (what: string) =>
  new TruncatedError(`the backup file is truncated: it ends inside ${what} (an interrupted copy or a full disk?)`);

/** One entry being read: its header and its payload, to be read or skipped before the next. */
export interface ReadEntry {
  header: EntryHeader;
  /** The payload in memory, checked against its checksum (not for files). */
  bytes(): Promise<Buffer>;
  /** The payload as chunks; the checksum is checked after the last one (throws then). */
  chunks(): AsyncGenerator<Buffer>;
}

function describe(entry: EntryHeader): string {
  if (entry.kind === 'file') return `the file ${entry.area}/${entry.path}`;
  if (entry.kind === 'rows') return `rows of the table ${entry.table}`;
  return `the ${entry.kind} entry`;
}

/**
 * The entries of a gunzipped backup stream, checked one by one: the format, every header, every
 * checksum, the order (meta first, end last and nothing after it). Throws BackupFormatError.
 */
export async function* readArchive(source: AsyncIterable<Buffer>): AsyncGenerator<ReadEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  const magic = await reader.exactly(MAGIC.length, 'its first bytes').catch((error: unknown) => {
    if (error instanceof TruncatedError) return Buffer.alloc(0);
    throw error;
  });
  if (!magic.equals(MAGIC)) throw new BackupFormatError('not a backup file of this server (its first bytes are wrong)');
  const digests = createHash('sha256');
  let count = 0;
  for (;;) {
    const length = (await reader.exactly(4, `entry ${count + 1}`)).readUInt32BE(0);
    if (length === 0 || length > MAX_HEADER_BYTES)
      throw new BackupFormatError(`the backup file is damaged: entry ${count + 1} has a header of ${length} bytes`);
    const json = await reader.exactly(length, `entry ${count + 1}`);
    let raw: unknown;
    try {
      raw = JSON.parse(json.toString('utf8'));
    } catch (error) {
      if (error instanceof BackupFormatError) throw error;
      throw new BackupFormatError(`the backup file is damaged: the header of entry ${count + 1} is not JSON`);
    }
    const parsed = header.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new BackupFormatError(
        `the backup file is damaged or hostile: entry ${count + 1}: ${issue.path.join('.') || 'header'} ${issue.message}`,
      );
    }
    const entry = parsed.data;
    if (count === 0 && entry.kind !== 'meta')
      throw new BackupFormatError('the backup file does not start with its description');
    if (count === 0 && entry.kind === 'meta' && entry.version !== BACKUP_FORMAT_VERSION)
      throw new BackupFormatError(
        `the backup file has format version ${entry.version}; this server reads version ${BACKUP_FORMAT_VERSION}`,
      );
    if (count > 0 && entry.kind === 'meta')
      throw new BackupFormatError('the backup file is damaged: a second description');
    const what = describe(entry);
    let consumed = false;
    const check = async (digest: Buffer) => {
      const stored = await reader.exactly(DIGEST_BYTES, what);
      if (!stored.equals(digest))
        throw new BackupFormatError(`the backup file is damaged: the checksum of ${what} does not match its content`);
      if (entry.kind !== 'end') digests.update(json).update(stored);
    };
    async function* chunks(): AsyncGenerator<Buffer> {
      if (consumed) throw new Error(`payload of ${what} already read`);
      consumed = true;
      const hash = createHash('sha256');
      for await (const chunk of reader.stream(entry.size, what)) {
        hash.update(chunk);
        yield chunk;
      }
      await check(hash.digest());
    }
    const bytes = async () => {
      const parts: Buffer[] = [];
      for await (const chunk of chunks()) parts.push(chunk);
      return Buffer.concat(parts);
    };
    if (entry.kind === 'end') {
      const expected = digests.digest('hex');
      await check(createHash('sha256').update(Buffer.alloc(0)).digest());
      if (entry.entries !== count || entry.digest !== expected)
        throw new BackupFormatError('the backup file is damaged: its entries are not those it was written with');
      if (!(await reader.atEnd())) throw new BackupFormatError('the backup file is damaged: bytes follow its end');
      yield { header: entry, bytes: async () => Buffer.alloc(0), chunks: async function* () {} };
      return;
    }
    yield { header: entry, bytes, chunks };
    if (!consumed) for await (const chunk of chunks()) void chunk;
    count += 1;
  }
}
