/**
 * The PWA's page side, loaded after the first render (app/service-worker.ts), outside the entry
 * bundle: the manifest's link, the online state and its offline bar, the update prompt, sending the
 * likes queued offline, expired offline downloads deleted (features/downloads/), and in production
 * builds the service worker with its update checks and CDN line bridge.
 */
import { startOutbox } from '../api/offline-queue.ts';
import { watchNetwork } from '../stores/network.ts';
import { mountPwaRoot } from './pwa-root.tsx';
import { registerSw } from './sw-registration.ts';
import { loadChunk } from '../lib/load-chunk.ts';

/**
 * The web app manifest's link, added here rather than in index.html: a browser fetches the manifest
 * and its install icon as soon as it sees the link, and on a first visit over a slow line those
 * requests took their share of the bandwidth before the first screen's largest image was painted.
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  document.head.append(
    Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.webmanifest' }),
  );
}

export async function startPwa({ production }: { production: boolean }): Promise<void> {
  linkManifest();
  watchNetwork();
  mountPwaRoot();
  startOutbox();
  loadChunk(() => import('../features/downloads/download-manager.ts')).then(
    (downloads) => downloads.removeExpiredDownloads(),
    () => undefined, // not loaded (offline on a first visit): the next start deletes them
  );
  if (production && 'serviceWorker' in navigator) await registerSw();
}
