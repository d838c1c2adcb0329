/**
 * The sitemaps of a site (docs/operations.md "Search engines"): an index listing, per kind, files
 * of at most `perFile` page URLs (50,000 by the protocol; each URL is short, so a file stays far
 * under its 50 MB), every URL absolute on the origin the caller gives (the requesting site's own).
 *
 * The files are made ahead and kept in the database (server/db/sitemaps.ts `makeFiles`, migration
 * 038), so a crawler's request reads one made file, never the rows behind it. A file's first
 * request on an origin joins the origin into the made body; for an origin without a port (a site's
 * own, a bounded few) the finished file is kept gzipped in the store, which every process answers
 * from after, and each make that rewrites the file finishes it anew for those origins. A process
 * keeps, per kind (and site where the kind is per site), the list of made files, and the files it
 * answered (up to `maxCachedBytes`, least recently used dropped first; a made body read once
 * whatever origins ask for it).
 *
 * A write that changes what a kind shows (published, hidden, deleted, edited) advances the kind's
 * change mark (migration 032). A request looks at the marks at most every `checkMs` (5 s); for a
 * kind whose mark moved, the process makes its files again in the background (one process at a
 * time: the others wait, find them made, and read the new list) while the made files are answered,
 * so the item is in (or out of) the files seconds after the write and no crawler waits for a make.
 * A kind is made once more at the next look after a change (the write that moved its mark may not
 * have been committed, so not yet seen, when it was made) and again every `ttlMs` (10 minutes: a
 * title whose publication time comes changes no row). Only the first use of a kind by a process
 * may wait for a make: when it was never made, or changed while no process looked.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Db } from '../db/db.ts';
import {
  changeMarks,
  keepServed,
  madeBody,
  madeFiles,
  makeFiles,
  perSite,
  servedFile,
  servedOrigins,
  SITEMAP_KINDS,
  versionOf,
  type MadeFile,
  type ServedKey,
  type SitemapKind,
  type WrittenFile,
} from '../db/sitemaps.ts';
import { escapeXml, sitemapIndex, urlset, type SitemapEntry } from './sitemap-xml.ts';

// In chunks of 1 MiB, not zlib's 16 KiB: a file of 50,000 URLs (5 MB) inflates in 3 ms, not 10-30.
const ZLIB_CHUNK = { chunkSize: 1 << 20 };
const gzipAsync = (bytes: Buffer) => promisify(gzip)(bytes, ZLIB_CHUNK);
const gunzipAsync = (bytes: Buffer) => promisify(gunzip)(bytes, ZLIB_CHUNK);

/** The protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapOptions {
  /** URLs per file: SITEMAP_MAX_URLS, smaller in tests. */
  perFile?: number;
  /** How long a kind's files stand without a change before they are made again. */
  ttlMs?: number;
  /** How often the change marks are looked at (on a request). */
  checkMs?: number;
  /** Files kept (finished per origin, and without their origin), in characters of XML. */
  maxCachedBytes?: number;
  clock?: () => number;
  /** Told when a make in the background or a look at the change marks fails (what was made is kept). */
  onError?: (error: unknown) => void;
}

/** Where a file's origin goes: the database writes each <loc> with the page's path alone. */
const LOC = '<loc>';

/** The path of file `n` (from 1) of a kind, e.g. /sitemaps/movies-2.xml. */
export const sitemapFilePath = (kind: SitemapKind, n: number): string => `/sitemaps/${kind}-${n}.xml`;

/** A finished file: its XML and its gzip, each made once when asked for. */
export interface SitemapFile {
  xml(): Promise<Buffer>;
  gzipped(): Promise<Buffer>;
}

/** What a process knows of one kind's made files (of one site where the kind is per site). */
interface Kept {
  kind: SitemapKind;
  siteId: number;
  /** The made files, as last read. */
  files: Promise<MadeFile[]>;
  /** When they were last made (or found made) by this process, on its clock. */
  madeAt: number;
  /** A make running in the background, if any. */
  making: Promise<void> | null;
  /** Make again at the next look, even if the mark has not moved since. */
  again: boolean;
}

