/**
 * Mounts the PWA's overlays in a root of their own: the offline strip (at the top of the screen) and
 * the update prompt (docked above the bottom tab bar). They share nothing with the pages but the stores.
 */
import './pwa.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { OfflineIndicator } from './offline-indicator.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function mountPwaRoot(): void {
  const container = document.createElement('div');
  container.id = 'pwa-root';
  container.className = 'pwa-dock';
  document.body.append(container);
  const root = createRoot(container);
  // A transition, as the app's own first render (main.tsx): rendered in slices, never one long task.
  startTransition(() =>
    root.render(
      <>
        <OfflineIndicator />
        <UpdatePrompt />
      </>,
    ),
  );
}
