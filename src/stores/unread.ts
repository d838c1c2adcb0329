/**
 * The signed-in member's unread notice counts (per type and in total), for the badges of the tab
 * bar, /mine's 消息 entry and the inbox's tabs. Written by features/notifications (the background
 * check and every read); not persisted: counts are fetched again at start.
 */
import { proxy } from 'valtio/vanilla';
import type { UnreadCounts } from '../../contract/calls/community.ts';

export const unreadState = proxy<{ counts: UnreadCounts | null }>({ counts: null });

export function setUnreadCounts(counts: UnreadCounts | null): void {
  unreadState.counts = counts;
}

/** The badge's text: nothing at 0, "99+" above 99. */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > 99 ? '99+' : String(count));
