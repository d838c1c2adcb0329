/**
 * The only part of the PWA in the entry bundle: once the first screen's call has answered (`after`,
 * app/first-screen.ts) and the browser is idle, app/pwa-start.ts loads (offline bar, update
 * prompt, the service worker in production).
 */
import { env } from '../env.ts';
import { whenIdle } from '../lib/idle.ts';
import { loadChunk } from '../lib/load-chunk.ts';

export function startPwa(after: Promise<void>): Promise<void> {
  return after
    .then(() => whenIdle())
    .then(() => loadChunk(() => import('./pwa-start.ts')))
    .then(({ startPwa: start }) => start({ production: env.production }));
}
