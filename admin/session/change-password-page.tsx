/**
 * Shown instead of the console while the operator is on a one-time password: the server answers
 * 403 to everything else until a password of their own is set. The server's field message is shown
 * as it is (length, letters and digits, not the username, the current one wrong).
 */
import './sign-in.css';
import { useState, type FormEvent } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { AdminApiError } from '../api/admin-client.ts';
import { changePassword, signOut } from './session-store.ts';

const text = adminMessages.password;

export function ChangePasswordPage({ username }: { username: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setError(adminMessages.signIn.missing(text.current));
    if (next !== repeat) return setError(text.mismatch);
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : adminMessages.signIn.network);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate>
        <h1 className="sign-in__title">{text.heading}</h1>
        <p className="field__hint">{text.intro}</p>
        <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
        <label className="field">
          <span className="field__label">{text.current}</span>
          <input
            className="field__input"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            autoFocus
          />
        </label>
        <div className="field">
          <label className="field__label" htmlFor="new-password">
            {text.next}
          </label>
          <input
            className="field__input"
            id="new-password"
            type="password"
            autoComplete="new-password"
            aria-describedby="new-password-hint"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <span className="field__hint" id="new-password-hint">
            {text.hint}
          </span>
        </div>
        <label className="field">
          <span className="field__label">{text.repeat}</span>
          <input
            className="field__input"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </label>
        {error && (
          <p className="sign-in__error" role="alert">
            {error}
          </p>
        )}
        <button className="button button--primary sign-in__submit" type="submit" disabled={busy}>
          {busy ? text.submitting : text.submit}
        </button>
        <button className="button" type="button" onClick={() => void signOut()}>
          {adminMessages.shell.signOut}
        </button>
      </form>
    </main>
  );
}
