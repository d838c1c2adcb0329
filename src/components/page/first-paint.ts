/**
 * The first paint the server sent with a first visit (server/first-paint/): the first screen's
 * markup, rendered on the server by these same components, over the app (#first-paint, layout.css)
 * so the screen shows before any script has run. The app renders beneath it; once the app's own
 * screen has its content (useFirstPaintHandover in the screen's content component), or shows
 * something else (an error), or after HANDOVER_CAP_MS, the first paint is removed.
 */
import { useEffect } from 'react';
import { FIRST_PAINT_ID } from '../../../contract/first-paint.ts';

const HANDOVER_CAP_MS = 10_000;

/** Removes the server's first paint; the app's own screen is then what shows. */
export function handOverFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** At the latest after the cap: a screen that never gets its content must not stay hidden. */
export function capFirstPaint(): void {
  if (document.getElementById(FIRST_PAINT_ID)) setTimeout(handOverFirstPaint, HANDOVER_CAP_MS);
}

/**
 * In a screen's content component: hands over after its first frame has been painted, once `ready`
 * (what the screen shows is all there, as the first paint showed it: nothing grows after).
 */
export function useFirstPaintHandover(ready = true): void {
  useEffect(() => {
    if (ready) requestAnimationFrame(() => requestAnimationFrame(handOverFirstPaint));
  }, [ready]);
}
