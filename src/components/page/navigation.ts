/**
 * In-app history depth, so a back button never leaves the site: every push stamps the new history
 * entry with its depth (kept across reloads in history.state); popstate restores it. A page opened
 * directly has depth 0 and its back button goes home instead. Whether the viewer moved within the
 * app at all since the document loaded tells a screen reached by a tap from one opened directly
 * (an address, a reload).
 */
import { navigate } from 'wouter/use-browser-location';
import { paths } from '../../lib/route-paths.ts';

const DEPTH_KEY = 'appDepth';
let depth = 0;
let navigated = false;

const depthOf = (state: unknown): number => {
  const value = (state as Record<string, unknown> | null)?.[DEPTH_KEY];
  return typeof value === 'number' ? value : 0;
};

/** Installs the listeners; wouter dispatches a "pushState" event after each push. */
export function startNavigationTracking(): void {
  depth = depthOf(history.state);
  addEventListener('pushState', () => {
    depth += 1;
    navigated = true;
    history.replaceState({ ...(history.state as object | null), [DEPTH_KEY]: depth }, '');
  });
  addEventListener('popstate', (event) => {
    depth = depthOf(event.state);
    navigated = true;
  });
}

/** The viewer has gone from screen to screen in this document (false on the screen it opened with). */
export const navigatedInApp = (): boolean => navigated;

export function goBack(): void {
  if (depth > 0) history.back();
  else navigate(paths.home(), { replace: true });
}
