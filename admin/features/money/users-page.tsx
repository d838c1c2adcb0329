/**
 * 用户 (财务, 审核, 超级管理员): find a member by ID, nickname or account (and site, by name), newest
 * first, with 加载更多, the search in the address; /admin/users/:id is one member (user-detail.tsx). 审核 sees no balances
 * (the server sends none) and the columns are left out.
 */
import './money.css';
import { useEffect, useState, type FormEvent } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useSession } from '../../session/session-store.ts';
import { siteTitle, useSiteChoices } from '../../session/site-choices.ts';
import { SiteSelect } from '../../session/site-select.tsx';
import { useUrlQuery } from '../../components/use-url-query.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { fetchUsers } from './money-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { moneyText } from './money-messages.ts';
import { UserDetailView } from './user-detail.tsx';

const text = moneyText.users;

interface UserQuery {
  q: string;
  siteId: string;
}

const readQuery = (params: URLSearchParams): UserQuery => ({
  q: params.get('q') ?? '',
  siteId: params.get('siteId') ?? '',
});
const writeQuery = (query: UserQuery) => ({ ...query });

function UserList({ balances }: { balances: boolean }) {
  const [query, setQuery] = useUrlQuery(readQuery, writeQuery);
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const sites = useSiteChoices();
  const [, navigate] = useLocation();
  const {
    items: users,
    hasMore,
    busy,
    error,
    more,
  } = usePagedList(
    (wanted: { q: string; siteId: string }, after: string | null) => fetchUsers(wanted.q, wanted.siteId, after),
    query,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...draft });
  };

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
        </div>
      </form>
      <div className="table-wrap">
        <table className="table money__table" data-testid="users-table">
          <thead>
            <tr>
              <th>{text.columns.id}</th>
              <th>{text.columns.nickname}</th>
              <th>{text.columns.account}</th>
              <th>{text.columns.site}</th>
              {balances && <th className="money__num">{text.columns.coins}</th>}
              {balances && <th className="money__num">{text.columns.points}</th>}
              <th>{text.columns.vip}</th>
              <th>{text.columns.createdAt}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="money__row" onClick={() => navigate(`/${user.id}`)}>
                <td className="table__nowrap">
                  <a
                    className="money__link"
                    href={`/admin/users/${user.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(`/${user.id}`);
                    }}
                  >
                    {user.id}
                  </a>
                </td>
                <td className="money__ellipsis">{user.nickname}</td>
                <td className="table__nowrap">{user.account ?? '—'}</td>
                <td className="table__nowrap">{siteTitle(sites, user.siteId)}</td>
                {balances && <td className="money__num">{user.coins}</td>}
                {balances && <td className="money__num">{user.points}</td>}
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
      <div className="table__more">
        {hasMore && (
          <button className="button" type="button" disabled={busy} onClick={more}>
            {busy ? moneyText.orders.loading : moneyText.orders.more}
          </button>
        )}
      </div>
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
        <UserList balances={money} />
      </Route>
    </Switch>
  );
}
