/**
 * <MemberPicker value={userId} onChange /> for a list's 用户 filter: type a nickname, account or id
 * and choose among the 用户 search's first matches (GET /users, the sites `siteId` allows); the
 * member chosen reads by name with × to clear. The filter keeps the id (the address carries it), so
 * a member given by id alone (a link, Back) is looked up once for the name.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { UserRow } from '../../../contract/admin/money.ts';
import { messageOf } from '../../components/use-load.ts';
import { fetchUser, fetchUsers } from './money-calls.ts';
import { moneyText } from './money-messages.ts';

const text = moneyText.picker;
/** Matches offered at once, and the pause after typing before they are asked for. */
const SHOWN = 8;
const PAUSE_MS = 250;

interface Chosen {
  id: number;
  nickname: string;
}

export function MemberPicker({
  value,
  siteId,
  onChange,
}: {
  /** The member's id as the filter keeps it ('' none). */
  value: string;
  siteId: string;
  onChange: (userId: string) => void;
}) {
  const labelId = useId();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [matches, setMatches] = useState<UserRow[] | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const names = useRef(new Map<number, string>());
  const [chosen, setChosen] = useState<Chosen | null>(null);

  // The member of `value`: by name from a match chosen, else read once by id.
  useEffect(() => {
    if (!value) {
      setChosen(null);
      return;
    }
    const id = Number(value);
    const known = names.current.get(id);
    if (known !== undefined) {
      setChosen({ id, nickname: known });
      return;
    }
    setChosen({ id, nickname: '' });
    let live = true;
    fetchUser(id).then(
      (user) => {
        names.current.set(id, user.nickname);
        if (live) setChosen({ id, nickname: user.nickname });
      },
      () => live && setChosen({ id, nickname: text.unknown }),
    );
    return () => {
      live = false;
    };
  }, [value]);

  // Matches of what is typed, after a pause; the last answer wins.
  useEffect(() => {
    const q = typed.trim();
    if (!q) {
      setMatches(null);
      setProblem(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      fetchUsers({ q, siteId, limit: SHOWN })
        .then(
          (page) => {
            if (!live) return;
            setMatches(page.list);
            setActive(0);
            setProblem(null);
          },
          (failure) => live && setProblem(messageOf(failure)),
        )
        .finally(() => live && setBusy(false));
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, siteId]);

  const choose = (user: UserRow) => {
    names.current.set(user.id, user.nickname);
    setTyped('');
    setMatches(null);
    onChange(String(user.id));
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!matches || matches.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      // Enter chooses the match instead of submitting the filters.
      event.preventDefault();
      choose(matches[active]!);
    } else if (event.key === 'Escape') {
      setMatches(null);
    }
  };

  if (chosen) {
    return (
      <div className="field member-picker">
        <span className="field__label" id={labelId}>
          {text.label}
        </span>
        <span className="member-picker__chosen" role="group" aria-labelledby={labelId} data-testid="member-chosen">
          <span className="member-picker__name" title={`${chosen.nickname} #${chosen.id}`}>
            {chosen.nickname || '…'}
            <span className="money__muted"> #{chosen.id}</span>
          </span>
          <button
            className="member-picker__clear"
            type="button"
            aria-label={text.clear(chosen.nickname || `#${chosen.id}`)}
            onClick={() => onChange('')}
          >
            ×
          </button>
        </span>
      </div>
    );
  }

  const open = matches !== null;
  return (
    <div className="field member-picker">
      <label className="field__label" htmlFor={`${listId}-input`} id={labelId}>
        {text.label}
      </label>
      <input
        id={`${listId}-input`}
        className="field__input member-picker__input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches.length > 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={text.placeholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKey}
        onBlur={() => setTimeout(() => setMatches(null), 150)}
      />
      {open && (
        <ul className="member-picker__list" id={listId} role="listbox" aria-labelledby={labelId}>
          {matches.length === 0 && <li className="member-picker__none">{busy ? text.searching : text.none}</li>}
          {matches.map((user, index) => (
            <li
              key={user.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`member-picker__option${index === active ? ' is-active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(user)}
            >
              {user.nickname}
              <span className="money__muted">
                {' '}
                #{user.id}
                {user.account ? `，${user.account}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <span className="field__error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
