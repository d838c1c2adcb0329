/**
 * Mounts the arrival guides in a root of their own, as the start dialogs are, when this page load
 * has one to show (arrival-choice.ts); only then are the guides' code and styles loaded.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { chooseGuide } from './arrival-choice.ts';
import { setArrivalGuideOpen } from './arrival-state.ts';
import { loadChunk } from '../../lib/load-chunk.ts';

export async function mountArrivalGuides(): Promise<void> {
  const guide = chooseGuide();
  // What this page load decided (in-app, ios or none), for the browser tests to wait on.
  document.documentElement.dataset.arrivalGuide = guide?.kind ?? 'none';
  if (!guide) return;
  setArrivalGuideOpen(true);
  const { ArrivalGuides } = await loadChunk(() => import('./arrival-guides.tsx'));
  const container = document.createElement('div');
  container.id = 'arrival-root';
  document.body.append(container);
  const root = createRoot(container);
  startTransition(() => root.render(<ArrivalGuides guide={guide} />));
}
