/**
 * Whether an arrival guide is on screen (the in-app browser guide or the iOS 添加到主屏幕 guide), so
 * the start dialogs (features/start-dialogs/dialog-host.tsx) wait instead of stacking a second one.
 * And whether the iOS guide was shown on this device (localStorage, not the user's data: it is about
 * the device, and survives a logout).
 */
import { IOS_INSTALL_GUIDE_KEY } from '../../lib/storage-keys.ts';

let open = false;

export const arrivalGuideOpen = (): boolean => open;

export function setArrivalGuideOpen(value: boolean): void {
  open = value;
}

export function iosGuideShown(): boolean {
  try {
    return localStorage.getItem(IOS_INSTALL_GUIDE_KEY) !== null;
  } catch {
    return true; // no storage: never nag on every page load
  }
}

export function markIosGuideShown(): void {
  try {
    localStorage.setItem(IOS_INSTALL_GUIDE_KEY, String(Date.now()));
  } catch {
    // private mode without storage: shown again next time, nothing else to do
  }
}
