/**
 * The PWA's page side, loaded after the first render (app/service-worker.ts), outside the entry
 * bundle: the online state and its offline bar, the update prompt, sending the likes queued
 * offline, expired offline downloads deleted (features/downloads/), and in production builds the
 * service worker with its update checks and CDN line bridge.
 */
import { startOutbox } from '../api/offline-queue.ts';
import { watchNetwork } from '../stores/network.ts';
import { mountPwaRoot } from './pwa-root.tsx';
import { registerSw } from './sw-registration.ts';

export async function startPwa({ production }: { production: boolean }): Promise<void> {
  watchNetwork();
  mountPwaRoot();
  startOutbox();
  void import('../features/downloads/download-manager.ts').then((downloads) => downloads.removeExpiredDownloads());
  if (production && 'serviceWorker' in navigator) await registerSw();
}
