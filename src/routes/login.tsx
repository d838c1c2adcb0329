/** Account sign-in (/login). After signing in, goes to ?redirect= (set by the /mine guard) or /mine. */
import { Link, useLocation, useSearch } from 'wouter';
import { isSafeRedirect, paths } from '../lib/route-paths.ts';
import { signInWithAccount } from '../features/account/session.ts';
import type { Credentials } from '../features/account/auth-calls.ts';
import { CredentialsForm } from '../features/account/credentials-form.tsx';
import { messages } from '../messages.ts';
import { showToast } from '../stores/toast.ts';

export default function LoginScreen() {
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const [, navigate] = useLocation();

  const submit = async (credentials: Credentials) => {
    await signInWithAccount(credentials);
    showToast(messages.login.success, { kind: 'success' });
    navigate(isSafeRedirect(redirect) ? redirect : paths.mine(), { replace: true });
  };

  return (
    <section className="auth-screen">
      <div className="card auth-card">
        <h2 className="auth-card__heading">{messages.login.heading}</h2>
        <p className="auth-card__lead">{messages.login.lead}</p>
        <CredentialsForm submitLabel={messages.login.submit} onSubmit={submit} />
        <p className="auth-card__switch">
          {messages.login.noAccount}
          <Link href={paths.register()} replace>
            {messages.login.toRegister}
          </Link>
        </p>
      </div>
    </section>
  );
}
