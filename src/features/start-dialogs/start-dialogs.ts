/**
 * The only part of the dialogs in the entry bundle: the install prompt is captured from the start
 * (Chromium fires beforeinstallprompt once, early, and would show its own mini-infobar), and the
 * dialog host (dialog-root.tsx, its own chunk) loads when the browser is idle after `after` (the
 * first screen's call, app/first-screen.ts). Whether dialogs show at all is decided there (lib/dialog-rules.ts dialogsSuppressed).
 */

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPromptEvent | null = null;

/** The captured prompt, if the browser offered one and it was not used yet. */
export const capturedInstallPrompt = (): InstallPromptEvent | null => installPrompt;

/** A prompt can be shown once. */
export function forgetInstallPrompt(): void {
  installPrompt = null;
}

export function startDialogs(after: Promise<void>): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own guide (dialog4) offers it, at most every 3 days
    installPrompt = event as InstallPromptEvent;
  });
  addEventListener('appinstalled', forgetInstallPrompt);
  const load = () => void import('./dialog-root.tsx').then(({ mountDialogs }) => mountDialogs(), () => undefined);
  void after.then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 4_000 });
    else setTimeout(load, 2_000);
  });
}
