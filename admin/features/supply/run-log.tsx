/**
 * A run's log: the run (range, state, page progress, counts, why it failed; 暂停 / 继续), then every
 * item it read in order — the source's id and name, 新增 / 更新 / 跳过 / 失败 and why, and the title
 * it wrote (opening it in 影片's editor) — filtered by outcome, 50 a numbered page. Both are read
 * again every 2 s while the run is queued or running.
 */
import { useCallback } from 'react';
import { Link } from 'wouter';
import {
  ITEM_OUTCOME_LABELS,
  ITEM_OUTCOMES,
  RUN_ITEMS_PAGE_SIZE,
  RUN_MODE_LABELS,
  type ItemOutcome,
} from '../../../contract/admin/supply.ts';
import { consoleTime } from '../../components/console-time.ts';
import { Pager } from '../../components/pager.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useNumberedList } from '../../components/use-numbered-list.ts';
import { paramInt, paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { isActive, RunProgress } from './run-progress.tsx';
import { RunButtons } from './runs-table.tsx';
import { fetchRun, fetchRunItems, pauseRun, resumeRun } from './supply-calls.ts';
import { supplyText as text } from './supply-messages.ts';
import { usePolling } from '../../components/use-polling.ts';
import { useRunAction } from './use-run-action.ts';

interface LogQuery {
  outcome?: ItemOutcome;
  page: number;
}

const OUTCOME_BADGE: Record<ItemOutcome, string> = {
  added: 'badge badge--on',
  updated: 'badge supply-badge--running',
  skipped: 'badge badge--off',
  failed: 'badge badge--danger',
};

const readQuery = (params: URLSearchParams): LogQuery => ({
  outcome: paramOf(params, 'outcome', ITEM_OUTCOMES),
  page: paramInt(params, 'page') ?? 1,
});
const writeQuery = (query: LogQuery) => ({ outcome: query.outcome, page: query.page === 1 ? undefined : query.page });

export function RunLog({ id }: { id: number }) {
  const run = useLoad(() => fetchRun(id), String(id));
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const fetchPage = useCallback(
    (wanted: LogQuery) => fetchRunItems(id, wanted).then((page) => ({ list: page.items, total: page.total })),
    [id],
  );
  const items = useNumberedList(fetchPage, query);

  const { reload: reloadRun } = run;
  const { reload: reloadItems } = items;
  const reload = useCallback(async () => {
    reloadItems();
    await reloadRun();
  }, [reloadItems, reloadRun]);
  usePolling(isActive(run.data), reload);

  const { acting, error, act } = useRunAction(reload);

  const shown = run.data;
  const pages = items.total === null ? 1 : Math.max(1, Math.ceil(items.total / RUN_ITEMS_PAGE_SIZE));
  return (
    <section className="supply">
      <Link className="supply__back" href="/">
        {text.back}
      </Link>
      <h1 className="page-title">{shown ? text.logTitle(shown.sourceName, shown.id) : text.title}</h1>
      {run.error && (
        <p className="table__status table__status--error" role="alert">
          {run.error}
        </p>
      )}
      {shown && (
        <div className="supply-run" data-testid="run-summary">
          <div className="supply-run__meta">
            <span>{RUN_MODE_LABELS[shown.mode]}</span>
            {shown.mode === 'ids' && <span className="supply__muted">{shown.ids.join(', ')}</span>}
            <span className="supply__muted">{consoleTime(shown.createdAt)}</span>
            <span className="supply__muted">{shown.operatorName ?? text.schedule}</span>
          </div>
          <RunProgress run={shown} />
          <div className="supply__actions">
            <RunButtons
              run={shown}
              busy={acting}
              onPause={() => void act(() => pauseRun(shown.id))}
              onResume={() => void act(() => resumeRun(shown.id))}
            />
          </div>
        </div>
      )}
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      <div className="supply__bar">
        <select
          className="field__input"
          aria-label={text.outcome}
          value={query.outcome ?? ''}
          onChange={(event) =>
            setQuery({ outcome: (event.target.value || undefined) as ItemOutcome | undefined, page: 1 })
          }
        >
          <option value="">{text.anyOutcome}</option>
          {ITEM_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {ITEM_OUTCOME_LABELS[outcome]}
            </option>
          ))}
        </select>
        {items.total !== null && <span className="supply__muted">{text.logTotal(items.total)}</span>}
      </div>
      <div className="table-wrap">
        <table className="table table--compact supply-log" data-testid="run-log">
          <thead>
            <tr>
              <th className="table__num">{text.logColumns.page}</th>
              <th>{text.logColumns.vodId}</th>
              <th>{text.logColumns.name}</th>
              <th>{text.logColumns.outcome}</th>
              <th>{text.logColumns.reason}</th>
              <th>{text.logColumns.movie}</th>
              <th>{text.logColumns.at}</th>
            </tr>
          </thead>
          <tbody>
            {items.items.map((item) => (
              <tr key={item.id}>
                <td className="table__num">{item.page}</td>
                <td className="table__nowrap">
                  <code>{item.vodId}</code>
                </td>
                <td className="supply-log__name">{item.name}</td>
                <td>
                  <span className={OUTCOME_BADGE[item.outcome]}>{ITEM_OUTCOME_LABELS[item.outcome]}</span>
                </td>
                <td className="supply-log__reason">{item.reason}</td>
                <td className="table__nowrap">
                  {item.movieId !== null && (
                    <Link href={`~/admin/content/${item.movieId}`}>{text.openMovie(item.movieId)}</Link>
                  )}
                </td>
                <td className="table__nowrap supply__muted">{consoleTime(item.at, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={items.busy && items.total === null}
          empty={!items.busy && !items.error && items.items.length === 0}
          error={items.error}
          emptyText={text.logEmpty}
        />
      </div>
      <Pager page={query.page} pages={pages} busy={items.busy} onPage={(page) => setQuery({ ...query, page })} />
    </section>
  );
}
