/**
 * Page views of movies and posts, counted the way large sites count them: opening a detail page
 * adds one to this process's tally, with no write in the read, and the tallies are written in one
 * statement per kind every VIEW_FLUSH_MS and when the server closes (app.ts), so every view reaches
 * the row in the end. A write that fails keeps its tallies for the next one; only a process killed
 * outright loses what it held (at most one interval's views). Each process keeps its own tallies
 * and adds them to the row, so any number of processes count exactly. A detail answer shows the
 * row's count and what this process holds for it, so a viewer sees their own view at once.
 */
import type { Db, Queryable } from './db.ts';

export type ViewKind = 'movie' | 'post';

/** How often the tallies are written. */
export const VIEW_FLUSH_MS = 5_000;

const TABLES: Record<ViewKind, string> = { movie: 'movies', post: 'posts' };
const KINDS = Object.keys(TABLES) as ViewKind[];

type Tallies = Record<ViewKind, Map<number, number>>;
const noTallies = (): Tallies => ({ movie: new Map(), post: new Map() });

/** Adds each row's tally to its views, rows in id order (two processes lock them alike). */
async function writeTallies(q: Queryable, kind: ViewKind, tallies: ReadonlyMap<number, number>): Promise<void> {
  if (tallies.size === 0) return;
  const ids = [...tallies.keys()].sort((a, b) => a - b);
  await q.query(
    `UPDATE ${TABLES[kind]} t SET views = t.views + v.n
       FROM unnest($1::int8[], $2::int8[]) AS v(id, n) WHERE t.id = v.id`,
    [ids, ids.map((id) => tallies.get(id)!)],
  );
}

export class ViewCounts {
  #held: Tallies = noTallies();
  /** The tallies being written: not in the row until their transaction commits. */
  #taken: Tallies = noTallies();
  #writing: Promise<unknown> = Promise.resolve();

  /** Counts a view of the item; answers the views this process holds for it, this one included. */
  add(kind: ViewKind, id: number): number {
    const held = this.#held[kind];
    held.set(id, (held.get(id) ?? 0) + 1);
    return this.held(kind, id);
  }

  /** The row as its viewer sees it with their view counted: its views and what this process holds for it. */
  count<Row extends { id: number; views: number }>(kind: ViewKind, row: Row): Row {
    return { ...row, views: row.views + this.add(kind, row.id) };
  }

  /** The views of the item this process counted and the row does not show yet. */
  held(kind: ViewKind, id: number): number {
    return (this.#held[kind].get(id) ?? 0) + (this.#taken[kind].get(id) ?? 0);
  }

  /** Writes the tallies held now, in one transaction (one write at a time); views counted meanwhile wait for the next. */
  flush(db: Db): Promise<void> {
    const write = this.#writing.then(() => this.#write(db));
    this.#writing = write.catch(() => undefined);
    return write;
  }

  async #write(db: Db): Promise<void> {
    const taken = this.#held;
    if (KINDS.every((kind) => taken[kind].size === 0)) return;
    this.#held = noTallies();
    this.#taken = taken;
    try {
      await db.tx(async (q) => {
        for (const kind of KINDS) await writeTallies(q, kind, taken[kind]);
      });
    } catch (error) {
      for (const kind of KINDS)
        for (const [id, count] of taken[kind]) this.#held[kind].set(id, (this.#held[kind].get(id) ?? 0) + count);
      throw error;
    } finally {
      this.#taken = noTallies();
    }
  }
}
