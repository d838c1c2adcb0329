/**
 * The member area's guard (docs/spec.md sections 4 and 6). The silent device sign-in of section 4
 * runs on every page but /login and /register, the member pages included, so a fresh device that
 * opens /mine (or any /mine/*) first is signed in and sees the page. Only when that sign-in settles
 * without a token (the server refused it, or there is no network) does the page redirect to
 * /login?redirect=…, as section 6 asks of a visitor without a token.
 */
import { useEffect, useState } from 'react';
import { hasToken } from '../lib/cookie.ts';
import { requiresSignIn } from '../lib/route-paths.ts';
import { loadChunk } from '../lib/load-chunk.ts';

export type GuardState = 'open' | 'signing-in' | 'refused';

export function useSignInGuard(pathname: string, signedIn: boolean): GuardState {
  const needed = !signedIn && requiresSignIn(pathname);
  const [refusedOn, setRefusedOn] = useState<string | null>(null);
  // A refusal holds for the page it happened on: coming back later (say, online again) tries again.
  if (refusedOn !== null && refusedOn !== pathname) setRefusedOn(null);

  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadChunk(() => import('../features/account/session.ts'))
      .then(({ startSession }) => startSession())
      .catch(() => undefined) // a failure was shown as a toast; the token decides below
      .then(() => {
        if (live && !hasToken()) setRefusedOn(pathname);
      });
    return () => {
      live = false;
    };
  }, [needed, pathname]);

  if (!needed) return 'open';
  return refusedOn === pathname ? 'refused' : 'signing-in';
}
