/**
 * The sitemaps of a site (docs/operations.md "Search engines"): an index listing, per kind, files
 * of at most `perFile` page URLs (50,000 by the protocol; each URL is short, so a file stays far
 * under its 50 MB), every URL absolute on the origin the caller gives (the requesting site's own).
 *
 * Kept in memory per process: a kind's file bounds (server/db/sitemaps.ts) and the files (up to
 * `maxCachedBytes`, the least recently used dropped first): each read once without its origin, then
 * finished per origin asked for, so a Host with another port or scheme costs a string join, never
 * another query. A write that changes what a kind shows (published, hidden, deleted, edited)
 * advances the kind's change mark in the database (migration 032); a request looks at the marks at
 * most every `checkMs` (5 s), and what was read of a kind whose mark moved is forgotten, in every
 * process, so the item is in (or out of) the files seconds after the write. Kept bounds are also
 * read anew after `ttlMs` (10 minutes): a title whose publication time comes changes no row. Once
 * that old, they are still answered while one read of them runs in the background, so only a cold
 * process (or a change) makes a crawler wait for them; the files made from older bounds go with them.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '../db/db.ts';
import {
  changeMarks,
  fileBounds,
  fileXml,
  perSite,
  SITEMAP_KINDS,
  type FileBound,
  type SitemapKind,
} from '../db/sitemaps.ts';
import { escapeXml, sitemapIndex, urlset, type SitemapEntry } from './sitemap-xml.ts';

const gzipAsync = promisify(gzip);

/** The protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapOptions {
  /** URLs per file: SITEMAP_MAX_URLS, smaller in tests. */
  perFile?: number;
  ttlMs?: number;
  /** How often the change marks are looked at (on a request). */
  checkMs?: number;
  /** Files kept (finished per origin, and without their origin), in characters of XML. */
  maxCachedBytes?: number;
  clock?: () => number;
  /** Told when a background read of bounds or of the change marks fails (what was read is kept). */
  onError?: (error: unknown) => void;
}

/** Where a file's origin goes: the database writes each <loc> with the page's path alone. */
const LOC = '<loc>';

/** The path of file `n` (from 1) of a kind, e.g. /sitemaps/movies-2.xml. */
export const sitemapFilePath = (kind: SitemapKind, n: number): string => `/sitemaps/${kind}-${n}.xml`;

/** A finished file: its XML and, once asked for, its gzip. */
export interface SitemapFile {
  xml: Buffer;
  gzipped(): Promise<Buffer>;
}

interface Bounds {
  readAt: number;
  generation: number;
  bounds: Promise<FileBound[]>;
  refreshing: boolean;
}

