/**
 * The routed part of the app: the sign-in guard of docs/spec.md section 6 (no token → any /mine page
 * redirects, replacing history, to /login?redirect=…) in front of the keep-alive of pages.
 */
import { useSnapshot } from 'valtio/react';
import { Redirect, useLocation, useRouter } from 'wouter';
import { authState } from '../stores/auth.ts';
import { KeepAlive } from './keep-alive.tsx';
import { PageSwitch } from './page-frame.tsx';
import { paths, requiresSignIn } from '../lib/route-paths.ts';
import { findRoute } from './route-table.ts';

export function AppRoutes() {
  const [pathname] = useLocation();
  const { parser } = useRouter();
  const { signedIn } = useSnapshot(authState);
  const guarded = !signedIn && requiresSignIn(pathname);

  const retain = (key: string): boolean =>
    (findRoute(parser, key)?.keepAlive ?? true) && (signedIn || !requiresSignIn(key));

  return (
    <>
      {guarded && <Redirect to={paths.login(pathname)} replace />}
      <KeepAlive activeKey={guarded ? null : pathname} retain={retain}>
        {(key) => <PageSwitch pathname={key} />}
      </KeepAlive>
    </>
  );
}
