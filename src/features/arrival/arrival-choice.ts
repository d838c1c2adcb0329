/**
 * The guides for the ways a visitor arrives, decided once per page load from the user agent
 * (browser-kind.ts): in WeChat's or QQ's in-app browser, the guide to open the site in the system
 * browser (until 继续在此浏览, for the visit: sessionStorage); in iOS Safari not running installed,
 * the 添加到主屏幕 guide, once per device (arrival-state.ts), marked as shown when chosen.
 */
import { isStandalone } from '../../lib/platform.ts';
import { IN_APP_GUIDE_CLOSED_KEY } from '../../lib/storage-keys.ts';
import { inAppBrowser, isIosSafari, type InAppBrowser } from './browser-kind.ts';
import { iosGuideShown, markIosGuideShown } from './arrival-state.ts';

export type Guide = { kind: 'in-app'; browser: InAppBrowser } | { kind: 'ios' } | null;

function closedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(IN_APP_GUIDE_CLOSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberClosed(): void {
  try {
    sessionStorage.setItem(IN_APP_GUIDE_CLOSED_KEY, '1');
  } catch {
    // no storage: shown again on the next page load
  }
}

/** Which guide this page load shows; the iOS one is marked shown as it is chosen (once per device). */
export function chooseGuide(): Guide {
  const browser = inAppBrowser(navigator.userAgent);
  if (browser) return closedThisVisit() ? null : { kind: 'in-app', browser };
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone() && !iosGuideShown()) {
    markIosGuideShown();
    return { kind: 'ios' };
  }
  return null;
}
