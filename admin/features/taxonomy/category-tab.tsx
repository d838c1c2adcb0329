/**
 * 分类: the three-level tree as an indented table; per row 上移/下移 (among its siblings), 移动到…,
 * 重命名, 新增子分类 (under level 3: none) and 删除, each change a call whose refusal (depth,
 * cycle, section, not empty) is shown as the server words it. An operator limited to some sites
 * reads the tree without them, and a line saying why.
 */
import { useState } from 'react';
import { MAX_CATEGORY_DEPTH, TAXONOMY_LIMITS, type AdminCategory } from '../../../contract/admin/taxonomy.ts';
import { adminMessages } from '../../admin-messages.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { useEverySite } from '../../session/every-site.ts';
import { EverySiteNote } from '../../session/every-site-note.tsx';
import { addCategory, changeCategory, deleteCategory, fetchCategories, moveCategory } from './taxonomy-calls.ts';
import { TaxonomyDialog, TextField } from './taxonomy-dialog.tsx';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.categories;

type Dialog =
  { kind: 'add'; parent: AdminCategory | null } | { kind: 'edit' | 'move' | 'delete'; node: AdminCategory } | null;

interface Row {
  node: AdminCategory;
  index: number;
  siblings: number;
}

const flatten = (nodes: AdminCategory[]): Row[] =>
  nodes.flatMap((node, index) => [{ node, index, siblings: nodes.length }, ...flatten(node.children)]);

