/**
 * After a deploy, a tab still running the old build can fail to load a screen chunk that no longer
 * exists. The cure is one reload; the guard (docs/spec.md section 9: 10 s) stops a reload loop when the
 * chunk is really missing or the network is down.
 */
import { CHUNK_RELOAD_AT_KEY } from '../lib/storage-keys.ts';
import { ChunkLoadError } from '../lib/load-chunk.ts';

export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && CHUNK_ERROR.test(error.message));

/** Whether a reload is allowed now, given when the last one happened (ms, or null). */
export const mayReload = (lastReloadAt: number | null, now: number): boolean =>
  lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;

/**
 * Reloads the page unless it already did so in the last 10 s, or the browser is offline (a reload
 * then brings no newer build, and without the service worker it shows the browser's offline page
 * instead of the app's); returns whether it reloads.
 */
export function reloadAfterChunkError(now: number = Date.now()): boolean {
  if (navigator.onLine === false) return false;
  let last: number | null = null;
  try {
    const saved = Number(sessionStorage.getItem(CHUNK_RELOAD_AT_KEY));
    last = Number.isFinite(saved) && saved > 0 ? saved : null;
    if (!mayReload(last, now)) return false;
    sessionStorage.setItem(CHUNK_RELOAD_AT_KEY, String(now));
  } catch {
    return false; // no sessionStorage: no guard, so no automatic reload
  }
  location.reload();
  return true;
}
