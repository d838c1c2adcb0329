/**
 * 屏蔽词 of the 热搜词 tab: the words one site keeps out of its hot searches and of the suggestions
 * made from them, with 屏蔽 (the server's refusal beside the field) and 取消屏蔽; and what visitors'
 * searches made hot now, each with its devices and addresses and a 屏蔽 of its own.
 */
import { useState, type FormEvent } from 'react';
import { TAXONOMY_LIMITS } from '../../../contract/admin/taxonomy.ts';
import { AdminApiError } from '../../api/admin-client.ts';
import { messageOf, useLoad } from '../../components/use-load.ts';
import { TableStatus } from '../../components/table-status.tsx';
import { consoleTime } from '../../components/console-time.ts';
import { blockHotWord, fetchHotWordBlocks, unblockHotWord } from './taxonomy-calls.ts';
import { taxonomyText } from './taxonomy-messages.ts';

const text = taxonomyText.hotWordBlocks;
const FIELD_ID = 'hot-word-block-word';

export function HotWordBlocks({ siteId }: { siteId: number }) {
  const blocks = useLoad(() => fetchHotWordBlocks(siteId), String(siteId));
  const [word, setWord] = useState('');
  /** The server's refusal of the typed word, shown beside its field; anything else above the lists. */
  const [wordError, setWordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = blocks.data;

  async function act(work: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    setWordError(null);
    try {
      await work();
      await blocks.reload();
      return true;
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.field === 'word') setWordError(failure.message);
      else setError(messageOf(failure));
      return false;
    }
  }

  async function block(event: FormEvent) {
    event.preventDefault();
    if (await act(() => blockHotWord(siteId, word))) setWord('');
  }

  const list = data?.list ?? [];
  const counted = data?.counted ?? [];
  return (
    <section className="tx-section" aria-labelledby="hot-word-blocks-title" data-testid="hot-word-blocks">
      <h2 className="tx-subtitle" id="hot-word-blocks-title">
        {text.title}
      </h2>
      <p className="tx-hint">{text.hint}</p>
      <form className="tx-filters" onSubmit={(event) => void block(event)} noValidate>
        <div className="field field--inline">
          <label className="field__label" htmlFor={FIELD_ID}>
            {text.word}
          </label>
          <input
            id={FIELD_ID}
            className="field__input"
            value={word}
            maxLength={TAXONOMY_LIMITS.hotWordBlock}
            aria-invalid={wordError ? true : undefined}
            aria-describedby={wordError ? `${FIELD_ID}-error` : undefined}
            onChange={(event) => setWord(event.target.value)}
          />
          {wordError && (
            <span className="tx-field-error" id={`${FIELD_ID}-error`} role="alert">
              {wordError}
            </span>
          )}
        </div>
        <button className="button button--primary" type="submit" disabled={!data}>
          {text.block}
        </button>
      </form>
      {error && (
        <p className="tx-error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" data-testid="hot-word-block-table">
          <thead>
            <tr>
              <th>{text.word}</th>
              <th>{text.added}</th>
              <th>{taxonomyText.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((each) => (
              <tr key={each.id}>
                <td>{each.word}</td>
                <td className="table__nowrap">{consoleTime(each.createdAt)}</td>
                <td>
                  <button
                    className="button button--small"
                    type="button"
                    onClick={() => void act(() => unblockHotWord(each.id))}
                  >
                    {text.unblock}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={blocks.busy && !data}
          empty={!!data && list.length === 0}
          error={blocks.error}
          emptyText={text.empty}
          loadingText={taxonomyText.loading}
        />
      </div>

      <h3 className="tx-subtitle">{text.countedTitle}</h3>
      {data && <p className="tx-hint">{text.countedHint(data.floor.devices, data.floor.addresses)}</p>}
      <div className="table-wrap">
        <table className="table" data-testid="hot-word-counted-table">
          <thead>
            <tr>
              <th>{text.keyword}</th>
              <th className="table__num">{text.devices}</th>
              <th className="table__num">{text.addresses}</th>
              <th>{taxonomyText.actions}</th>
            </tr>
          </thead>
          <tbody>
            {counted.map((each) => (
              <tr key={each.keyword}>
                <td>{each.keyword}</td>
                <td className="table__num">{each.devices}</td>
                <td className="table__num">{each.addresses}</td>
                <td>
                  <button
                    className="button button--small button--danger"
                    type="button"
                    onClick={() => void act(() => blockHotWord(siteId, each.keyword))}
                  >
                    {text.block}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <TableStatus
          loading={false}
          empty={!!data && counted.length === 0}
          error={null}
          emptyText={text.countedEmpty}
          loadingText={taxonomyText.loading}
        />
      </div>
    </section>
  );
}
