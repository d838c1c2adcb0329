/**
 * The tab bar's screens (首页, 电影, 论坛, 吃瓜, 我的) load once the first screen has answered and
 * the browser is idle, so that a first tap on a tab waits for its call only, not for its chunk
 * first: on a phone's first visit, 吃瓜's first tap waited for its chunk behind the start-up's own
 * requests (4.3 s where a later one took 0.9 s). Only where the tab bar shows: on the play page
 * (no tab bar) these requests would compete with the video's first segments. A failed load is left
 * to the tap, which shows it.
 */
import { TAB_HREFS } from '../components/tab-nav.tsx';
import { whenIdle } from '../lib/idle.ts';
import { shellMessages } from '../shell-messages.ts';
import { routeTable } from './route-table.ts';

export async function warmTabScreens(after: Promise<void>): Promise<void> {
  await after;
  await whenIdle();
  // The top bar's and the bottom bar's (one of them hidden at each width).
  const tabBars = document.querySelectorAll(`nav[aria-label="${shellMessages.nav.mainNavigation}"]`);
  if (![...tabBars].some((bar) => bar.getClientRects().length > 0)) return;
  const screens = routeTable.filter((route) => TAB_HREFS.includes(route.pattern));
  await Promise.allSettled(screens.map((route) => route.load()));
}
