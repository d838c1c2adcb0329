/**
 * Chromium's install prompt, captured from the start: it fires beforeinstallprompt once, early, and
 * would otherwise show its own mini-infobar. The install dialog (dialog4) offers it instead.
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

/** Starts capturing; called once at start (start-dialogs.ts). */
export function captureInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own guide (dialog4) offers it, at most every 3 days
    installPrompt = event as InstallPromptEvent;
  });
  addEventListener('appinstalled', forgetInstallPrompt);
}
