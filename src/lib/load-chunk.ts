/**
 * Every dynamic import of the app and the console goes through `loadChunk` (eslint.config.js
 * refuses any other): `loadChunk(() => import('./screen.tsx'))`.
 *
 * Vite's import of a chunk preloads its stylesheets and imports first; when one fails it fires
 * `vite:preloadError`, and when a listener prevents that event (the reload guard of
 * src/app/chunk-reload.ts, which reloads the page once) Vite's import resolves to `undefined`
 * instead of rejecting, whether the chunk itself loaded or not. Offline or on a stale build, a
 * caller that then read the module threw a page error. Here an empty answer is the failure it is:
 * the promise rejects with a chunk-load error, which each caller handles as it handles a failed
 * load (the error boundary shows the error page; a background feature simply does not start).
 */
export class ChunkLoadError extends Error {
  constructor() {
    super('Failed to fetch dynamically imported module (its preload failed)');
    this.name = 'ChunkLoadError';
  }
}

export async function loadChunk<M extends object>(load: () => Promise<M>): Promise<M> {
  const loaded: M | undefined = await load();
  if (loaded === undefined || loaded === null) throw new ChunkLoadError();
  return loaded;
}
