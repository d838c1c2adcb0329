/**
 * 影片: every title newest first (or sorted by 标题, 播放量 or 更新时间 from their headings), 30 a
 * numbered page, searched by title and filtered by status, category
 * (with its sub-categories) and access (a series still being released says 连载中 by its episode
 * count); 新建影片 makes a draft and opens its editor. After the editor deleted a title the list
 * says so once.
 */
import './catalogue.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type {
  AdminMoviePage,
  AdminMovieQuery,
  MovieOptions,
  MovieSort,
  ShownStatus,
} from '../../../contract/admin/catalogue.ts';
import { MOVIE_SORT_COLUMNS, SHOWN_STATUSES } from '../../../contract/admin/catalogue.ts';
import type { MovieAccess } from '../../../contract/calls/content.ts';
import { adminMessages } from '../../admin-messages.ts';
import { BulkBar } from '../../components/bulk-bar.tsx';
import { paramSort, sortParam, type ListSort } from '../../components/list-sort.ts';
import { Pager } from '../../components/pager.tsx';
import { SelectAllHeader, SelectRowCell } from '../../components/selection-cells.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useConfirm } from '../../components/use-confirm.tsx';
import { messageOf } from '../../components/use-load.ts';
import { useSelection } from '../../components/use-selection.ts';
import { useUndoToast } from '../../components/use-undo-toast.tsx';
import { useEverySite } from '../../session/every-site.ts';
import { paramInt, paramOf, useUrlQuery } from '../../components/use-url-query.ts';
import { fetchMovies, fetchOptions, mediaUrl, setStatuses } from './catalogue-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { statusLabel } from './catalogue-format.ts';
import { ACCESS_LABELS, catalogueMessages as text, finishedLabel, STATUS_LABELS } from './catalogue-messages.ts';
import { clearDeletedNotice, peekDeletedNotice } from './deleted-notice.ts';
import { NewMovieDialog } from './new-movie-dialog.tsx';

const ACCESSES = Object.keys(ACCESS_LABELS) as MovieAccess[];

const sortOf = (sort: MovieSort | undefined): ListSort | null => {
  if (!sort) return null;
  const [column, dir] = sort.split(':') as [string, 'asc' | 'desc'];
  return { column, dir };
};

const readQuery = (params: URLSearchParams): AdminMovieQuery => {
  const sort = paramSort(params, MOVIE_SORT_COLUMNS);
  return {
    q: params.get('q')?.trim() || undefined,
    status: paramOf(params, 'status', SHOWN_STATUSES),
    categoryId: paramInt(params, 'category'),
    access: paramOf(params, 'access', ACCESSES),
    sort: sort && (sortParam(sort) as MovieSort),
    page: paramInt(params, 'page') ?? 1,
  };
};
const writeQuery = (query: AdminMovieQuery) => ({
  q: query.q,
  status: query.status,
  category: query.categoryId,
  access: query.access,
  sort: query.sort,
  page: query.page === 1 ? undefined : query.page,
});

