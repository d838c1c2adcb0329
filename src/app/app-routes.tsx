/**
 * The routed part of the app: the sign-in guard of docs/spec.md section 6 in front of the keep-alive
 * of pages. A /mine page without a token waits for the silent sign-in (sign-in-guard.ts) and
 * redirects, replacing history, to /login?redirect=… only when that sign-in leaves no token.
 */
import { useSnapshot } from 'valtio/react';
import { Redirect, useLocation, useRouter } from 'wouter';
import { authState } from '../stores/auth.ts';
import { KeepAlive } from './keep-alive.tsx';
import { PageSwitch } from './page-frame.tsx';
import { paths, requiresSignIn } from '../lib/route-paths.ts';
import { findRoute } from './route-table.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { useSignInGuard } from './sign-in-guard.ts';

export function AppRoutes() {
  const [pathname] = useLocation();
  const { parser } = useRouter();
  const { signedIn } = useSnapshot(authState);
  const guard = useSignInGuard(pathname, signedIn);
  const guarded = guard !== 'open';

  const retain = (key: string): boolean =>
    (findRoute(parser, key)?.keepAlive ?? true) && (signedIn || !requiresSignIn(key));

  return (
    <>
      {guard === 'refused' && <Redirect to={paths.login(pathname)} replace />}
      {guard === 'signing-in' && <PageLoading />}
      <KeepAlive activeKey={guarded ? null : pathname} retain={retain}>
        {(key) => <PageSwitch pathname={key} />}
      </KeepAlive>
    </>
  );
}
