/**
 * The switch 跳过片头片尾 (default on): whether the player skips a series' intro and outro by the
 * operator's marks. Saved on the device (localStorage); the player's menu and /mine/setting share
 * this one state.
 */
import { proxy } from 'valtio';
import { SKIP_MARKS_KEY } from '../../lib/storage-keys.ts';

function load(): boolean {
  try {
    return globalThis.localStorage?.getItem(SKIP_MARKS_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const skipMarksState = proxy({ on: load() });

export function setSkipMarks(on: boolean): void {
  skipMarksState.on = on;
  try {
    globalThis.localStorage?.setItem(SKIP_MARKS_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode or a full store: kept for this page only.
  }
}
