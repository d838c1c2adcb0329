/**
 * The page's half of the CDN line race in the service worker (sw/cdn-lines.ts): the site's lines
 * (stores/cdn.ts, from /system/init) are posted to the worker whenever they change or a worker takes
 * control, and the line the worker chose becomes the store's active line, so new media URLs name it.
 * While a worker controls the page, the page's own race stands down (stores/cdn.ts).
 */
import { subscribe } from 'valtio/vanilla';
import { CDN_LINES, isCdnActiveMessage, type PageMessage } from '../../contract/sw-messages.ts';
import { cdnState, raceInWorker } from '../stores/cdn.ts';

let posted = '';

function postLines(force = false): void {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return;
  raceInWorker(true);
  const lines = [...cdnState.lines];
  const key = JSON.stringify(lines);
  if (lines.length === 0 || (key === posted && !force)) return;
  posted = key;
  const message: PageMessage = { type: CDN_LINES, lines };
  controller.postMessage(message);
}

export function startCdnBridge(): void {
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent) => {
    if (!isCdnActiveMessage(event.data)) return;
    const { line, lines } = event.data;
    if (line !== null && cdnState.lines.includes(line) && lines.length === cdnState.lines.length)
      cdnState.active = line;
  });
  container.addEventListener('controllerchange', () => postLines(true));
  subscribe(cdnState, () => postLines());
  postLines(true);
}
