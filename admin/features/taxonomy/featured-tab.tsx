/**
 * 专题: the collections in their order (上移/下移, 编辑, 删除) and 新建专题; editing one opens
 * featured-editor.tsx at /featured/:id (and /featured/new). An operator limited to some sites reads
 * the list without them (no editor), and a line saying why.
 */
import { useState } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import type { AdminFeatured } from '../../../contract/admin/taxonomy.ts';
import { adminMessages } from '../../admin-messages.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useEverySite } from '../../session/every-site.ts';
import { EverySiteNote } from '../../session/every-site-note.tsx';
import { FeaturedEditor } from './featured-editor.tsx';
import { deleteFeatured, fetchFeatured, moveFeatured } from './taxonomy-calls.ts';
import { TaxonomyDialog } from './taxonomy-dialog.tsx';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.featured;

export function FeaturedTab() {
  const everySite = useEverySite();
  if (!everySite)
    return (
      <Switch>
        <Route path="/">
          <FeaturedList everySite={false} />
        </Route>
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    );
  return (
    <Switch>
      <Route path="/new">
        <FeaturedEditor id={null} />
      </Route>
      <Route path="/:id">{(params) => <FeaturedEditor id={Number(params.id)} />}</Route>
      <Route>
        <FeaturedList everySite />
      </Route>
    </Switch>
  );
}

function FeaturedList({ everySite }: { everySite: boolean }) {
  const featured = useLoad(fetchFeatured, 'featured');
  const [removing, setRemoving] = useState<AdminFeatured | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const list = featured.data?.list ?? [];

  async function step(item: AdminFeatured, position: number) {
    setRowError(null);
    try {
      await moveFeatured(item.id, position);
      await featured.reload();
    } catch (failure) {
      setRowError(messageOf(failure));
    }
  }

  return (
    <section aria-label={taxonomyText.tabs.featured}>
      {everySite ? (
        <div className="tx-toolbar">
          <span />
          <Link className="button button--primary tx-link-button" href="/new">
            {text.add}
          </Link>
        </div>
      ) : (
        <EverySiteNote text={adminMessages.everySite.taxonomy} />
      )}
      {rowError && (
        <p className="tx-error" role="alert">
          {rowError}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover" data-testid="featured-table">
          <thead>
            <tr>
              <th>{text.cover}</th>
              <th>{text.titleLabel}</th>
              <th className="table__num">{text.items}</th>
              {everySite && <th>{taxonomyText.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {list.map((item, index) => (
              <tr key={item.id}>
                <td className="tx-cover-cell">
                  <img className="tx-cover" src={item.coverUrl} alt="" loading="lazy" />
                </td>
                <td>
                  <strong>{item.title}</strong>
                  <div className="tx-muted tx-clamp">{item.description || '—'}</div>
                </td>
                <td className="table__num">{item.itemCount}</td>
                {everySite && (
                  <td>
                    <div className="tx-actions">
                      <button
                        className="button button--small"
                        type="button"
                        disabled={index === 0}
                        onClick={() => void step(item, index - 1)}
                      >
                        {taxonomyText.up}
                      </button>
                      <button
                        className="button button--small"
                        type="button"
                        disabled={index === list.length - 1}
                        onClick={() => void step(item, index + 1)}
                      >
                        {taxonomyText.down}
                      </button>
                      <Link className="button button--small tx-link-button" href={`/${item.id}`}>
                        {taxonomyText.edit}
                      </Link>
                      <button
                        className="button button--small button--danger"
                        type="button"
                        onClick={() => setRemoving(item)}
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
          loading={featured.busy && list.length === 0}
          empty={!featured.busy && !featured.error && list.length === 0}
          error={featured.error}
          emptyText={text.empty}
          loadingText={taxonomyText.loading}
        />
      </div>
      {removing && (
        <TaxonomyDialog
          title={text.deleteTitle(removing.title)}
          submitLabel={taxonomyText.confirmDelete}
          danger
          onClose={() => setRemoving(null)}
          onSubmit={async () => {
            await deleteFeatured(removing.id);
            await featured.reload();
          }}
        >
          <p className="tx-hint">{text.deleteHint}</p>
        </TaxonomyDialog>
      )}
    </section>
  );
}
