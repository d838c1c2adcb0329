/**
 * Mounts the dialog host in a root of its own (it shares nothing with the pages but the stores and
 * the browser location), unless dialogs are suppressed for this page load: `?nodialogs`, the
 * localStorage key 'dialogs-off', or browser automation (navigator.webdriver) without the key
 * 'dialogs-force' (src/features/start-dialogs/dialog-rules.ts). Browser tests therefore see no dialog unless they ask.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dialogsSuppressed } from './dialog-rules.ts';
import { DialogHost } from './dialog-host.tsx';

const readStorage = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function mountDialogs(): void {
  if (dialogsSuppressed({ search: location.search, getItem: readStorage, webdriver: navigator.webdriver === true }))
    return;
  const container = document.createElement('div');
  container.id = 'dialog-root';
  document.body.append(container);
  const root = createRoot(container);
  // A transition, as the app's own first render (main.tsx): rendered in slices, never one long task.
  startTransition(() => root.render(<DialogHost />));
}
