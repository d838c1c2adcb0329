/**
 * The operator's own new password: current, new and repeated, each with the server's message beside
 * the field it names (the new one: length, letters and digits, the username, too common; the current
 * one: wrong, or too many wrong tries), for the page a one-time password leads to and for 修改密码
 * once signed in (POST /admin-api/session/password; the operator's other sessions end).
 */
import { useState } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { AdminApiError } from '../api/admin-client.ts';
import { changePassword } from './session-store.ts';

const text = adminMessages.password;
/** The fields a message may be shown beside (the server names current and next). */
const FIELDS = ['current', 'next', 'repeat'];

export function usePasswordFields(username: string, currentLabel: string) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  /** True once the new password is set. */
  async function submit(): Promise<boolean> {
    if (!current) {
      setError({ message: adminMessages.signIn.missing(currentLabel), field: 'current' });
      return false;
    }
    if (next !== repeat) {
      setError({ message: text.mismatch, field: 'repeat' });
      return false;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
      return true;
    } catch (failure) {
      setError(
        failure instanceof AdminApiError
          ? { message: failure.message, field: failure.field }
          : { message: adminMessages.signIn.network },
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  const onField = (field: string) => error?.field === field;
  const field = (
    name: string,
    label: string,
    value: string,
    set: (value: string) => void,
    options: { autoComplete: string; hint?: string; autoFocus?: boolean },
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`password-${name}`}>
        {label}
      </label>
      <input
        className="field__input"
        id={`password-${name}`}
        name={name}
        type="password"
        autoComplete={options.autoComplete}
        value={value}
        onChange={(event) => set(event.target.value)}
        autoFocus={options.autoFocus}
        aria-invalid={onField(name) || undefined}
        aria-describedby={
          [onField(name) ? `password-${name}-error` : '', options.hint ? `password-${name}-hint` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {onField(name) && (
        <span className="sign-in__error" id={`password-${name}-error`} role="alert">
          {error!.message}
        </span>
      )}
      {options.hint && (
        <span className="field__hint" id={`password-${name}-hint`}>
          {options.hint}
        </span>
      )}
    </div>
  );

  const fields = (
    <>
      <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
      {field('current', currentLabel, current, setCurrent, { autoComplete: 'current-password', autoFocus: true })}
      {field('next', text.next, next, setNext, { autoComplete: 'new-password', hint: text.hint })}
      {field('repeat', text.repeat, repeat, setRepeat, { autoComplete: 'new-password' })}
    </>
  );
  /** A message that names none of the fields, shown under them. */
  const otherError = error && !FIELDS.includes(error.field ?? '') ? error.message : null;
  return { fields, submit, busy, otherError };
}
