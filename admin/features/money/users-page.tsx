/**
 * 用户 (财务, 审核, 超级管理员): find a member by ID, nickname or account (and site, by name), in
 * numbered pages sorted by 注册时间 (newest first unless chosen), 金币 or 积分, with the total; the
 * search, sort and page in the address; /admin/users/:id is one member (user-detail.tsx). 审核 sees
 * no balances (the server sends none): the columns and their sorts are left out. Rows chosen get
 * 禁言 / 封禁 (审核 and 超级管理员: one period and reason for all, one confirmation, all or none) and
 * 导出所选; 导出全部 saves every member the search matches as CSV.
 */
import './money.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { USER_LIMITS, USER_SORTS, type UserRow, type UserSort } from '../../../contract/admin/money.ts';
import { adminMessages } from '../../admin-messages.ts';
import { useSession } from '../../session/session-store.ts';
import { siteTitle, useSiteChoices } from '../../session/site-choices.ts';
import { SiteSelect } from '../../session/site-select.tsx';
import { BulkBar } from '../../components/bulk-bar.tsx';
import { saveFile, toCsv } from '../../components/csv.ts';
import { paramSort, sortParam, type ListSort } from '../../components/list-sort.ts';
import { Pager } from '../../components/pager.tsx';
import { SelectAllHeader, SelectRowCell } from '../../components/selection-cells.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { TableStatus } from '../../components/table-status.tsx';
import { useCsvExport } from '../../components/use-csv-export.ts';
import { useNumberedList } from '../../components/use-numbered-list.ts';
import { useSelection } from '../../components/use-selection.ts';
import { paramInt, useUrlQuery } from '../../components/use-url-query.ts';
import { consoleTime, toZoneInput } from '../../components/console-time.ts';
import { BulkSanctionDialog } from '../moderation/bulk-sanction-dialog.tsx';
import { fetchUsers } from './money-calls.ts';
import { userCsvHeader, userCsvRow } from './money-format.ts';
import { moneyText } from './money-messages.ts';
import { UserDetailView } from './user-detail.tsx';

const text = moneyText.users;
const NEWEST: ListSort<UserSort> = { column: 'createdAt', dir: 'desc' };

interface UserQuery {
  q: string;
  siteId: string;
  page: number;
  sort: ListSort<UserSort>;
}

const readQuery = (params: URLSearchParams): UserQuery => ({
  q: params.get('q') ?? '',
  siteId: params.get('siteId') ?? '',
  page: paramInt(params, 'page') ?? 1,
  sort: paramSort(params, USER_SORTS) ?? NEWEST,
});
const writeQuery = (query: UserQuery) => ({
  q: query.q,
  siteId: query.siteId,
  sort: sortParam(query.sort, NEWEST),
  page: query.page > 1 ? query.page : undefined,
});
const sortText = (sort: ListSort) => `${sort.column}:${sort.dir}`;

