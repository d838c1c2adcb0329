/**
 * Entry: theme and navigation tracking first; the first screen's chunks and call start
 * (app/first-screen.ts) while the persisted stores are hydrated from IndexedDB, then the first
 * render; the site info refreshes in the background, the dialogs load when idle and the service
 * worker registers in production.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/error-page.css';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { capFirstPaint } from './components/page/first-paint.ts';
import { startFirstScreen } from './app/first-screen.ts';
import { firstScreenSettled } from './lib/first-screen-settled.ts';
import { NotFoundError } from './components/page/not-found-error.ts';
import { startNavigationTracking } from './components/page/navigation.ts';
import { startPwa } from './app/service-worker.ts';
import { warmTabScreens } from './app/warm-tabs.ts';
import { startDialogs } from './features/start-dialogs/start-dialogs.ts';
import { isChunkLoadError, reloadAfterChunkError } from './app/chunk-reload.ts';
import { hydrateStores } from './stores/hydrate.ts';
import { nextTask } from './lib/next-task.ts';
import { refreshSiteInfo } from './stores/site.ts';
import { startColorMode } from './theme/color-mode.ts';
import { startSiteBranding } from './theme/site-branding.ts';

async function start(): Promise<void> {
  // The start in a task of its own: the entry's modules (React's above all) are evaluated in one
  // task and this runs in the next, so that a slow phone meets two short tasks, not one long one.
  await nextTask();
  startColorMode();
  startNavigationTracking();
  history.scrollRestoration = 'manual'; // the keep-alive restores scroll itself
  // A stale tab after a deploy: Vite reports a failed preload here; reload once (src/app/chunk-reload.ts).
  addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadError((event as Event & { payload?: unknown }).payload) && reloadAfterChunkError())
      event.preventDefault();
  });

  capFirstPaint();
  const hydrated = hydrateStores();
  startFirstScreen(location.pathname, hydrated);
  await hydrated;
  startSiteBranding();
  refreshSiteInfo().catch(() => undefined); // offline: the persisted site info serves

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // React 19 logs every error a boundary catches; a 404 is an expected page, not a fault.
  const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
    // A chunk that did not load is shown as such (app/error-page.tsx), offline above all: no fault either.
    if (!(error instanceof NotFoundError) && !isChunkLoadError(error)) console.error(error, info.componentStack);
  };
  const root = createRoot(container, { onCaughtError });
  // A transition: React renders the app in slices between which the browser stays responsive
  // (the server's first paint, or the page's skeleton, shows meanwhile) instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <ErrorBoundary onHome={() => location.assign('/')}>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    );
  });
  startDialogs(firstScreenSettled()); // the install prompt is captured now; the dialogs load later

  startPwa(firstScreenSettled()).catch((error: unknown) => console.warn('[pwa] start failed', error));
  void warmTabScreens(firstScreenSettled());
}

void start();
