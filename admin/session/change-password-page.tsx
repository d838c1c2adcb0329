/**
 * Shown instead of the console while the operator is on a one-time password: the server answers
 * 403 to everything else until a password of their own is set. The server's message is shown as it
 * is beside the field it names (the new one: length, letters and digits, the username, too common;
 * the current one: wrong, or too many wrong tries), any other below the form.
 */
import './sign-in.css';
import { useState, type FormEvent } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { AdminApiError } from '../api/admin-client.ts';
import { changePassword, signOut } from './session-store.ts';

const text = adminMessages.password;
/** The fields a message may be shown beside (the server names current and next). */
const FIELDS = ['current', 'next', 'repeat'];

export function ChangePasswordPage({ username }: { username: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setError({ message: adminMessages.signIn.missing(text.current), field: 'current' });
    if (next !== repeat) return setError({ message: text.mismatch, field: 'repeat' });
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? { message: failure.message, field: failure.field }
          : { message: adminMessages.signIn.network },
      );
    } finally {
      setBusy(false);
    }
  }

  const onField = (field: string) => error?.field === field;
  const described = (field: string, hint?: string) => ({
    'aria-invalid': onField(field) || undefined,
    'aria-describedby':
      [onField(field) ? `password-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined,
  });
  const besideField = (field: string) =>
    onField(field) && (
      <span className="sign-in__error" id={`password-${field}-error`} role="alert">
        {error!.message}
      </span>
    );

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate>
        <h1 className="sign-in__title">{text.heading}</h1>
        <p className="field__hint">{text.intro}</p>
        <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
        <div className="field">
          <label className="field__label" htmlFor="current-password">
            {text.current}
          </label>
          <input
            className="field__input"
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            autoFocus
            {...described('current')}
          />
          {besideField('current')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="new-password">
            {text.next}
          </label>
          <input
            className="field__input"
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            {...described('next', 'new-password-hint')}
          />
          {besideField('next')}
          <span className="field__hint" id="new-password-hint">
            {text.hint}
          </span>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="repeat-password">
            {text.repeat}
          </label>
          <input
            className="field__input"
            id="repeat-password"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            {...described('repeat')}
          />
          {besideField('repeat')}
        </div>
        {error && !FIELDS.includes(error.field ?? '') && (
          <p className="sign-in__error" role="alert">
            {error.message}
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
