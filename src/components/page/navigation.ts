/**
 * In-app history depth, so a back button never leaves the site: every push stamps the new history
 * entry with its depth (kept across reloads in history.state); popstate restores it. A page opened
 * directly has depth 0 and its back button goes home instead.
 */
import { navigate } from 'wouter/use-browser-location';
import { paths } from '../../lib/route-paths.ts';

const DEPTH_KEY = 'appDepth';
let depth = 0;

const depthOf = (state: unknown): number => {
  const value = (state as Record<string, unknown> | null)?.[DEPTH_KEY];
  return typeof value === 'number' ? value : 0;
};

/** Installs the listeners; wouter dispatches a "pushState" event after each push. */
export function startNavigationTracking(): void {
  depth = depthOf(history.state);
  addEventListener('pushState', () => {
    depth += 1;
    history.replaceState({ ...(history.state as object | null), [DEPTH_KEY]: depth }, '');
  });
  addEventListener('popstate', (event) => {
    depth = depthOf(event.state);
  });
}

export function goBack(): void {
  if (depth > 0) history.back();
  else navigate(paths.home(), { replace: true });
}
