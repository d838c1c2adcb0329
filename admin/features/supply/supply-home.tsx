/**
 * 资源采集's first screen: the sources (name, URL, format, 启用, 入库方式, 定时, mapped types, titles
 * collected, the latest run's state and progress) with 新增源站, 编辑, 删除 (after a question),
 * 分类映射 and 采集; under them the runs (runs-table.tsx). While a run is queued or running, both
 * are read again every 2 s.
 */
import { useCallback, useState } from 'react';
import type { SourceInput, SupplyRun, SupplySource } from '../../../contract/admin/supply.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useNumberedList } from '../../components/use-numbered-list.ts';
import { paramInt, useUrlQuery } from '../../components/use-url-query.ts';
import { MapDialog } from './map-dialog.tsx';
import { RunDialog } from './run-dialog.tsx';
import { isActive, RunProgress } from './run-progress.tsx';
import { RunsTable, type RunsQuery } from './runs-table.tsx';
import { SourceDialog } from './source-dialog.tsx';
import {
  createSource,
  deleteSource,
  fetchRuns,
  fetchSources,
  pauseRun,
  resumeRun,
  updateSource,
} from './supply-calls.ts';
import { supplyText as text } from './supply-messages.ts';
import { usePolling } from '../../components/use-polling.ts';
import { useRunAction } from './use-run-action.ts';

type Dialog =
  | { kind: 'source'; source: SupplySource | null }
  | { kind: 'map'; source: SupplySource }
  | { kind: 'run'; source: SupplySource };

const readQuery = (params: URLSearchParams): RunsQuery => ({
  sourceId: paramInt(params, 'source'),
  page: paramInt(params, 'page') ?? 1,
});
const writeQuery = (query: RunsQuery) => ({ source: query.sourceId, page: query.page === 1 ? undefined : query.page });

const fetchRunPage = (query: RunsQuery) => fetchRuns(query).then((page) => ({ list: page.items, total: page.total }));

export function SupplyHome() {
  const sources = useLoad(fetchSources, 'sources');
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const runs = useNumberedList(fetchRunPage, query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirm = useConfirm();

  const { reload: reloadSources } = sources;
  const { reload: reloadRuns } = runs;
  const reload = useCallback(async () => {
    reloadRuns();
    await reloadSources();
  }, [reloadRuns, reloadSources]);
  const moving = runs.items.some(isActive) || (sources.data ?? []).some((source) => isActive(source.latestRun));
  usePolling(moving, reload);

  const { acting, error, act } = useRunAction(reload);

  const remove = async (source: SupplySource) => {
    if (!(await confirm.ask({ title: text.delete, text: text.confirmDelete(source.name), confirm: text.delete })))
      return;
    await act(() => deleteSource(source.id));
  };
  const save = async (source: SupplySource | null, input: SourceInput) => {
    await (source ? updateSource(source.id, input) : createSource(input));
    setDialog(null);
    await reload();
  };
  const pause = (run: SupplyRun) => void act(() => pauseRun(run.id));
  const resume = (run: SupplyRun) => void act(() => resumeRun(run.id));

  const list = sources.data;
  return (
    <section className="supply">
      {confirm.dialog}
      <div className="supply__head">
        <h1 className="page-title">{text.title}</h1>
        <button
          className="button button--primary"
          type="button"
          onClick={() => setDialog({ kind: 'source', source: null })}
        >
          {text.add}
        </button>
      </div>
      <p className="supply__intro">{text.intro}</p>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="table supply-sources" data-testid="sources-table">
          <thead>
            <tr>
              <th>{text.sources.name}</th>
              <th>{text.sources.url}</th>
              <th>{text.sources.format}</th>
              <th>{text.sources.enabled}</th>
              <th>{text.sources.landAs}</th>
              <th>{text.sources.schedule}</th>
              <th className="table__num">{text.sources.mapped}</th>
              <th className="table__num">{text.sources.titles}</th>
              <th>{text.sources.latest}</th>
              <th>{text.sources.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list?.map((source) => (
              <tr key={source.id} data-testid={`source-${source.id}`}>
                <td className="table__nowrap">
                  <strong>{source.name}</strong>
                </td>
                <td className="supply-sources__url">
                  <code title={source.apiUrl}>{source.apiUrl}</code>
                </td>
                <td>{source.format.toUpperCase()}</td>
                <td>
                  <span className={`badge ${source.enabled ? 'badge--on' : 'badge--off'}`}>
                    {source.enabled ? text.on : text.off}
                  </span>
                </td>
                <td className="table__nowrap">{text.landShort[source.landAs]}</td>
                <td className="table__nowrap">
                  {source.everyHours === null ? text.noSchedule : text.every(source.everyHours)}
                </td>
                <td className="table__num">{source.mappedTypes}</td>
                <td className="table__num">{source.titles.toLocaleString('zh-CN')}</td>
                <td className="supply-sources__latest">
                  {source.latestRun ? (
                    <RunProgress run={source.latestRun} />
                  ) : (
                    <span className="supply__muted">{text.never}</span>
                  )}
                </td>
                <td>
                  <div className="supply__actions">
                    <button
                      className="button button--small"
                      type="button"
                      onClick={() => setDialog({ kind: 'map', source })}
                    >
                      {text.map}
                    </button>
                    <button
                      className="button button--small button--primary"
                      type="button"
                      onClick={() => setDialog({ kind: 'run', source })}
                    >
                      {text.collect}
                    </button>
                    <button
                      className="button button--small"
                      type="button"
                      onClick={() => setDialog({ kind: 'source', source })}
                    >
                      {text.edit}
                    </button>
                    <button
                      className="button button--small button--danger"
                      type="button"
                      disabled={acting}
                      onClick={() => void remove(source)}
                    >
                      {text.delete}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={list === null && !sources.error}
          empty={list?.length === 0}
          error={sources.error}
          emptyText={text.empty}
        />
      </div>

      <RunsTable
        runs={runs}
        query={query}
        sources={list ?? []}
        busy={acting}
        onQuery={setQuery}
        onPause={pause}
        onResume={resume}
      />

      {dialog?.kind === 'source' && (
        <SourceDialog
          source={dialog.source}
          onSave={(input) => save(dialog.source, input)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'map' && (
        <MapDialog source={dialog.source} onSaved={() => void reloadSources()} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'run' && (
        <RunDialog
          source={dialog.source}
          onStarted={() => {
            setDialog(null);
            // The new run shows first on the first page (of its source, or of all).
            if (query.page !== 1 || (query.sourceId !== undefined && query.sourceId !== dialog.source.id))
              setQuery({ page: 1 });
            void reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
