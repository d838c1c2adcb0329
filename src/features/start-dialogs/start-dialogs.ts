/**
 * The only part of the dialogs in the entry bundle: the install prompt is captured from the start
 * (Chromium fires beforeinstallprompt once, early, and would show its own mini-infobar), and the
 * dialog host (dialog-root.tsx, its own chunk) loads when the browser is idle after `after` (the
 * first screen's call, src/app/first-screen.ts). Whether dialogs show at all is decided there (dialog-rules.ts dialogsSuppressed).
 */

import { captureInstallPrompt } from './install-prompt.ts';

export function startDialogs(after: Promise<void>): void {
  captureInstallPrompt();
  const load = () =>
    void import('./dialog-root.tsx').then(
      ({ mountDialogs }) => mountDialogs(),
      () => undefined,
    );
  void after.then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 4_000 });
    else setTimeout(load, 2_000);
  });
}
