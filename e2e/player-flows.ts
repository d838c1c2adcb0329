/**
 * What the player's browser suites share: the video element of the play page, and a player menu
 * opened and read item by item (the boxes as drawn, so an item scrolled out of its list lies
 * outside the list's box), with the menu's and the player's boxes.
 */
import type { Page } from 'playwright-core';

export const playerVideo = (page: Page) => page.locator('[data-testid=player]');

/** Opens the menu of the button `testId` (`speed`, `quality`) and reads its items' boxes. */
export async function openPlayerMenu(page: Page, testId: string) {
  await page.locator(`[data-testid=${testId}]`).click();
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
