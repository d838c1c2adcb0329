/** Registration (/register): binds an account and password to this device's user (/bind/account). */
import { Link, useLocation } from 'wouter';
import { paths } from '../lib/route-paths.ts';
import { registerAccount } from '../features/account/session.ts';
import type { Credentials } from '../features/account/auth-calls.ts';
import { CredentialsForm } from '../features/account/credentials-form.tsx';
import { messages } from '../messages.ts';
import { showToast } from '../stores/toast.ts';

export default function RegisterScreen() {
  const [, navigate] = useLocation();

  const submit = async (credentials: Credentials) => {
    await registerAccount(credentials);
    showToast(messages.register.success, { kind: 'success' });
    navigate(paths.mine(), { replace: true });
  };

  return (
    <section className="auth-screen">
      <div className="card auth-card">
        <h2 className="auth-card__heading">{messages.register.heading}</h2>
        <p className="auth-card__lead">{messages.register.lead}</p>
        <CredentialsForm submitLabel={messages.register.submit} confirmPassword onSubmit={submit} />
        <p className="auth-card__switch">
          {messages.register.hasAccount}
          <Link href={paths.login()} replace>
            {messages.register.toLogin}
          </Link>
        </p>
      </div>
    </section>
  );
}
