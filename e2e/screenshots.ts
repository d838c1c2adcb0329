/**
 * The browser suite's screenshots: pictures of screens for a person to look at (a layout, a sheet,
 * a page mid-upload), never compared by a test. Every test takes them through `shoot`, so where
 * they go, when they are skipped and how a screen settles for one is said once, here. A test must
 * not lean on anything `shoot` does: in CI it does nothing at all.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** Where the pictures go: SHOTS_DIR when set, else .artifacts/screenshots/ (which git ignores). */
export const SHOTS = process.env.SHOTS_DIR || '.artifacts/screenshots';

/** CI keeps no pictures and each one costs it time (the settling most), so there only SHOTS_DIR asks for them. */
const skipped = !!process.env.CI && !process.env.SHOTS_DIR;

interface ShotOptions {
  /** The whole scrollable page rather than the viewport (a page only; an element is shot whole anyway). */
  fullPage?: boolean;
  /**
   * Let the screen come to rest first, for screens whose images fade in or whose sheets slide:
   * motion reduced, the network quiet, the images in view arrived, then 300 ms more.
   */
  settle?: boolean;
  /**
   * A selector whose first visible match is scrolled into view first, with the focus taken off
   * whatever had it, so no caret or focus ring shows (the part of a long form the picture is of).
   */
  focus?: string;
}

/**
 * Takes the picture `name`.png of a page's viewport (or whole page, `fullPage`) or of one element
 * (a locator), in SHOTS. In CI without SHOTS_DIR it returns at once, waits included: anything a
 * test needs before its next step it waits for itself, so it runs the same with or without pictures.
 */
export async function shoot(target: Page | Locator, name: string, options: ShotOptions = {}): Promise<void> {
  if (skipped) return;
  const page = 'page' in target ? target.page() : target;
  if (options.focus) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator(`${options.focus}:visible`).first().scrollIntoViewIfNeeded();
  }
  const motionBack = options.settle ? await settle(page) : undefined;
  try {
    mkdirSync(SHOTS, { recursive: true });
    const path = `${SHOTS}/${name}.png`;
    if ('page' in target) await target.screenshot({ path });
    else await target.screenshot({ path, fullPage: options.fullPage });
  } finally {
    await motionBack?.();
  }
}

/**
 * Brings the screen to rest for its picture: reduced motion (no sheet half-way in, no image
 * half-faded), the network quiet, the images in view arrived, then 300 ms for what still fades in.
 * Best effort: a page that never goes quiet is shot as it is after 10 s, rather than a test failing
 * over a picture. Answers how to undo the reduced motion, so that the test goes on with the motion
 * it had, as it does in CI where no picture is taken.
 */
async function settle(page: Page): Promise<() => Promise<void>> {
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (!reduced) await page.emulateMedia({ reducedMotion: 'reduce' });
  const atMost = { timeout: 10_000 };
  await page.waitForLoadState('networkidle', atMost).catch(() => undefined);
  await page.waitForFunction(imagesInViewArrived, null, atMost).catch(() => undefined);
  await page.waitForTimeout(300);
  return async () => {
    if (!reduced) await page.emulateMedia({ reducedMotion: null });
  };
}

/**
 * In the page: every image in view has arrived, and an app image (src/components/media-image.tsx)
 * has faded in too. Lazy images out of view never load, so only those in view count.
 */
function imagesInViewArrived(): boolean {
  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    const onScreen = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    return box.width > 0 && box.height > 0 && onScreen && element.checkVisibility();
  };
  return [...document.images].every((image) => {
    const frame = image.closest('.media-image');
    if (!inView(frame ?? image)) return true;
    if (!frame) return image.complete;
    return frame.classList.contains('is-loaded') && getComputedStyle(image).opacity === '1';
  });
}
