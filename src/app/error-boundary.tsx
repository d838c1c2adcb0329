/**
 * Catches render errors of a page (or of the whole app) and shows the error page. A failed chunk
 * load after a deploy reloads the page once instead (src/app/chunk-reload.ts).
 */
import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { ErrorPage } from './error-page.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Where "返回首页" leads; a crash outside the router needs a full page load. */
  onHome?: () => void;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }

  override render() {
    if (this.state.error !== null) return <ErrorPage error={this.state.error} onHome={this.props.onHome} />;
    return this.props.children;
  }
}
