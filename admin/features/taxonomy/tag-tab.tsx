/**
 * 标签: the tags with search, a 热门 filter and their counts, 50 a page; add, rename, 设为热门 /
 * 取消热门, merge into another (picked by search) and delete (refused while in use: the server says so).
 * An operator limited to some sites reads the list without them, and a line saying why.
 */
import { useState, type FormEvent } from 'react';
import { TAXONOMY_LIMITS, type AdminTag } from '../../../contract/admin/taxonomy.ts';
import { adminMessages } from '../../admin-messages.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useEverySite } from '../../session/every-site.ts';
import { EverySiteNote } from '../../session/every-site-note.tsx';
import { addTag, changeTag, deleteTag, fetchTags, mergeTag } from './taxonomy-calls.ts';
import { TaxonomyDialog, TextField } from './taxonomy-dialog.tsx';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.tags;

type Dialog = { kind: 'add' } | { kind: 'rename' | 'merge' | 'delete'; tag: AdminTag } | null;
type HotFilter = '' | '1' | '0';

export function TagTab() {
  const [query, setQuery] = useState({ q: '', hot: '' as HotFilter, page: 1 });
  const [input, setInput] = useState('');
  const tags = useLoad(() => fetchTags(query.q, query.hot, query.page), JSON.stringify(query));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const page = tags.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const everySite = useEverySite();

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: input, page: 1 }));
  }

  async function toggleHot(tag: AdminTag) {
    setRowError(null);
    try {
      await changeTag(tag.id, { hot: !tag.hot });
      await tags.reload();
    } catch (failure) {
      setRowError(messageOf(failure));
    }
  }

  return (
    <section aria-label={taxonomyText.tabs.tags}>
      <div className="tx-toolbar">
        <form className="tx-filters" onSubmit={search} role="search">
          <input
            className="field__input"
            type="search"
            aria-label={text.search}
            placeholder={text.search}
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
          <select
            className="field__input"
            aria-label={text.filter}
            value={query.hot}
            onChange={(event) => setQuery((current) => ({ ...current, hot: event.target.value as HotFilter, page: 1 }))}
          >
            <option value="">{text.all}</option>
            <option value="1">{text.hotOnly}</option>
            <option value="0">{text.notHot}</option>
          </select>
          <button className="button" type="submit">
            {taxonomyText.featured.find}
          </button>
        </form>
        {everySite && (
          <button className="button button--primary" type="button" onClick={() => setDialog({ kind: 'add' })}>
            {text.add}
          </button>
        )}
      </div>
      {!everySite && <EverySiteNote text={adminMessages.everySite.taxonomy} />}
      {rowError && (
        <p className="tx-error" role="alert">
          {rowError}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover" data-testid="tag-table">
          <thead>
            <tr>
              <th>{text.name}</th>
              <th>{text.hot}</th>
              <th className="table__num">{text.movies}</th>
              <th className="table__num">{text.posts}</th>
              {everySite && <th>{taxonomyText.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {page?.list.map((tag) => (
              <tr key={tag.id}>
                <td>
                  {tag.name} <span className="tx-muted">#{tag.id}</span>
                </td>
                <td className="table__nowrap">
                  {tag.hot ? (
                    <span className="badge badge--on">{`${text.hot} · ${text.rank(tag.hotRank ?? 0)}`}</span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="table__num">{tag.movieCount}</td>
                <td className="table__num">{tag.postCount}</td>
                {everySite && (
                  <td>
                    <div className="tx-actions">
                      <button
                        className="button button--small"
                        type="button"
                        onClick={() => setDialog({ kind: 'rename', tag })}
                      >
                        {taxonomyText.rename}
                      </button>
                      <button className="button button--small" type="button" onClick={() => void toggleHot(tag)}>
                        {tag.hot ? text.unsetHot : text.setHot}
                      </button>
                      <button
                        className="button button--small"
                        type="button"
                        onClick={() => setDialog({ kind: 'merge', tag })}
                      >
                        {text.merge}
                      </button>
                      <button
                        className="button button--small button--danger"
                        type="button"
                        onClick={() => setDialog({ kind: 'delete', tag })}
                      >
                        {taxonomyText.remove}
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={tags.busy && !page}
          empty={page?.list.length === 0}
          error={tags.error}
          emptyText={text.empty}
          loadingText={taxonomyText.loading}
        />
      </div>
      {page && page.total > 0 && (
        <div className="tx-pager">
          <button
            className="button button--small"
            type="button"
            disabled={query.page <= 1}
            onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
          >
            {text.prev}
          </button>
          <span className="tx-muted">{text.page(page.page, pages, page.total)}</span>
          <button
            className="button button--small"
            type="button"
            disabled={query.page >= pages}
            onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
          >
            {text.next}
          </button>
        </div>
      )}
      {dialog && <TagDialog dialog={dialog} onClose={() => setDialog(null)} onDone={() => void tags.reload()} />}
    </section>
  );
}

function TagDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: NonNullable<Dialog>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [name, setName] = useState(dialog.kind === 'add' ? '' : dialog.tag.name);
  const [hot, setHot] = useState(false);
  const done = async (work: Promise<unknown>) => {
    await work;
    onDone();
  };
  if (dialog.kind === 'merge') return <MergeDialog tag={dialog.tag} onClose={onClose} onDone={onDone} />;
  if (dialog.kind === 'delete')
    return (
      <TaxonomyDialog
        title={text.deleteTitle(dialog.tag.name)}
        submitLabel={taxonomyText.confirmDelete}
        danger
        onClose={onClose}
        onSubmit={() => done(deleteTag(dialog.tag.id))}
      >
        <p className="tx-hint">{text.deleteHint}</p>
      </TaxonomyDialog>
    );
  return (
    <TaxonomyDialog
      title={dialog.kind === 'add' ? text.addTitle : text.renameTitle(dialog.tag.name)}
      onClose={onClose}
      onSubmit={() => done(dialog.kind === 'add' ? addTag(name, hot) : changeTag(dialog.tag.id, { name }))}
    >
      <TextField label={text.name} value={name} onChange={setName} maxLength={TAXONOMY_LIMITS.tagName} autoFocus />
      {dialog.kind === 'add' && (
        <label className="tx-check">
          <input type="checkbox" checked={hot} onChange={(event) => setHot(event.target.checked)} />
          {text.hotOnAdd}
        </label>
      )}
    </TaxonomyDialog>
  );
}

function MergeDialog({ tag, onClose, onDone }: { tag: AdminTag; onClose: () => void; onDone: () => void }) {
  const [input, setInput] = useState('');
  const [found, setFound] = useState<AdminTag[]>([]);
  const [into, setInto] = useState<AdminTag | null>(null);

  async function find() {
    const page = await fetchTags(input, '', 1);
    setFound(page.list.filter((each) => each.id !== tag.id).slice(0, 8));
  }

  return (
    <TaxonomyDialog
      title={text.mergeTitle(tag.name)}
      submitLabel={into ? text.mergeChosen(into.name) : text.merge}
      canSubmit={into !== null}
      onClose={onClose}
      onSubmit={async () => {
        await mergeTag(tag.id, into!.id);
        onDone();
      }}
    >
      <p className="tx-hint">{text.mergeHint(tag.name)}</p>
      <div className="tx-filters">
        <input
          className="field__input"
          type="search"
          aria-label={text.mergeSearch}
          placeholder={text.mergeSearch}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <button className="button" type="button" onClick={() => void find()}>
          {taxonomyText.featured.find}
        </button>
      </div>
      <ul className="tx-choices">
        {found.map((each) => (
          <li key={each.id}>
            <label className="tx-check">
              <input type="radio" name="merge-into" checked={into?.id === each.id} onChange={() => setInto(each)} />
              {each.name}
              <span className="tx-muted">{`${text.movies} ${each.movieCount} · ${text.posts} ${each.postCount}`}</span>
            </label>
          </li>
        ))}
      </ul>
    </TaxonomyDialog>
  );
}
