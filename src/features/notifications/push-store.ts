/**
 * The notice types this device has Web Push on for, persisted (the server keeps them with the
 * subscription too, but has no call that reads them back). Empty: push is off.
 */
import { proxy } from 'valtio/vanilla';
import { NOTICE_TYPES, type NoticeType } from '../../../contract/enums.ts';
import { STORE_KEYS } from '../../lib/storage-keys.ts';
import { persist } from '../../stores/persist.ts';

export const pushState = proxy<{ types: NoticeType[] }>({ types: [] });

export const pushStateReady: Promise<void> = persist(STORE_KEYS.push, pushState).then(() => {
  // A saved list from an older build may name types that no longer exist.
  pushState.types = NOTICE_TYPES.filter((type) => pushState.types.includes(type));
});

/** `types` with `type` switched on or off, in NOTICE_TYPES order. */
export const withType = (types: readonly NoticeType[], type: NoticeType, on: boolean): NoticeType[] =>
  NOTICE_TYPES.filter((each) => (each === type ? on : types.includes(each)));
