/**
 * A console page that cannot load its code (offline, or a build replaced since the console opened)
 * or fails while drawing: the page says so, the menu and the other pages stay usable. Keyed by the
 * page by its caller, so another page starts afresh.
 */
import { Component, type ReactNode } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { NoticePage } from '../features/placeholder/notice-page.tsx';

export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <NoticePage title={adminMessages.loadFailed} hint={adminMessages.pageFailed} />
    ) : (
      this.props.children
    );
  }
}