export class Sitemaps {
  private readonly perFile: number;
  private readonly ttlMs: number;
  private readonly checkMs: number;
  private readonly maxCachedBytes: number;
  private readonly clock: () => number;
  private readonly kinds = new Map<string, Kept>();
  /** Files without their origin, and finished files per origin, least recently used first. */
  private readonly kept = new Map<string, { value: Promise<unknown>; bytes: number }>();
  private keptBytes = 0;
  private marks: Record<SitemapKind, string> | undefined;
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

  /** The sitemap index of the site: every made file of every kind, its lastmod the latest of its rows'. */
  async index(siteId: number, origin: string): Promise<string> {
    await this.checkChanges();
    const entries: SitemapEntry[] = [];
    for (const kind of SITEMAP_KINDS) {
      for (const file of await this.keptOf(kind, siteId).files) {
        entries.push({ loc: `${origin}${sitemapFilePath(kind, file.n)}`, lastmod: file.lastmod });
      }
    }
    return sitemapIndex(entries);
  }

  /** File `n` (from 1) of `kind` for the site, or undefined when the index has no such file. */
  async file(siteId: number, kind: SitemapKind, n: number, origin: string): Promise<SitemapFile | undefined> {
    await this.checkChanges();
    const made = (await this.keptOf(kind, siteId).files)[n - 1];
    if (!Number.isSafeInteger(n) || !made) return undefined;
    const version = versionOf(made);
    const key = `${this.keyOf(kind, siteId)} ${n} ${version} ${origin}`;
    const file = await this.keep(
      key,
      () => this.finish({ kind, siteId, perFile: this.perFile, n, origin }, version),
      (finishedFile) => finishedFile?.bytes ?? 0,
    );
    if (file === null) this.drop(key);
    return file ?? undefined;
  }

  /**
   * The file finished for the origin: kept gzipped in the store for an origin without a port (a
   * site's own), else made from the made file's body (read once per version, whatever origins ask
   * for it) and, for such an origin, kept. null: made away since the list was read (by another
   * process): not found, until the list is read anew.
   */
  private async finish(key: ServedKey, version: string): Promise<FinishedFile | null> {
    const kept = keepsServed(key.origin) ? await servedFile(this.db, key, version) : undefined;
    if (kept) return fromGzip(kept);
    const templateKey = `${this.keyOf(key.kind, key.siteId)} ${key.n} ${version}`;
    // The body as made now, with the version it is (newer than the list's when another process
    // has made it since): the finished file is kept under that one.
    const template = await this.keep(
      templateKey,
      async () => {
        const made = await madeBody(this.db, key.kind, key.siteId, key.perFile, key.n);
        return made === undefined ? null : { parts: partsOf(made.body), version: made.version };
      },
      (made) => made?.parts.reduce((bytes, part) => bytes + part.length, 0) ?? 0,
    );
    if (template === null) {
      this.drop(templateKey);
      return null;
    }
    const file = fromXml(joinOrigin(template.parts, key.origin));
    if (keepsServed(key.origin)) {
      await keepServed(this.db, key, template.version, await file.gzipped()).catch((error: unknown) =>
        this.options.onError?.(error),
      );
    }
    return file;
  }

  /** After a make: the files it wrote, finished anew for every origin they were finished for. */
  private async finishWritten(kind: SitemapKind, siteId: number, written: readonly WrittenFile[]): Promise<void> {
    if (written.length === 0) return;
    const origins = await servedOrigins(this.db, kind, siteId, this.perFile);
    for (const file of written) {
      const parts = partsOf(file.body);
      for (const origin of origins) {
        const gz = await gzipAsync(Buffer.from(joinOrigin(parts, origin), 'utf8'));
        await keepServed(this.db, { kind, siteId, perFile: this.perFile, n: file.n, origin }, file.version, gz);
      }
    }
  }