export function MovieList() {
  // The filters and the page are in the address: Back from a title's editor, or from page 3 to 2,
  // finds the list as it was.
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const [search, setSearch] = useState(query.q ?? '');
  const [page, setPage] = useState<AdminMoviePage | null>(null);
  const [options, setOptions] = useState<MovieOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [creating, setCreating] = useState(false);
  // 已删除影片「…」 when the editor just deleted one.
  const [notice] = useState(peekDeletedNotice);
  useEffect(clearDeletedNotice, []);

  const load = useCallback(async (wanted: AdminMovieQuery) => {
    setBusy(true);
    setError(null);
    try {
      setPage(await fetchMovies(wanted));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(query);
  }, [query, load]);
  useEffect(() => {
    fetchOptions().then(setOptions, () => setOptions({ categories: [], tags: [] }));
  }, []);

  useEffect(() => setSearch(query.q ?? ''), [query.q]);

  // The selection is of the rows shown: a new page or filter starts with none.
  const selection = useSelection(page?.list.map((movie) => movie.id) ?? [], query);
  const changesTitles = useEverySite();
  const { dialog, ask } = useConfirm();
  const { toast, show } = useUndoToast();
  const [bulkError, setBulkError] = useState<string | null>(null);

  async function unpublishSelected() {
    const ids = selection.chosen;
    if (!(await ask(text.bulk.question(ids.length)))) return;
    setBulkError(null);
    try {
      const { before } = await setStatuses(ids.map((id) => ({ id, status: 'unpublished' })));
      selection.clear();
      void load(query);
      show(text.bulk.done(ids.length), async () => {
        await setStatuses(before);
        await load(query);
      });
    } catch (failure) {
      setBulkError(messageOf(failure));
    }
  }

  // A new filter or sort starts at page 1.
  const filter = (change: Partial<AdminMovieQuery>) => setQuery({ ...query, ...change, page: 1 });
  const sort = sortOf(query.sort);
  const onSort = (next: ListSort) => filter({ sort: sortParam(next) as MovieSort });
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <section className="catalogue">
      <div className="catalogue__head">
        <h1 className="page-title">{text.title}</h1>
        <button className="button button--primary" type="button" onClick={() => setCreating(true)}>
          {text.create}
        </button>
      </div>
      <form
        className="catalogue__filters"
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          filter({ q: search.trim() });
        }}
      >
        <input
          className="field__input catalogue__search"
          type="search"
          aria-label={text.search}
          placeholder={text.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button className="button" type="submit">
          {text.searchButton}
        </button>
        <select
          className="field__input"
          aria-label={text.columns.status}
          value={query.status ?? ''}
          onChange={(event) => filter({ status: (event.target.value || undefined) as ShownStatus | undefined })}
        >
          <option value="">{text.anyStatus}</option>
          {SHOWN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <select
          className="field__input catalogue__category-filter"
          aria-label={text.columns.category}
          value={query.categoryId ?? ''}
          onChange={(event) => filter({ categoryId: event.target.value ? Number(event.target.value) : undefined })}
        >
          <option value="">{text.anyCategory}</option>
          {options?.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </select>
        <select
          className="field__input"
          aria-label={text.columns.access}
          value={query.access ?? ''}
          onChange={(event) => filter({ access: (event.target.value || undefined) as MovieAccess | undefined })}
        >
          <option value="">{text.anyAccess}</option>
          {ACCESSES.map((access) => (
            <option key={access} value={access}>
              {ACCESS_LABELS[access]}
            </option>
          ))}
        </select>
        {page && <span className="catalogue__muted">{text.total(page.total)}</span>}
      </form>

      {notice && (
        <p className="catalogue__notice" role="status">
          {notice}
        </p>
      )}
      <BulkBar count={selection.chosen.length} unit={text.bulk.unit} onClear={selection.clear}>
        <button className="button button--danger" type="button" onClick={() => void unpublishSelected()}>
          {text.bulk.unpublish}
        </button>
      </BulkBar>
      {bulkError && (
        <p className="table__status table__status--error" role="alert">
          {bulkError}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover catalogue__table">
          <thead>
            <tr>
              {changesTitles && <SelectAllHeader selection={selection} />}
              <th>{text.columns.poster}</th>
              <SortHeader label={text.columns.title} column="title" sort={sort} onSort={onSort} />
              <th>{text.columns.category}</th>
              <th className="table__num">{text.columns.episodes}</th>
              <SortHeader label={text.columns.views} column="views" sort={sort} onSort={onSort} numeric />
              <th>{text.columns.access}</th>
              <th>{text.columns.status}</th>
              <SortHeader label={text.columns.updated} column="updated" sort={sort} onSort={onSort} />
            </tr>
          </thead>
          <tbody>
            {page?.list.map((movie) => (
              <tr key={movie.id} className={selection.has(movie.id) ? 'table__row--selected' : undefined}>
                {changesTitles && <SelectRowCell selection={selection} id={movie.id} name={movie.title} />}
                <td className="catalogue__thumb-cell">
                  <img className="catalogue__thumb" src={mediaUrl(movie.poster.small)} alt="" loading="lazy" />
                </td>
                <td>
                  <Link className="catalogue__title-link" href={`/${movie.id}`}>
                    {movie.title}
                  </Link>
                  <span className="catalogue__id">#{movie.id}</span>
                </td>
                <td className="table__nowrap">{movie.categoryName}</td>
                <td className="table__num">
                  {movie.episodeCount}
                  {!movie.finished && <span className="catalogue__muted"> · {finishedLabel(false)}</span>}
                </td>
                <td className="table__num">{movie.views.toLocaleString('zh-CN')}</td>
                <td className="table__nowrap">{ACCESS_LABELS[movie.access]}</td>
                <td className="table__nowrap">
                  <span className={`catalogue-status catalogue-status--${movie.shownStatus}`}>
                    {statusLabel(movie.shownStatus, movie.publishedAt)}
                  </span>
                </td>
                <td className="table__nowrap catalogue__muted">{consoleTime(movie.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={busy && !page}
          empty={!busy && !error && page?.list.length === 0}
          error={error}
          emptyText={text.empty}
          loadingText={adminMessages.loading}
        />
      </div>
      {page && (
        <Pager page={page.page} pages={pages} busy={busy} onPage={(next) => setQuery({ ...query, page: next })} />
      )}
      {dialog}
      {toast}
      {creating && <NewMovieDialog categories={options?.categories ?? []} onClose={() => setCreating(false)} />}
    </section>
  );
}
