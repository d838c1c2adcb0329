/**
 * The app shell: session start on every page change (src/features/account/session.ts, loaded with the API client
 * outside the entry bundle), then the app-wide lists once (stores/app-init.ts, loaded as its own
 * chunk), the background check of unread notices (features/notifications/unread-watch.ts, its
 * own chunk too), the watch history's and the saved lists' sync with the server
 * (features/history/history-sync.ts, features/saved/saved-calls.ts: once per signed-in user),
 * the routes and the toasts.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio/react';
import { useLocation } from 'wouter';
import { ToastHost } from '../components/toast-host.tsx';
import { authState } from '../stores/auth.ts';
import { AppRoutes } from './app-routes.tsx';
import { firstScreenSettled } from '../lib/first-screen-settled.ts';
import { loadChunk } from '../lib/load-chunk.ts';

const ignore = () => undefined;

function useSessionStart(): void {
  const [pathname] = useLocation();
  const { signedIn } = useSnapshot(authState);
  useEffect(() => {
    loadChunk(() => import('./client-hooks.ts')).catch(ignore);
    loadChunk(() => import('../features/account/session.ts'))
      .then(({ ensureSession }) => ensureSession(pathname))
      .catch(() => undefined) // failures were already shown as toasts
      .then(() => {
        loadChunk(() => import('../features/notifications/unread-watch.ts')).then(
          ({ watchUnread }) => watchUnread(),
          ignore,
        );
        loadChunk(() => import('../features/history/history-sync.ts')).then(
          ({ syncOnSignIn }) => syncOnSignIn(),
          ignore,
        );
        // The saved lists (read offline) once the first screen has had the network to itself.
        firstScreenSettled()
          .then(() => loadChunk(() => import('../features/saved/saved-calls.ts')))
          .then(({ syncSavedOnSignIn }) => syncSavedOnSignIn(), ignore);
        return loadChunk(() => import('../stores/app-init.ts'));
      })
      .then(({ loadAppInit }) => loadAppInit())
      .catch(() => undefined); // offline without a persisted copy: the next page change tries again
  }, [pathname, signedIn]);
}

export function App() {
  useSessionStart();
  return (
    <>
      <AppRoutes />
      <ToastHost />
    </>
  );
}
