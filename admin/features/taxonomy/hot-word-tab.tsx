/**
 * 热搜词: one site's hot search words (the site chosen among the operator's), in the order the
 * search page shows them: pinned first. Add (optionally pinned), 上移/下移 within its group,
 * 置顶/取消置顶, edit and delete. Below them, the site's 屏蔽词 and what visitors made hot
 * (hot-word-blocks.tsx).
 */
import { useState, type FormEvent } from 'react';
import { TAXONOMY_LIMITS, type HotWord } from '../../../contract/admin/taxonomy.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { SitePicker } from '../../components/site-picker.tsx';
import { HotWordBlocks } from './hot-word-blocks.tsx';
import { addHotWord, changeHotWord, deleteHotWord, fetchHotWords, moveHotWord } from './taxonomy-calls.ts';
import { TaxonomyDialog, TextField } from './taxonomy-dialog.tsx';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.hotWords;

type Dialog = { kind: 'edit' | 'delete'; word: HotWord } | null;

export function HotWordTab() {
  const [siteId, setSiteId] = useState<number | null>(null);
  const words = useLoad(() => fetchHotWords(siteId), String(siteId));
  const [word, setWord] = useState('');
  const [pinned, setPinned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = words.data;
  const list = data?.list ?? [];

  async function act(work: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await work();
      await words.reload();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!data) return;
    if (await act(() => addHotWord(data.siteId, word, pinned))) {
      setWord('');
      setPinned(false);
    }
  }

  /** Position within the word's group (pinned or not), as the server counts it. */
  const groupOf = (each: HotWord) => list.filter((other) => other.pinned === each.pinned);

  return (
    <section aria-label={taxonomyText.tabs.hotWords}>
      <p className="tx-hint">{text.hint}</p>
      <div className="tx-toolbar">
        <form className="tx-filters" onSubmit={(event) => void add(event)}>
          <SitePicker label={text.site} sites={data?.sites} value={data?.siteId} onChange={setSiteId} />
          <label className="field field--inline">
            <span className="field__label">{text.word}</span>
            <input
              className="field__input"
              value={word}
              maxLength={TAXONOMY_LIMITS.hotWord}
              onChange={(event) => setWord(event.target.value)}
            />
          </label>
          <label className="tx-check tx-check--inline">
            <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
            {text.pinned}
          </label>
          <button className="button button--primary" type="submit" disabled={!data}>
            {text.add}
          </button>
        </form>
      </div>
      {error && (
        <p className="tx-error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover" data-testid="hot-word-table">
          <thead>
            <tr>
              <th className="table__num">{text.order}</th>
              <th>{text.word}</th>
              <th>{text.pinned}</th>
              <th>{taxonomyText.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((each, index) => {
              const group = groupOf(each);
              const at = group.indexOf(each);
              return (
                <tr key={each.id}>
                  <td className="table__num">{index + 1}</td>
                  <td>{each.word}</td>
                  <td>{each.pinned ? <span className="badge badge--on">{text.pinned}</span> : '—'}</td>
                  <td>
                    <div className="tx-actions">
                      <button
                        className="button button--small"
                        type="button"
                        disabled={at === 0}
                        onClick={() => void act(() => moveHotWord(each.id, at - 1))}
                      >
                        {taxonomyText.up}
                      </button>
                      <button
                        className="button button--small"
                        type="button"
                        disabled={at === group.length - 1}
                        onClick={() => void act(() => moveHotWord(each.id, at + 1))}
                      >
                        {taxonomyText.down}
                      </button>
                      <button
                        className="button button--small"
                        type="button"
                        onClick={() => void act(() => changeHotWord(each.id, { pinned: !each.pinned }))}
                      >
                        {each.pinned ? text.unpin : text.pin}
                      </button>
                      <button
                        className="button button--small"
                        type="button"
                        onClick={() => setDialog({ kind: 'edit', word: each })}
                      >
                        {taxonomyText.edit}
                      </button>
                      <button
                        className="button button--small button--danger"
                        type="button"
                        onClick={() => setDialog({ kind: 'delete', word: each })}
                      >
                        {taxonomyText.remove}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <TableStatus
          loading={words.busy && !data}
          empty={!!data && list.length === 0}
          error={words.error}
          emptyText={text.empty}
          loadingText={taxonomyText.loading}
        />
      </div>
      {dialog && <HotWordDialog dialog={dialog} onClose={() => setDialog(null)} onDone={() => void words.reload()} />}
      {data && <HotWordBlocks key={data.siteId} siteId={data.siteId} />}
    </section>
  );
}

function HotWordDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: NonNullable<Dialog>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [word, setWord] = useState(dialog.word.word);
  if (dialog.kind === 'delete')
    return (
      <TaxonomyDialog
        title={text.deleteTitle(dialog.word.word)}
        submitLabel={taxonomyText.confirmDelete}
        danger
        onClose={onClose}
        onSubmit={async () => {
          await deleteHotWord(dialog.word.id);
          onDone();
        }}
      >
        <p className="tx-hint">{text.deleteHint}</p>
      </TaxonomyDialog>
    );
  return (
    <TaxonomyDialog
      title={text.editTitle(dialog.word.word)}
      onClose={onClose}
      onSubmit={async () => {
        await changeHotWord(dialog.word.id, { word });
        onDone();
      }}
    >
      <TextField label={text.word} value={word} onChange={setWord} maxLength={TAXONOMY_LIMITS.hotWord} autoFocus />
    </TaxonomyDialog>
  );
}
