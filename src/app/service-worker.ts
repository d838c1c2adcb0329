/**
 * The only part of the PWA in the entry bundle: once the first screen's call has answered (`after`,
 * app/first-screen.ts) and the browser is idle, app/pwa-start.ts loads (offline bar, update
 * prompt, the service worker in production).
 */
import { env } from '../env.ts';
import { loadChunk } from '../lib/load-chunk.ts';

export function startPwa(after: Promise<void>): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else setTimeout(resolve, 1_000);
    });
  return after
    .then(idle)
    .then(() => loadChunk(() => import('./pwa-start.ts')))
    .then(({ startPwa: start }) => start({ production: env.production }));
}
