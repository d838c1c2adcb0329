/**
 * What starts before the first render, so the first screen's data is on its way while the stores
 * hydrate and React starts (Lighthouse LCP; docs/performance.md): the API client with crypto-js and the session
 * (features/account/session.ts and the client's hooks, app/client-hooks.ts: the content chunk, outside the entry bundle), the app-wide lists (their CDN lines
 * name every image) and the screen's own chunk, all at once; once the stores are hydrated the session starts
 * (a device sign-in holds the calls that need it) and the screen's `prefetch` sends its first call.
 * The screen's own call later joins that one (the client shares a cached call in flight); app.tsx
 * starts the same session and lists again, which then do nothing. /api/fetch-data is preloaded by
 * index.html, or carried in the answers' block of a page with a first paint (src/api/site.ts).
 */
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { decodeParams, findRoute } from './route-table.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import { settleFirstScreen } from '../lib/first-screen-settled.ts';

/** Longest wait for the first screen before the deferred work starts anyway. */
const SETTLE_CAP_MS = 8_000;
/** After the first screen's call has answered, its render and images get this long to themselves. */
const QUIET_AFTER_MS = 2_500;

/**
 * Starts the first screen's reads and settles it (lib/first-screen-settled.ts) QUIET_AFTER_MS after
 * its call has answered (or failed; at the latest after SETTLE_CAP_MS).
 */
export function startFirstScreen(pathname: string, hydrated: Promise<void>): void {
  setTimeout(settleFirstScreen, SETTLE_CAP_MS);
  loadChunk(() => import('./client-hooks.ts')).catch(() => undefined); // the calls load it again
  const session = Promise.all([loadChunk(() => import('../features/account/session.ts')), hydrated])
    .then(([{ ensureSession }]) => void ensureSession(pathname).catch(() => undefined)) // failures were shown as toasts
    .catch(() => undefined); // the App starts the session again on render
  void Promise.all([loadChunk(() => import('../stores/app-init.ts')), hydrated])
    .then(([{ loadAppInit }]) => loadAppInit())
    .catch(() => undefined); // the App tries again
  const entry = findRoute(parse, pathname); // wouter's default parser
  const quiet = () => setTimeout(settleFirstScreen, QUIET_AFTER_MS);
  if (!entry) return void quiet();
  const params = decodeParams(matchRoute(parse, entry.pattern, pathname)[1] ?? {});
  void Promise.all([entry.load(), session])
    .then(([screen]) => screen.prefetch?.(params))
    .catch(() => undefined) // the screen loads (and reports) on its own
    .finally(quiet);
}
