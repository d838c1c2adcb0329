/**
 * Whether the browser is online, from its online/offline events (navigator.onLine): the offline
 * bar shows it and the outbox of offline likes sends when it turns true. "Online" only means a
 * network exists; calls still fail on their own, and the API client falls back then.
 */
import { proxy } from 'valtio/vanilla';

export const networkState = proxy({ online: typeof navigator === 'undefined' || navigator.onLine });

let watching = false;

/** Starts following the events (once). */
export function watchNetwork(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  networkState.online = navigator.onLine;
  addEventListener('online', () => (networkState.online = true));
  addEventListener('offline', () => (networkState.online = false));
}
