/**
 * Shown instead of the console while the operator is on a one-time password: the server answers
 * 403 to everything else until a password of their own is set (the fields: password-fields.tsx).
 */
import './sign-in.css';
import type { FormEvent } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { usePasswordFields } from './password-fields.tsx';
import { signOut } from './session-store.ts';

const text = adminMessages.password;

export function ChangePasswordPage({ username }: { username: string }) {
  const { fields, submit, busy, otherError } = usePasswordFields(username, text.current);
  return (
    <main className="sign-in">
      <form
        className="sign-in__card"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <h1 className="sign-in__title">{text.heading}</h1>
        <p className="field__hint">{text.intro}</p>
        {fields}
        {otherError && (
          <p className="sign-in__error" role="alert">
            {otherError}
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
