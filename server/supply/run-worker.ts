/**
 * The worker of collection runs (docs/collection.md "Runs"): reads the source page after page from
 * the page after the run's stored one, writes each item in a transaction of its own with its row of
 * the log and the run's counter (collect-item.ts), and stores the page once it is written whole.
 * Between pages it pauses when asked, and after half its job's expiry it hands the run to a new job
 * (so a worker that dies holds a run for at most that long). A source that cannot be read fails the
 * run with the reason; the item being written is rolled back, nothing is half-written. A worker
 * stopping aborts its run: the job is retried and goes on from the page after the last whole one;
 * the items of a page cut short are in the log already and are not read twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import {
  claimRun,
  endRun,
  loggedOnPage,
  logItem,
  noteItem,
  pageDone,
  sourceOf,
  typeMapOf,
  type RunRow,
  type SourceRow,
} from '../db/supply.ts';
import type { JobQueue, JobRecord } from '../jobs/job-queue.ts';
import type { Outbound } from '../net/outbound.ts';
import { writeItem, type ItemContext } from './collect-item.ts';
import { queueRunJob, SUPPLY_RUN_QUEUE, type SupplyRunData } from './run-control.ts';
import { readVodPage, runQuery, SupplyFetchError, type FetchLimits } from './source-client.ts';
import { collectPoster } from './supply-poster.ts';
import type { VodEntry } from './vod-clean.ts';

/** Ids asked at once in an 指定 ID run: a MacCMS page's default size, which sources answer whole. */
export const IDS_PER_PAGE = 20;
/** No run reads further (a source whose page count never ends). */
const MAX_PAGES = 100_000;

export type SupplySettings = Pick<
  Config,
  'SUPPLY_PAGE_TIMEOUT_MS' | 'SUPPLY_PAGE_MAX_BYTES' | 'SUPPLY_JOB_EXPIRE_SECONDS' | 'MEDIA_DIR'
>;

const chunks = (ids: string[]): string[][] =>
  Array.from({ length: Math.ceil(ids.length / IDS_PER_PAGE) }, (_, i) =>
    ids.slice(i * IDS_PER_PAGE, (i + 1) * IDS_PER_PAGE),
  );

export class SupplyRuns {
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly settings: SupplySettings,
    private readonly jobs: JobQueue,
    private readonly outbound: Outbound,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get limits(): FetchLimits {
    return { timeoutMs: this.settings.SUPPLY_PAGE_TIMEOUT_MS, maxBytes: this.settings.SUPPLY_PAGE_MAX_BYTES };
  }

  work(): Promise<void> {
    return this.jobs.work<SupplyRunData>(SUPPLY_RUN_QUEUE, (job) => this.run(job));
  }

  /** Aborts the running run: its job is retried by the next process that runs the workers. */
  close(): void {
    this.abort.abort(new Error('the job workers are stopping'));
  }

  async run(job: JobRecord<SupplyRunData>): Promise<void> {
    const run = await claimRun(this.db, job.data.runId, job.id);
    if (!run) return;
    const source = await sourceOf(this.db, run.sourceId);
    if (!source) return;
    if (!source.enabled) return endRun(this.db, run.id, 'failed', '采集源已停用');
    try {
      await this.pages(run, source, Date.now());
    } catch (error) {
      if (error instanceof SupplyFetchError) return endRun(this.db, run.id, 'failed', error.message);
      if (this.abort.signal.aborted) throw error;
      this.log.error({ err: error, runId: run.id }, 'collection run failed');
      // A fault of ours: retried while attempts remain, then the run says what went wrong.
      if (job.retryCount >= job.retryLimit)
        return endRun(this.db, run.id, 'failed', `采集出错：${(error as Error).message}`.slice(0, 500));
      throw error;
    }
  }

  private async pages(run: RunRow, source: SourceRow, started: number): Promise<void> {
    const signal = this.abort.signal;
    const ctx: ItemContext = {
      source,
      typeMap: await typeMapOf(this.db, source.id),
      actor: { operatorId: run.operatorId, address: `supply-run ${run.id}` },
      keepUrl: (url) => this.outbound.check(url, true).url !== undefined,
      now: Date.now(),
    };
    const idChunks = run.mode === 'ids' ? chunks(run.ids) : null;
    let page = run.page;
    for (;;) {
      const next = page + 1;
      if (idChunks && next > idChunks.length) break;
      if (next > MAX_PAGES) break;
      const data = await readVodPage(
        this.outbound,
        source,
        runQuery(run.mode, next, idChunks?.[next - 1]),
        this.limits,
        signal,
      );
      const logged = await loggedOnPage(this.db, run.id, next);
      for (const entry of data.items) {
        signal.throwIfAborted();
        if (logged.has(entry.vodId)) continue;
        logged.add(entry.vodId);
        await this.item(run.id, next, { ...ctx, now: Date.now() }, entry);
      }
      const pageCount = idChunks
        ? idChunks.length
        : data.pageCount > 0
          ? data.pageCount
          : next + (data.items.length > 0 ? 1 : 0);
      page = next;
      const pause = await pageDone(this.db, run.id, page, Math.max(page, pageCount));
      if (!idChunks && (data.items.length === 0 || page >= pageCount)) break;
      if (idChunks && page >= idChunks.length) break;
      if (pause) return endRun(this.db, run.id, 'paused');
      if (Date.now() - started > (this.settings.SUPPLY_JOB_EXPIRE_SECONDS * 1000) / 2) {
        await this.db.tx((q) => queueRunJob(q, this.jobs, run.id));
        this.jobs.nudge(SUPPLY_RUN_QUEUE);
        return;
      }
    }
    await endRun(this.db, run.id, 'done');
  }

  /** One item: written and logged in one transaction; its picture after, outside it. */
  private async item(runId: number, page: number, ctx: ItemContext, entry: VodEntry): Promise<void> {
    const logged = { runId, page, vodId: entry.vodId, name: entry.name };
    let written: { movieId: number | null; wantsPoster: boolean; logId: number };
    try {
      written = await this.db.tx(async (q) => {
        const result = await writeItem(q, ctx, entry);
        const logId = await logItem(q, { ...logged, ...result });
        return { ...result, logId };
      });
    } catch (error) {
      if (this.abort.signal.aborted) throw error;
      this.log.warn({ err: error, runId, vodId: entry.vodId }, 'collected item not written');
      const reason = `写入失败：${(error as Error).message}`.slice(0, 500);
      await this.db.tx((q) => logItem(q, { ...logged, outcome: 'failed', reason, movieId: null }));
      return;
    }
    if (!written.wantsPoster || written.movieId === null) return;
    let note: string | null;
    try {
      note = await collectPoster(
        this.db,
        this.outbound,
        this.settings.MEDIA_DIR,
        written.movieId,
        entry.pic,
        this.settings.SUPPLY_PAGE_TIMEOUT_MS,
      );
    } catch (error) {
      this.log.warn({ err: error, runId, vodId: entry.vodId }, 'collected picture not written');
      note = '封面写入失败，保留占位封面';
    }
    if (note) await noteItem(this.db, written.logId, note);
  }
}
