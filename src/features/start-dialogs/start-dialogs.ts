/**
 * The only part of the dialogs in the entry bundle: the install prompt is captured from the start
 * (Chromium fires beforeinstallprompt once, early, and would show its own mini-infobar), and the
 * dialog host (dialog-root.tsx, its own chunk) loads when the browser is idle after `after` (the
 * first screen's call, src/app/first-screen.ts). Whether dialogs show at all is decided there (dialog-rules.ts dialogsSuppressed).
 * The arrival guides (features/arrival/) load right after `after`.
 */

import { captureInstallPrompt } from './install-prompt.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

export function startDialogs(after: Promise<void>): void {
  captureInstallPrompt();
  const load = () =>
    void loadChunk(() => import('./dialog-root.tsx')).then(
      ({ mountDialogs }) => mountDialogs(),
      () => undefined,
    );
  // The guides for in-app browsers and iOS Safari (features/arrival/): never suppressed, they are
  // what those visitors must see; their code loads only when one applies.
  const arrive = () =>
    void loadChunk(() => import('../arrival/arrival-root.tsx')).then(
      ({ mountArrivalGuides }) => mountArrivalGuides(),
      () => undefined,
    );
  void after.then(() => {
    arrive();
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 4_000 });
    else setTimeout(load, 2_000);
  });
}
