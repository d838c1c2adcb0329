/**
 * 采集记录: runs newest first, a numbered page, optionally of one source — each with its range, state
 * and page progress, counts, who started it (定时任务 for the schedule), 暂停 / 继续 where they
 * apply and its 日志. The page reads it again every 2 s while a run shown is queued or running.
 */
import { Link } from 'wouter';
import { RUN_MODE_LABELS, RUNS_PAGE_SIZE, type SupplyRun, type SupplySource } from '../../../contract/admin/supply.ts';
import { consoleTime } from '../../components/console-time.ts';
import { Pager } from '../../components/pager.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import type { NumberedList } from '../../components/use-numbered-list.ts';
import { isActive, RunProgress } from './run-progress.tsx';
import { supplyText as text } from './supply-messages.ts';

export interface RunsQuery {
  sourceId?: number;
  page: number;
}

export function RunButtons({
  run,
  busy,
  onPause,
  onResume,
}: {
  run: SupplyRun;
  busy: boolean;
  onPause: (run: SupplyRun) => void;
  onResume: (run: SupplyRun) => void;
}) {
  return (
    <>
      {isActive(run) && !run.pauseRequested && (
        <button className="button button--small" type="button" disabled={busy} onClick={() => onPause(run)}>
          {text.pause}
        </button>
      )}
      {(run.state === 'paused' || run.state === 'failed') && (
        <button className="button button--small" type="button" disabled={busy} onClick={() => onResume(run)}>
          {text.resume}
        </button>
      )}
    </>
  );
}

export function RunsTable({
  runs,
  query,
  sources,
  busy,
  onQuery,
  onPause,
  onResume,
}: {
  runs: NumberedList<SupplyRun>;
  query: RunsQuery;
  sources: SupplySource[];
  /** A pause or resume is being sent. */
  busy: boolean;
  onQuery: (query: RunsQuery) => void;
  onPause: (run: SupplyRun) => void;
  onResume: (run: SupplyRun) => void;
}) {
  const pages = runs.total === null ? 1 : Math.max(1, Math.ceil(runs.total / RUNS_PAGE_SIZE));
  return (
    <section className="supply-runs" aria-labelledby="supply-runs-title">
      <div className="supply__bar">
        <h2 className="supply__subtitle" id="supply-runs-title">
          {text.runsTitle}
        </h2>
        <select
          className="field__input"
          aria-label={text.runs.source}
          value={query.sourceId ?? ''}
          onChange={(event) =>
            onQuery({ sourceId: event.target.value ? Number(event.target.value) : undefined, page: 1 })
          }
        >
          <option value="">{text.allSources}</option>
          {sources.map((source) => (
            <option key={source.id} value={source.id}>
              {source.name}
            </option>
          ))}
        </select>
      </div>
      <div className="table-wrap">
        <table className="table table--hover supply-runs__table" data-testid="runs-table">
          <thead>
            <tr>
              <th className="table__num">{text.runs.id}</th>
              <th>{text.runs.source}</th>
              <th>{text.runs.mode}</th>
              <th>{text.runs.progress}</th>
              <th className="table__num">{text.runs.counts}</th>
              <th>{text.runs.started}</th>
              <th>{text.runs.operator}</th>
              <th>{text.runs.actions}</th>
            </tr>
          </thead>
          <tbody>
            {runs.items.map((run) => (
              <tr key={run.id} data-testid={`run-${run.id}`}>
                <td className="table__num">#{run.id}</td>
                <td className="table__nowrap">{run.sourceName}</td>
                <td className="table__nowrap" title={run.ids.join(', ') || undefined}>
                  {RUN_MODE_LABELS[run.mode]}
                  {run.mode === 'ids' && <span className="supply__muted"> · {run.ids.length}</span>}
                </td>
                <td className="supply-runs__progress">
                  <RunProgress run={run} counts={false} />
                </td>
                <td className="table__num table__nowrap">
                  {run.added} / {run.updated} / {run.skipped} /{' '}
                  <span className={run.failed > 0 ? 'supply__bad' : undefined}>{run.failed}</span>
                </td>
                <td className="table__nowrap supply__muted">{consoleTime(run.createdAt)}</td>
                <td className="table__nowrap">{run.operatorName ?? text.schedule}</td>
                <td>
                  <div className="supply__actions">
                    <RunButtons run={run} busy={busy} onPause={onPause} onResume={onResume} />
                    <Link className="button button--small" href={`/runs/${run.id}`}>
                      {text.log}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={runs.busy && runs.total === null}
          empty={!runs.busy && !runs.error && runs.items.length === 0}
          error={runs.error}
          emptyText={text.runsEmpty}
        />
      </div>
      <Pager page={query.page} pages={pages} busy={runs.busy} onPage={(page) => onQuery({ ...query, page })} />
    </section>
  );
}
