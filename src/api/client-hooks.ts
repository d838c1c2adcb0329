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

let install: (hooks: ClientHooks) => void = () => {};
const installed = new Promise<ClientHooks>((resolve) => {
  install = resolve;
});

/** The app's hooks; waits until they are installed. */
export const clientHooks = (): Promise<ClientHooks> => installed;

/** Installs the app's hooks; the first installation holds. */
export function installClientHooks(hooks: ClientHooks): void {
  install(hooks);
}
