/**
 * 敏感词: the shared word list, searched and paged by word, with change of action and remove. Words
 * are added by pasting a list (one a line, or split by commas or 、) in one call for all of them:
 * its answer says how many were added and how many were already listed; a refusal names each bad
 * line beside the field, and the text stays to be corrected. An operator limited to some sites reads
 * the list without them (the server refuses their changes), and a line saying why.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { SensitiveWord } from '../../../contract/admin/moderation.ts';
import { pastedWords, WORD_PASTE_LIMITS } from '../../../contract/admin/word-paste.ts';
import { WORD_ACTIONS, type WordAction } from '../../../contract/enums.ts';
import { adminMessages } from '../../admin-messages.ts';
import { addWords, changeWord, fetchWords, removeWord } from './moderation-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { useEverySite } from '../../session/every-site.ts';
import { EverySiteNote } from '../../session/every-site-note.tsx';
import { useConfirm } from '../../components/use-confirm.tsx';
import { WORD_ACTION_LABELS, moderationText } from './moderation-messages.ts';

const text = moderationText.words;

export function WordsView() {
  const confirm = useConfirm();
  const everySite = useEverySite();
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [words, setWords] = useState<SensitiveWord[]>([]);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [paste, setPaste] = useState('');
  const [action, setAction] = useState<WordAction>('refuse');
  const [adding, setAdding] = useState(false);
  const [pasteNote, setPasteNote] = useState<{ error: boolean; text: string } | null>(null);
  const noteId = useId();
  const count = pastedWords(paste).length;

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
    setAdding(true);
    setPasteNote(null);
    try {
      const result = await addWords(paste, action);
      setPaste('');
      setPasteNote({ error: false, text: text.result(result.added.length, result.existing.length) });
      await load(applied, null);
    } catch (failure) {
      setPasteNote({ error: true, text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setAdding(false);
    }
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
      </div>
      {!everySite && <EverySiteNote text={adminMessages.everySite.words} />}
      {everySite && (
        <form className="mod-words__paste" onSubmit={add}>
          <label className="field mod-words__field">
            <span className="field__label">{text.paste}</span>
            <textarea
              className={`field__input mod-words__text${pasteNote?.error ? ' mod-words__text--bad' : ''}`}
              name="words"
              rows={4}
              placeholder={text.pastePlaceholder}
              value={paste}
              aria-invalid={pasteNote?.error === true}
              aria-describedby={noteId}
              onChange={(event) => setPaste(event.target.value)}
            />
          </label>
          <div className="mod-words__form">
            <select
              className="field__input"
              aria-label={text.action}
              value={action}
              onChange={(event) => setAction(event.target.value as WordAction)}
            >
              {WORD_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {WORD_ACTION_LABELS[value]}
                </option>
              ))}
            </select>
            <button className="button button--primary" type="submit" disabled={count === 0 || adding}>
              {text.addCount(count)}
            </button>
          </div>
          <p
            id={noteId}
            className={pasteNote?.error ? 'mod-words__error' : 'field__hint'}
            role={pasteNote?.error ? 'alert' : 'status'}
          >
            {pasteNote?.text ?? text.pasteHint(WORD_PASTE_LIMITS.words)}
          </p>
        </form>
      )}
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
              {everySite && <th />}
            </tr>
          </thead>
          <tbody>
            {words.map((row) => (
              <tr key={row.word}>
                <td>{row.word}</td>
                <td>
                  {everySite ? (
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
                  ) : (
                    WORD_ACTION_LABELS[row.action]
                  )}
                </td>
                <td className="table__nowrap">{consoleTime(row.createdAt)}</td>
                {everySite && (
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
                )}
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