export function CategoryTab() {
  const tree = useLoad(fetchCategories, 'categories');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const rows = flatten(tree.data?.tree ?? []);
  const everySite = useEverySite();

  async function step(row: Row, by: number) {
    setRowError(null);
    try {
      await moveCategory(row.node.id, { parentId: row.node.parentId, position: row.index + by });
      await tree.reload();
    } catch (failure) {
      setRowError(messageOf(failure));
    }
  }

  return (
    <section aria-label={taxonomyText.tabs.categories}>
      <div className="tx-toolbar">
        <p className="tx-hint">{text.hint}</p>
        {everySite && (
          <button
            className="button button--primary"
            type="button"
            onClick={() => setDialog({ kind: 'add', parent: null })}
          >
            {text.addRoot}
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
        <table className="table table--hover" data-testid="category-tree">
          <thead>
            <tr>
              <th>{text.name}</th>
              <th>{text.kind}</th>
              <th>{text.holds}</th>
              <th>{text.ids}</th>
              {everySite && <th>{taxonomyText.actions}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <CategoryRow
                key={row.node.id}
                row={row}
                onStep={(by) => void step(row, by)}
                onOpen={everySite ? setDialog : null}
              />
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={tree.busy && rows.length === 0}
          empty={!tree.busy && !tree.error && rows.length === 0}
          error={tree.error}
          emptyText={text.empty}
          loadingText={taxonomyText.loading}
        />
      </div>
      {dialog && (
        <CategoryDialog dialog={dialog} rows={rows} onClose={() => setDialog(null)} onDone={() => void tree.reload()} />
      )}
    </section>
  );
}

function CategoryRow({
  row,
  onStep,
  onOpen,
}: {
  row: Row;
  onStep: (by: number) => void;
  /** Null: no changes offered (an operator limited to some sites). */
  onOpen: ((dialog: Dialog) => void) | null;
}) {
  const { node } = row;
  return (
    <tr data-testid={`category-${node.id}`}>
      <td>
        <span className={`tx-tree-name tx-tree-name--${node.depth}`}>
          {node.depth > 1 && <span className="tx-tree-branch" aria-hidden="true" />}
          <span className="tx-tree-label">{node.name}</span>
          {node.route && <span className="badge">{text.sectionRoot}</span>}
        </span>
      </td>
      <td className="table__nowrap">{taxonomyText.contentLabels[node.contentType]}</td>
      <td className="table__nowrap">{text.holdsText(node.movieCount, node.postCount)}</td>
      <td className="table__nowrap tx-muted">
        #{node.id}
        {node.topicId !== null && ` · ${text.forumGroup(node.topicId)}`}
      </td>
      {onOpen && (
        <td>
          <div className="tx-actions">
            <button
              className="button button--small"
              type="button"
              disabled={row.index === 0}
              onClick={() => onStep(-1)}
            >
              {taxonomyText.up}
            </button>
            <button
              className="button button--small"
              type="button"
              disabled={row.index === row.siblings - 1}
              onClick={() => onStep(1)}
            >
              {taxonomyText.down}
            </button>
            <button
              className="button button--small"
              type="button"
              disabled={node.route !== null}
              onClick={() => onOpen({ kind: 'move', node })}
            >
              {text.moveTo}
            </button>
            <button className="button button--small" type="button" onClick={() => onOpen({ kind: 'edit', node })}>
              {taxonomyText.rename}
            </button>
            <button
              className="button button--small"
              type="button"
              disabled={node.depth >= MAX_CATEGORY_DEPTH}
              onClick={() => onOpen({ kind: 'add', parent: node })}
            >
              {text.addChild}
            </button>
            <button
              className="button button--small button--danger"
              type="button"
              disabled={node.route !== null}
              onClick={() => onOpen({ kind: 'delete', node })}
            >
              {taxonomyText.remove}
            </button>
          </div>
        </td>
      )}
    </tr>
  );
}

function CategoryDialog({
  dialog,
  rows,
  onClose,
  onDone,
}: {
  dialog: NonNullable<Dialog>;
  rows: Row[];
  onClose: () => void;
  onDone: () => void;
}) {
  const node = dialog.kind === 'add' ? null : dialog.node;
  const [name, setName] = useState(node?.name ?? '');
  const [description, setDescription] = useState(node?.description ?? '');
  const [parentId, setParentId] = useState<string>(node?.parentId === null || !node ? '' : String(node.parentId));
  const done = async (work: Promise<unknown>) => {
    await work;
    onDone();
  };

  if (dialog.kind === 'delete')
    return (
      <TaxonomyDialog
        title={text.deleteTitle(dialog.node.name)}
        submitLabel={taxonomyText.confirmDelete}
        danger
        onClose={onClose}
        onSubmit={() => done(deleteCategory(dialog.node.id))}
      >
        <p className="tx-hint">{text.deleteHint}</p>
      </TaxonomyDialog>
    );
  if (dialog.kind === 'move')
    return (
      <TaxonomyDialog
        title={text.moveTitle(dialog.node.name)}
        onClose={onClose}
        onSubmit={() => done(moveCategory(dialog.node.id, { parentId: parentId === '' ? null : Number(parentId) }))}
      >
        <label className="field">
          <span className="field__label">{text.moveParent}</span>
          <select className="field__input" value={parentId} onChange={(event) => setParentId(event.target.value)}>
            <option value="">{text.moveRoot}</option>
            {rows
              .filter(({ node: each }) => each.depth < MAX_CATEGORY_DEPTH && each.id !== dialog.node.id)
              .map(({ node: each }) => (
                <option key={each.id} value={each.id}>
                  {`${'　　'.repeat(each.depth - 1)}${each.name}`}
                </option>
              ))}
          </select>
        </label>
        <p className="tx-hint">{text.moveHint}</p>
      </TaxonomyDialog>
    );
  return (
    <TaxonomyDialog
      title={dialog.kind === 'add' ? text.addTitle(dialog.parent?.name ?? null) : text.renameTitle(dialog.node.name)}
      onClose={onClose}
      onSubmit={() =>
        done(
          dialog.kind === 'add'
            ? addCategory({ parentId: dialog.parent?.id ?? null, name, description })
            : changeCategory(dialog.node.id, { name, description }),
        )
      }
    >
      <TextField label={text.name} value={name} onChange={setName} maxLength={TAXONOMY_LIMITS.categoryName} autoFocus />
      <TextField
        label={text.description}
        value={description}
        onChange={setDescription}
        maxLength={TAXONOMY_LIMITS.categoryDescription}
      />
    </TaxonomyDialog>
  );
}
