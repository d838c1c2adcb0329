/**
 * What the API client needs of the app's state, passed in once at start (src/app/client-hooks.ts),
 * so that api/ never imports a store: the site's identity for the headers and the signature, the
 * signed-in user (offline copies are kept per user), what to do when code 7 drops the token, and
 * how to show a failure or a call queued for later. Calls wait until the hooks are installed.
 */
import type { SiteInfo } from '../../contract/calls/account.ts';

export interface ClientHooks {
  /** The site of this origin (GET /api/fetch-data), once known. */
  siteInfo: () => Promise<SiteInfo>;
  /** The signed-in user's id, if any. */
  userId: () => number | undefined;
  /** Code 7: forget the token (the session-expired handler then takes the app home). */
  dropToken: () => void;
  /** A failed call's message, for the user. */
  showError: (message: string) => void;
  /** An action was saved to send once back online (api/offline-queue.ts). */
  queued: () => void;
}

let installed: ClientHooks | null = null;
let resolveReady: (hooks: ClientHooks) => void = () => {};
const ready = new Promise<ClientHooks>((resolve) => {
  resolveReady = resolve;
});

/** The app's hooks; waits until they are installed. */
export const clientHooks = (): Promise<ClientHooks> => ready;

/** Uses the hooks at once when they are installed (keeping the order of what follows), else once they are. */
export function withClientHooks(apply: (hooks: ClientHooks) => void): void {
  if (installed) apply(installed);
  else void ready.then(apply);
}

/** Installs the app's hooks; the first installation holds. */
export function installClientHooks(hooks: ClientHooks): void {
  installed ??= hooks;
  resolveReady(installed);
}
