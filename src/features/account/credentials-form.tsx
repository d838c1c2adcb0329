/**
 * Account + password form of /login and /register with the rules of docs/spec.md section 5 (account: 6-12
 * letters, digits or underscores; password: contract/validate.ts). Errors show inline: per field after
 * it is left or on submit, and the server's message above the button.
 */
import { useState, type FormEvent } from 'react';
import type { Credentials } from './auth-calls.ts';
import { isValidAccount, isValidPassword } from '../../../contract/validate.ts';
import { messages } from '../../messages.ts';
import { FormField } from '../../components/form-field.tsx';
import { IconEye, IconEyeOff } from '../../components/icons.tsx';

type Field = 'account' | 'password' | 'confirm';
type Values = Record<Field, string>;

interface CredentialsFormProps {
  submitLabel: string;
  /** Ask for the password twice (registration). */
  confirmPassword?: boolean;
  /** Rejects with an Error whose message is shown in the form. */
  onSubmit: (credentials: Credentials) => Promise<void>;
}

function fieldError(field: Field, values: Values): string | null {
  const m = messages.form;
  if (field === 'account')
    return !values.account ? m.accountRequired : isValidAccount(values.account) ? null : m.accountInvalid;
  if (field === 'password')
    return !values.password ? m.passwordRequired : isValidPassword(values.password) ? null : m.passwordInvalid;
  return values.confirm === values.password ? null : m.passwordMismatch;
}

export function CredentialsForm({ submitLabel, confirmPassword = false, onSubmit }: CredentialsFormProps) {
  const fields: Field[] = confirmPassword ? ['account', 'password', 'confirm'] : ['account', 'password'];
  const [values, setValues] = useState<Values>({ account: '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);

  const errorOf = (field: Field) => (touched[field] ? fieldError(field, values) : null);
  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({
      ...previous,
      [field]: field === 'account' ? event.target.value.trim() : event.target.value,
    }));
    setFormError(null);
  };
  const leave = (field: Field) => () => setTouched((previous) => ({ ...previous, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ account: true, password: true, confirm: true });
    if (submitting || fields.some((field) => fieldError(field, values))) return;
    setSubmitting(true);
    try {
      await onSubmit({ account: values.account, password: values.password });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  const passwordToggle = (
    <button
      type="button"
      className="form-field__toggle"
      onClick={() => setPasswordShown((shown) => !shown)}
      aria-label={passwordShown ? messages.form.hidePassword : messages.form.showPassword}
      aria-pressed={passwordShown}
    >
      {passwordShown ? <IconEyeOff /> : <IconEye />}
    </button>
  );
  const passwordType = passwordShown ? 'text' : 'password';

  return (
    <form className="credentials-form" onSubmit={submit} noValidate>
      <FormField
        label={messages.form.account}
        name="account"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={12}
        placeholder={messages.form.accountPlaceholder}
        value={values.account}
        onChange={update('account')}
        onBlur={leave('account')}
        error={errorOf('account')}
      />
      <FormField
        label={messages.form.password}
        name="password"
        type={passwordType}
        autoComplete={confirmPassword ? 'new-password' : 'current-password'}
        maxLength={32}
        placeholder={messages.form.passwordPlaceholder}
        value={values.password}
        onChange={update('password')}
        onBlur={leave('password')}
        error={errorOf('password')}
        trailing={passwordToggle}
      />
      {confirmPassword && (
        <FormField
          label={messages.form.confirmPassword}
          name="confirm"
          type={passwordType}
          autoComplete="new-password"
          maxLength={32}
          placeholder={messages.form.confirmPasswordPlaceholder}
          value={values.confirm}
          onChange={update('confirm')}
          onBlur={leave('confirm')}
          error={errorOf('confirm')}
        />
      )}
      {formError && (
        <p className="credentials-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? messages.form.submitting : submitLabel}
      </button>
    </form>
  );
}
