/**
 * What the player's browser suites share: the video element of the play page, playing it on, and a
 * player menu opened and read item by item (the boxes as drawn, so an item scrolled out of its list lies
 * outside the list's box), with the menu's and the player's boxes.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';

export const playerVideo = (page: Page) => page.locator('[data-testid=player]');

/** Whether the player's controls are shown (they hide after 3 s of playing untouched). */
export const controlsShown = (page: Page) =>
  page.locator('.video-player').evaluate((element) => element.classList.contains('is-controls'));

/**
 * Taps, clicks or hovers over a control of the player as a viewer does while it plays: the controls
 * hide 3 s after the last touch (less than a loaded machine may take between two steps of a test), so
 * they are brought up first, and the act is tried again if they hid before it landed (an act that met
 * the hidden bar reached nothing: no retry repeats one). They are brought up by a movement of the
 * pointer over the picture, the same show as a tap on it: a tap's two touch events, sent apart by a
 * loaded machine, can outlast HOLD_MS and be taken for a held press (3x), not a tap.
 */
export async function actOnControl(page: Page, control: Locator, how: 'tap' | 'click' | 'hover'): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await controlsShown(page))) {
        // Over the middle of the picture, where no control lies.
        const box = (await playerVideo(page).boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (Math.random() - 0.5) * 10);
        await expect.poll(() => controlsShown(page), { timeout: 2_000 }).toBe(true);
      }
      await control[how]({ timeout: 2_000 });
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Plays on (pressing play if the page waits for it) until the video has moved past `from` + 1 s. */
export async function playsOn(page: Page, from = 0): Promise<void> {
  const video = playerVideo(page);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  if (await video.evaluate((element: HTMLVideoElement) => element.paused)) {
    await actOnControl(page, page.locator('.video-controls button[aria-label="播放"]'), 'click');
  }
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(from + 1);
}

/** Opens the menu of the button `testId` (`speed`, `quality`) and reads its items' boxes. */
export async function openPlayerMenu(page: Page, testId: string) {
  await actOnControl(page, page.locator(`[data-testid=${testId}]`), 'click');
  const menu = page.locator(`[data-testid=${testId}-menu]`);
  await menu.waitFor();
  const items = await menu.getByRole('menuitemradio').evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      return {
        text: (button as HTMLElement).innerText,
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        right: box.right,
      };
    }),
  );
  return {
    menu,
    items,
    list: (await menu.boundingBox())!,
    player: (await page.locator('.video-player').boundingBox())!,
  };
}