export class Sitemaps {
  private readonly perFile: number;
  private readonly ttlMs: number;
  private readonly maxCachedBytes: number;
  private readonly clock: () => number;
  private readonly bounds = new Map<string, Bounds>();
  /** Files without their origin, and finished files per origin, least recently used first. */
  private readonly kept = new Map<string, { value: Promise<unknown>; bytes: number }>();
  private keptBytes = 0;
  private generations = 0;
  private readonly checkMs: number;
  private marks: Record<SitemapKind, string> | undefined;
  private changedBefore = new Set<SitemapKind>();
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: SitemapOptions = {},
  ) {
    this.perFile = options.perFile ?? SITEMAP_MAX_URLS;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.checkMs = options.checkMs ?? 5_000;
    this.maxCachedBytes = options.maxCachedBytes ?? 64 * 1024 * 1024;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The sitemap index of the site: every file of every kind with rows, its lastmod the latest of its rows'. */
  async index(siteId: number, origin: string): Promise<string> {
    await this.checkChanges();
    const entries: SitemapEntry[] = [];
    for (const kind of SITEMAP_KINDS) {
      const { bounds } = this.boundsOf(kind, siteId);
      (await bounds).forEach((bound, i) =>
        entries.push({ loc: `${origin}${sitemapFilePath(kind, i + 1)}`, lastmod: bound.lastmod }),
      );
    }
    return sitemapIndex(entries);
  }

  /** File `n` (from 1) of `kind` for the site, or undefined when the index has no such file. */
  async file(siteId: number, kind: SitemapKind, n: number, origin: string): Promise<SitemapFile | undefined> {
    await this.checkChanges();
    const entry = this.boundsOf(kind, siteId);
    const bounds = await entry.bounds;
    if (!Number.isSafeInteger(n) || n < 1 || n > bounds.length) return undefined;
    // The file without its origin, read once whatever sites (for a kind they share) and origins ask
    // for it: a generation is one read of one kind's bounds (per site where the kind is per site).
    const key = `${entry.generation} ${n}`;
    const template = this.keep(
      key,
      async () => {
        const range = {
          after: n === 1 ? null : bounds[n - 2]!.lastId,
          upTo: n === bounds.length ? null : bounds[n - 1]!.lastId,
        };
        const { xml } = await fileXml(this.db, kind, siteId, range, this.perFile);
        return urlset(xml).split(LOC);
      },
      (parts) => parts.reduce((bytes, part) => bytes + part.length, 0),
    );
    return this.keep(
      `${key} ${origin}`,
      async () => finished((await template).join(`${LOC}${escapeXml(origin)}`)),
      (made) => made.xml.length,
    );
  }

  /** What `key` keeps, else what `make` makes, kept (counted as `bytes` of it) unless it fails. */
  private keep<T>(key: string, make: () => Promise<T>, bytes: (value: T) => number): Promise<T> {
    const kept = this.kept.get(key);
    if (kept) {
      // Used again: now the newest.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = make();
    const slot = { value, bytes: 0 };
    this.kept.set(key, slot);
    value.then(
      (made) => {
        if (this.kept.get(key) !== slot) return;
        slot.bytes = bytes(made);
        this.keptBytes += slot.bytes;
        this.trim();
      },
      () => this.drop(key),
    );
    return value;
  }

  private boundsOf(kind: SitemapKind, siteId: number): Bounds {
    const key = perSite(kind) ? `${kind} ${siteId}` : kind;
    const kept = this.bounds.get(key);
    const now = this.clock();
    if (kept && now - kept.readAt < this.ttlMs) return kept;
    if (kept) {
      // Stale: answered as it is while one read of new bounds runs.
      if (!kept.refreshing) {
        kept.refreshing = true;
        const next = fileBounds(this.db, kind, siteId, this.perFile);
        next.then(
          () =>
            this.replaceBounds(key, {
              readAt: this.clock(),
              generation: ++this.generations,
              bounds: next,
              refreshing: false,
            }),
          (error: unknown) => {
            kept.refreshing = false;
            kept.readAt = this.clock(); // tried again after another TTL, not on every request
            this.options.onError?.(error);
          },
        );
      }
      return kept;
    }
    const fresh: Bounds = {
      readAt: now,
      generation: ++this.generations,
      bounds: fileBounds(this.db, kind, siteId, this.perFile),
      refreshing: false,
    };
    this.bounds.set(key, fresh);
    fresh.bounds.catch(() => {
      if (this.bounds.get(key) === fresh) this.bounds.delete(key);
    });
    return fresh;
  }

  /** New bounds of a kind: the files made from the old ones go with them. */
  private replaceBounds(key: string, next: Bounds): void {
    const old = this.bounds.get(key);
    this.bounds.set(key, next);
    if (old) this.dropFilesOf(old);
  }

  /**
   * When due, reads the change marks and forgets what was read of each kind whose mark moved. A kind
   * that changed is forgotten again at the next check: the write that moved its mark may not have
   * been committed (so not yet seen) when the kind was read anew.
   */
  private async checkChanges(): Promise<void> {
    if (this.clock() - this.checkedAt < this.checkMs) return;
    this.checking ??= changeMarks(this.db)
      .then(
        (marks) => {
          const changed = new Set(SITEMAP_KINDS.filter((kind) => this.marks && this.marks[kind] !== marks[kind]));
          for (const kind of new Set([...changed, ...this.changedBefore])) this.forget(kind);
          this.marks = marks;
          this.changedBefore = changed;
        },
        (error: unknown) => this.options.onError?.(error),
      )
      .finally(() => {
        this.checkedAt = this.clock();
        this.checking = null;
      });
    await this.checking;
  }

  /** Forgets a kind's bounds (of every site) and the files made from them: the next request reads them. */
  private forget(kind: SitemapKind): void {
    for (const [key, bounds] of [...this.bounds]) {
      if (key !== kind && !key.startsWith(`${kind} `)) continue;
      this.bounds.delete(key);
      this.dropFilesOf(bounds);
    }
  }

  private dropFilesOf(bounds: Bounds): void {
    const prefix = `${bounds.generation} `;
    for (const fileKey of [...this.kept.keys()]) if (fileKey.startsWith(prefix)) this.drop(fileKey);
  }

  private drop(key: string): void {
    const slot = this.kept.get(key);
    if (!slot) return;
    this.kept.delete(key);
    this.keptBytes -= slot.bytes;
  }

  /** Drops the least recently used files while over the byte budget (0: none is kept once sent). */
  private trim(): void {
    for (const key of this.kept.keys()) {
      if (this.keptBytes <= this.maxCachedBytes) return;
      this.drop(key);
    }
  }
}

function finished(xml: string): SitemapFile {
  const bytes = Buffer.from(xml, 'utf8');
  let gzipped: Promise<Buffer> | undefined;
  return { xml: bytes, gzipped: () => (gzipped ??= gzipAsync(bytes)) };
}
