/**
 * When the app asks whether a new build exists (docs/spec.md section 9: every 3,600,000 ms while open):
 * on an hourly interval, skipped while the browser is offline, and when the page becomes visible
 * again after more than an hour without a check (a background tab's timers are throttled or
 * frozen). Timers and the page are passed in, so the schedule is tested with fake timers.
 */

export const UPDATE_CHECK_EVERY_MS = 3_600_000;

export interface UpdateCheckOptions {
  /** Asks for the update (registration.update()). */
  check: () => unknown;
  isOnline: () => boolean;
  /** The document: its visibilityState and visibilitychange event. */
  page: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  everyMs?: number;
}

/** Starts the checks; answers a function that stops them. */
export function startUpdateChecks({
  check,
  isOnline,
  page,
  now = Date.now,
  everyMs = UPDATE_CHECK_EVERY_MS,
}: UpdateCheckOptions): () => void {
  let lastCheck = now();
  const run = () => {
    if (!isOnline()) return; // offline: the next tick or the next return to the page tries again
    lastCheck = now();
    try {
      Promise.resolve(check()).catch(() => undefined); // a failed check waits for the next one
    } catch {
      // the same for a check that throws at once
    }
  };
  const timer = setInterval(run, everyMs);
  const onVisibility = () => {
    if (page.visibilityState === 'visible' && now() - lastCheck > everyMs) run();
  };
  page.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
