/**
 * Rebuilds the whole index from the sources (`npm run reindex`, the demo seed, the scale seed):
 * each kind walked by id in batches of BATCH rows, each batch's documents built in Node and written
 * with one multi-row INSERT, the batch's id range cleared first, so the site keeps searching while
 * it runs and documents of sources gone are dropped. Given a Db, each batch is its own transaction
 * (a big store is never held in one); given a Queryable, everything runs in the caller's.
 */
import type { Db, Queryable } from '../db/db.ts';
import { DOC_KINDS, readDocs, SOURCES, type DocKind } from './documents.ts';
import { replaceDocs } from './index-writes.ts';

export const BATCH = 2_000;

export interface ReindexOptions {
  onProgress?: (kind: DocKind, done: number) => void;
  /** Sources per batch (tests use small ones). */
  batch?: number;
}

export interface ReindexReport {
  docs: Record<DocKind, number>;
  ms: number;
}

const isDb = (store: Db | Queryable): store is Db => typeof (store as Db).tx === 'function';

interface Batch {
  kind: DocKind;
  after: number;
  size: number;
  /** Hold the batch's sources against concurrent writes (FOR SHARE) until its documents are written. */
  lock: boolean;
  /** Told the next batch's start (null: this is the last) as soon as the batch's ids are known. */
  announce: (next: number | null) => void;
}

/** One batch: its ids (after `after`), their documents built and written; answers how many. */
async function runBatch(q: Queryable, b: Batch): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM ${SOURCES[b.kind].table} WHERE id > $1 ORDER BY id LIMIT ${b.size}${b.lock ? ' FOR SHARE' : ''}`,
    [b.after],
  );
  const last = rows.length === b.size ? rows[rows.length - 1]!.id : null;
  b.announce(last);
  const docs = await readDocs(
    q,
    b.kind,
    rows.map((row) => row.id),
  );
  await replaceDocs(q, b.kind, { after: b.after, upTo: last }, docs);
  return docs.length;
}

/**
 * Walks a kind's batches. On PostgreSQL two run at once, each its own transaction over its own id
 * range: one is built in Node while the other is written, so neither the process nor the store waits
 * on the other. Elsewhere one at a time (PGlite has one connection; a Queryable is one transaction).
 */
async function walkKind(store: Db | Queryable, kind: DocKind, size: number, count: (n: number) => void) {
  const lock = isDb(store) && store.kind === 'postgres';
  const parallel = lock ? 2 : 1;
  const running = new Set<Promise<void>>();
  let after: number | null = 0;
  while (after !== null) {
    let announce!: (next: number | null) => void;
    let fail!: (error: unknown) => void;
    const next = new Promise<number | null>((resolve, reject) => {
      announce = resolve;
      fail = reject;
    });
    const b: Batch = { kind, after, size, lock, announce };
    const work = (isDb(store) ? store.tx((q) => runBatch(q, b)) : runBatch(store, b)).then(count, (error) => {
      fail(error);
      throw error;
    });
    running.add(work);
    work.finally(() => running.delete(work)).catch(() => undefined);
    after = await next;
    if (running.size >= parallel) await Promise.race(running);
  }
  await Promise.all(running);
}

export async function reindexAll(store: Db | Queryable, options: ReindexOptions = {}): Promise<ReindexReport> {
  const started = Date.now();
  const docs = { movie: 0, post: 0, user: 0, tag: 0 };
  for (const kind of DOC_KINDS) {
    await walkKind(store, kind, options.batch ?? BATCH, (n) => {
      docs[kind] += n;
      options.onProgress?.(kind, docs[kind]);
    });
  }
  return { docs, ms: Date.now() - started };
}