function UserList({ balances, sanctions }: { balances: boolean; sanctions: boolean }) {
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const [draft, setDraft] = useState({ q: query.q, siteId: query.siteId });
  useEffect(() => setDraft({ q: query.q, siteId: query.siteId }), [query.q, query.siteId]);
  const sites = useSiteChoices();
  const [, navigate] = useLocation();
  const fetchPage = useCallback(
    (wanted: UserQuery) =>
      fetchUsers({ q: wanted.q, siteId: wanted.siteId, page: wanted.page, sort: sortText(wanted.sort) }),
    [],
  );
  const { items: users, total, busy, error, reload } = useNumberedList(fetchPage, query);
  const pages = Math.max(1, Math.ceil((total ?? 0) / USER_LIMITS.page));
  const selection = useSelection(
    users.map((user) => user.id),
    query,
  );
  const csv = useCsvExport();
  const [sanction, setSanction] = useState<'mute' | 'ban' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setNote(null), [query]);
  // A member's sort by balances is not offered to a role that sees none (the server refuses it too).
  const sort = balances ? query.sort : NEWEST;
  const sortBy = (next: { column: string; dir: 'asc' | 'desc' }) =>
    setQuery({ ...query, sort: next as ListSort<UserSort>, page: 1 });
  const chosenRows = users.filter((user) => selection.has(user.id));
  const header = userCsvHeader(balances);
  const row = userCsvRow(balances, (siteId) => siteTitle(sites, siteId));
  const fileName = () => text.fileName(toZoneInput(Date.now()).slice(0, 10));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...query, ...draft, page: 1 });
  };

  function exportChosen() {
    saveFile(fileName(), toCsv(header, chosenRows.map(row)));
    setNote(adminMessages.csv.exported(chosenRows.length, false));
  }

  const exportAll = () =>
    void csv.run<UserRow>({
      // The pages of the list's order, 500 a page: the "cursor" is the next page's number.
      fetchPage: async (cursor) => {
        const page = Number(cursor ?? 1);
        const answer = await fetchUsers({
          q: query.q,
          siteId: query.siteId,
          page,
          sort: sortText(sort),
          limit: USER_LIMITS.pageMax,
        });
        return { list: answer.list, nextCursor: page * USER_LIMITS.pageMax < answer.total ? String(page + 1) : null };
      },
      max: USER_LIMITS.exportMax,
      header,
      row,
      fileName: fileName(),
    });

  return (
    <section className="money">
      <h1 className="page-title">{text.title}</h1>
      <form className="filters money__filters" onSubmit={submit} role="search">
        <label className="field">
          <span className="field__label">{text.search}</span>
          <input
            className="field__input money__wide"
            name="q"
            value={draft.q}
            placeholder={text.searchPlaceholder}
            onChange={(event) => setDraft((d) => ({ ...d, q: event.target.value }))}
          />
        </label>
        <SiteSelect value={draft.siteId} onChange={(siteId) => setDraft((d) => ({ ...d, siteId }))} />
        <div className="money__filter-actions">
          <button className="button button--primary" type="submit">
            {text.apply}
          </button>
          <button className="button" type="button" disabled={csv.exporting} onClick={exportAll}>
            {text.bulk.exportAll}
          </button>
        </div>
        {csv.status && (
          <p className="money__export" role="status">
            {csv.status}
          </p>
        )}
      </form>
      {total !== null && !error && (
        <p className="money__summary" data-testid="users-total">
          {text.total(total)}
        </p>
      )}
      <BulkBar count={selection.chosen.length} unit={text.bulk.unit} onClear={selection.clear}>
        {sanctions && (
          <>
            <button className="button button--danger" type="button" onClick={() => setSanction('mute')}>
              {text.bulk.mute}
            </button>
            <button className="button button--danger" type="button" onClick={() => setSanction('ban')}>
              {text.bulk.ban}
            </button>
          </>
        )}
        <button className="button" type="button" onClick={exportChosen}>
          {text.bulk.exportChosen}
        </button>
      </BulkBar>
      {note && (
        <p className="money__bulk-note" role="status" data-testid="users-bulk-note">
          {note}
        </p>
      )}
      <div className="table-wrap">
        <table className={`table money__table${busy ? ' is-busy' : ''}`} data-testid="users-table">
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th>{text.columns.id}</th>
              <th>{text.columns.nickname}</th>
              <th>{text.columns.account}</th>
              <th>{text.columns.site}</th>
              {balances && <SortHeader label={text.columns.coins} column="coins" sort={sort} onSort={sortBy} numeric />}
              {balances && (
                <SortHeader label={text.columns.points} column="points" sort={sort} onSort={sortBy} numeric />
              )}
              <th>{text.columns.vip}</th>
              <SortHeader label={text.columns.createdAt} column="createdAt" sort={sort} onSort={sortBy} />
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr
                key={user.id}
                className={`money__row${selection.has(user.id) ? ' table__row--selected' : ''}`}
                onClick={() => navigate(`/${user.id}`)}
              >
                <SelectRowCell selection={selection} id={user.id} name={user.nickname} />
                <td className="table__nowrap">
                  <a
                    className="money__link"
                    href={`/admin/users/${user.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      navigate(`/${user.id}`);
                    }}
                  >
                    {user.id}
                  </a>
                </td>
                <td className="money__ellipsis">{user.nickname}</td>
                <td className="table__nowrap">{user.account ?? '—'}</td>
                <td className="table__nowrap">{siteTitle(sites, user.siteId)}</td>
                {balances && <td className="table__num">{user.coins}</td>}
                {balances && <td className="table__num">{user.points}</td>}
                <td className="table__nowrap">
                  {user.vipExpireAt && user.vipExpireAt > Date.now() ? consoleTime(user.vipExpireAt) : '—'}
                </td>
                <td className="table__nowrap">{consoleTime(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={busy && users.length === 0}
          empty={!busy && !error && users.length === 0}
          error={error}
          emptyText={text.empty}
          loadingText={moneyText.orders.loading}
        />
      </div>
      <Pager page={query.page} pages={pages} busy={busy} onPage={(page) => setQuery({ ...query, page })} />
      {sanction && (
        <BulkSanctionDialog
          kind={sanction}
          members={chosenRows}
          onClose={() => setSanction(null)}
          onDone={(result) => {
            setSanction(null);
            selection.clear();
            setNote(
              text.bulk.done(
                sanction === 'mute' ? text.bulk.mute : text.bulk.ban,
                result.results.map((done) => done.nickname),
              ),
            );
            reload();
          }}
        />
      )}
    </section>
  );
}

export function UsersPage() {
  const session = useSession();
  const role = session.status === 'signedIn' ? session.session.operator.role : 'moderator';
  const money = role === 'super' || role === 'finance';
  const sanctions = role === 'super' || role === 'moderator';
  return (
    <Switch>
      <Route path="/:id">
        {(params) =>
          /^\d{1,15}$/.test(params.id) ? (
            <UserDetailView key={params.id} id={Number(params.id)} money={money} sanctions={sanctions} />
          ) : (
            <p className="table__status">{text.empty}</p>
          )
        }
      </Route>
      <Route>
        <UserList balances={money} sanctions={sanctions} />
      </Route>
    </Switch>
  );
}
