/**
 * The app icon's badge (the Badging API): the unread total while the app runs installed, cleared
 * at zero. Browsers without the API, and tabs of a browser, are left alone.
 */
import { isStandalone } from '../../lib/platform.ts';

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

let shown: number | null = null;

export function showAppBadge(total: number): void {
  const navigator = globalThis.navigator as BadgeNavigator | undefined;
  if (!navigator?.setAppBadge || !navigator.clearAppBadge || !isStandalone() || total === shown) return;
  shown = total;
  const done = total > 0 ? navigator.setAppBadge(total) : navigator.clearAppBadge();
  done.catch(() => undefined); // not allowed (no permission): nothing to show
}