  /** Waits for the makes running in the background (tests, and the bench). */
  async settled(): Promise<void> {
    while (true) {
      const running = [...this.kinds.values()].flatMap((kept) => (kept.making ? [kept.making] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  private keyOf(kind: SitemapKind, siteId: number): string {
    return perSite(kind) ? `${kind} ${siteId}` : kind;
  }

  /** What the process knows of a kind: read (made first if it never was) on first use, made again once old. */
  private keptOf(kind: SitemapKind, siteId: number): Kept {
    const key = this.keyOf(kind, siteId);
    const known = this.kinds.get(key);
    if (known) {
      if (this.clock() - known.madeAt >= this.ttlMs) this.makeAgain(known, true);
      return known;
    }
    const fresh: Kept = {
      kind,
      siteId,
      files: this.readOrMake(kind, siteId),
      madeAt: this.clock(),
      making: null,
      again: false,
    };
    this.kinds.set(key, fresh);
    fresh.files.catch(() => {
      if (this.kinds.get(key) === fresh) this.kinds.delete(key);
    });
    return fresh;
  }

  /**
   * A kind's made files on its first use by the process, made first unless made at the current
   * mark (never made, or changed while no process looked).
   */
  private async readOrMake(kind: SitemapKind, siteId: number): Promise<MadeFile[]> {
    const written = await this.make(kind, siteId, false);
    // The origins' finished copies in the background: a request finishes its own if it comes first.
    this.finishWritten(kind, siteId, written).catch((error: unknown) => this.options.onError?.(error));
    return (await madeFiles(this.db, kind, siteId, this.perFile)) ?? [];
  }

  /** Makes a kind's files (`always`: even when made at the current mark); answers the files it wrote. */
  private async make(kind: SitemapKind, siteId: number, always: boolean): Promise<WrittenFile[]> {
    const written: WrittenFile[] = [];
    await makeFiles(this.db, kind, siteId, this.perFile, always, (file) => written.push(file));
    return written;
  }

  /**
   * Makes a kind's files again in the background (`always`: even when they were made at the
   * current mark, by this process or another), then reads their list; what was made is answered
   * meanwhile, and kept if the make fails.
   */
  private makeAgain(kept: Kept, always: boolean): void {
    if (kept.making) return;
    kept.madeAt = this.clock();
    kept.making = (async () => {
      try {
        const written = await this.make(kept.kind, kept.siteId, always);
        const files = await madeFiles(this.db, kept.kind, kept.siteId, this.perFile);
        if (files) kept.files = Promise.resolve(files);
        await this.finishWritten(kept.kind, kept.siteId, written);
      } catch (error) {
        this.options.onError?.(error);
      } finally {
        kept.making = null;
      }
    })();
  }

  /**
   * When due, reads the change marks and makes again each kind whose mark moved, and once more
   * at the following look.
   */
  private async checkChanges(): Promise<void> {
    if (this.clock() - this.checkedAt < this.checkMs) return;
    this.checking ??= changeMarks(this.db)
      .then(
        (marks) => {
          for (const kept of this.kinds.values()) {
            const moved = this.marks !== undefined && this.marks[kept.kind] !== marks[kept.kind];
            if (moved || kept.again) this.makeAgain(kept, kept.again);
            kept.again = moved;
          }
          this.marks = marks;
        },
        (error: unknown) => this.options.onError?.(error),
      )
      .finally(() => {
        this.checkedAt = this.clock();
        this.checking = null;
      });
    await this.checking;
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

/** An origin whose finished files are kept in the store: one without a port (a site has two or three), so a Host header's port cannot multiply them. */
const keepsServed = (origin: string): boolean => /^https?:\/\/[^/:?#]+(?:\/[^:?#]*)?$/.test(origin);

/** A made file's <url> lines as a whole file, split on <loc> for origins to be joined in. */
const partsOf = (body: string): string[] => urlset(body).split(LOC);

/** A file's body split on <loc>, with the origin joined into each. */
const joinOrigin = (parts: readonly string[], origin: string): string => parts.join(`${LOC}${escapeXml(origin)}`);

/** A finished file and the bytes it holds in memory. */
interface FinishedFile extends SitemapFile {
  bytes: number;
}

function fromXml(text: string): FinishedFile {
  const xml = Buffer.from(text, 'utf8');
  let gzipped: Promise<Buffer> | undefined;
  return { bytes: xml.length, xml: async () => xml, gzipped: () => (gzipped ??= gzipAsync(xml)) };
}

function fromGzip(gz: Buffer): FinishedFile {
  let xml: Promise<Buffer> | undefined;
  return { bytes: gz.length, xml: () => (xml ??= gunzipAsync(gz)), gzipped: async () => gz };
}
