/**
 * 用户名, 密码 and the 6-digit 动态验证码 (after a session ended on its own, a line saying so). The server's message is shown as it is; after a 429 the
 * button counts down the wait (Retry-After) and stays disabled until it has passed.
 */
import './sign-in.css';
import { useEffect, useState, type FormEvent } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { AdminApiError } from '../api/admin-client.ts';
import { signIn } from './session-store.ts';

const text = adminMessages.signIn;

/** `ended`: shown after a session ended on its own, with why (the idle time) above the form. */
export function SignInPage({ ended = false }: { ended?: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) return setError(text.missing(text.username));
    if (!password) return setError(text.missing(text.password));
    if (!/^\d{6}$/.test(totp)) return setError(text.totpFormat);
    setBusy(true);
    setError(null);
    try {
      await signIn(username.trim(), password, totp);
    } catch (failure) {
      setTotp('');
      if (!(failure instanceof AdminApiError)) setError(text.network);
      else {
        setError(failure.message);
        if (failure.status === 429 && failure.retryAfter) {
          setNow(Date.now());
          setWaitUntil(Date.now() + failure.retryAfter * 1000);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate>
        <h1 className="sign-in__title">{text.heading}</h1>
        {ended && (
          <p className="sign-in__notice" role="status">
            {text.ended}
          </p>
        )}
        <label className="field">
          <span className="field__label">{text.username}</span>
          <input
            className="field__input"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoFocus
          />
        </label>
        <label className="field">
          <span className="field__label">{text.password}</span>
          <input
            className="field__input"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{text.totp}</span>
          <input
            className="field__input field__input--code"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={totp}
            onChange={(event) => setTotp(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <span className="field__hint">{text.totpHint}</span>
        </label>
        {error && (
          <p className="sign-in__error" role="alert">
            {error}
          </p>
        )}
        <button className="button button--primary sign-in__submit" type="submit" disabled={busy || waitSeconds > 0}>
          {busy ? text.submitting : waitSeconds > 0 ? text.wait(waitSeconds) : text.submit}
        </button>
      </form>
    </main>
  );
}
