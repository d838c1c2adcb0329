/**
 * The operator console's entry (admin.html, served for /admin and /admin/*): checks the session,
 * then shows the sign-in screen or the console. Its own bundle, sharing no chunk with the visitors'
 * app (vite.config.ts consoleCopies), and no service worker serves it.
 */
import './styles/base.css';
import './styles/table.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { adminMessages } from './admin-messages.ts';
import { ConsoleRoutes } from './console-routes.tsx';
import { NoticePage } from './features/placeholder/notice-page.tsx';
import { ChangePasswordPage } from './session/change-password-page.tsx';
import { checkSession, useSession } from './session/session-store.ts';
import { SignInPage } from './session/sign-in-page.tsx';
import { ConsoleShell } from './shell/console-shell.tsx';

function Console() {
  const state = useSession();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (state.status === 'checking') checkSession().catch(() => setFailed(true));
  }, [state.status]);
  if (failed) return <NoticePage title={adminMessages.loadFailed} hint={adminMessages.signIn.network} />;
  if (state.status === 'checking') return <NoticePage title={adminMessages.loading} />;
  if (state.status === 'signedOut') return <SignInPage ended={state.ended ?? false} />;
  if (state.session.mustChangePassword) return <ChangePasswordPage username={state.session.operator.username} />;
  return (
    <ConsoleShell session={state.session}>
      <ConsoleRoutes role={state.session.operator.role} />
    </ConsoleShell>
  );
}

document.title = adminMessages.title;
createRoot(document.getElementById('admin-root')!).render(
  <StrictMode>
    <Router base="/admin">
      <Console />
    </Router>
  </StrictMode>,
);
