/** 敏感词: the shared word list, searched and paged by word, with add, change of action and remove. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SensitiveWord } from '../../../contract/admin/moderation.ts';
import { WORD_ACTIONS, type WordAction } from '../../../contract/enums.ts';
import { adminMessages } from '../../admin-messages.ts';
import { addWord, changeWord, fetchWords, removeWord } from './moderation-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { WORD_ACTION_LABELS, moderationText } from './moderation-messages.ts';

const text = moderationText.words;

export function WordsView() {
  const confirm = useConfirm();
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [words, setWords] = useState<SensitiveWord[]>([]);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WordAction>('refuse');

  const load = useCallback(async (q: string, after: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const page = await fetchWords(q, after);
      setWords((shown) => (after ? [...shown, ...page.list] : page.list));
      setCursor(page.nextCursor);
      setTotal(page.total);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(applied, null);
  }, [applied, load]);

  async function run(step: () => Promise<unknown>) {
    setError(null);
    try {
      await step();
      await load(applied, null);
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => addWord(word.trim(), action))) setWord('');
  }

  return (
    <div className="mod-words">
      {confirm.dialog}
      <div className="mod-words__bar">
        <form
          className="mod-words__form"
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(query.trim());
          }}
        >
          <input
            className="field__input"
            name="q"
            placeholder={text.search}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button className="button" type="submit">
            搜索
          </button>
        </form>
        <form className="mod-words__form" onSubmit={add}>
          <input
            className="field__input"
            name="word"
            placeholder={text.word}
            value={word}
            maxLength={50}
            onChange={(event) => setWord(event.target.value)}
          />
          <select
            className="field__input"
            value={action}
            onChange={(event) => setAction(event.target.value as WordAction)}
          >
            {WORD_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {WORD_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
          <button className="button button--primary" type="submit" disabled={word.trim() === ''}>
            {text.add}
          </button>
        </form>
      </div>
      <p className="field__hint">
        {text.total(total)} · {text.hint}
      </p>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap mod-table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{text.word}</th>
              <th>{text.action}</th>
              <th>{text.added}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {words.map((row) => (
              <tr key={row.word}>
                <td>{row.word}</td>
                <td>
                  <select
                    className="field__input"
                    aria-label={`${row.word} ${text.action}`}
                    value={row.action}
                    onChange={(event) => void run(() => changeWord(row.word, event.target.value as WordAction))}
                  >
                    {WORD_ACTIONS.map((value) => (
                      <option key={value} value={value}>
                        {WORD_ACTION_LABELS[value]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="table__nowrap">{consoleTime(row.createdAt)}</td>
                <td>
                  <button
                    className="button button--small button--danger"
                    type="button"
                    onClick={async () => {
                      const yes = await confirm.ask({
                        title: text.remove,
                        text: text.removeConfirm(row.word),
                        confirm: text.remove,
                      });
                      if (yes) void run(() => removeWord(row.word));
                    }}
                  >
                    {text.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {busy && <p className="table__status">{moderationText.loading}</p>}
        {!busy && words.length === 0 && <p className="table__status">{text.empty}</p>}
      </div>
      {cursor && !busy && (
        <div className="mod-queue__more">
          <button className="button" type="button" onClick={() => void load(applied, cursor)}>
            {moderationText.more}
          </button>
        </div>
      )}
    </div>
  );
}
