/**
 * The service worker from the page's side (production only): registration through workbox-window,
 * the update checks (update-check.ts), the state of the update prompt (update-prompt.tsx) and the
 * reload into the new build.
 *
 * A new build's worker installs and waits; the prompt offers it. Accepting sends SKIP_WAITING, the
 * new worker activates and claims the page (controllerchange), and the page reloads into the new
 * build, deferred while a video plays (lib/safe-reload.ts). Other tabs that knew of the waiting
 * worker reload the same way; the first worker's claim of a first visit reloads nothing.
 */
import { proxy } from 'valtio/vanilla';
import { Workbox } from 'workbox-window';
import { reloadWhenNoVideoPlays } from '../lib/safe-reload.ts';
import { startCdnBridge } from './cdn-bridge.ts';
import { startUpdateChecks } from './update-check.ts';

export interface UpdateState {
  /** A new build's worker is installed and waiting. */
  ready: boolean;
  /** The user accepted; the page reloads once the new worker controls it. */
  accepted: boolean;
  /** The reload waits for a playing video to pause or end. */
  waitingForVideo: boolean;
}

export const updateState = proxy<UpdateState>({ ready: false, accepted: false, waitingForVideo: false });

let workbox: Workbox | null = null;
/** A new build's worker was seen waiting (also when its prompt was put off with 稍后). */
let newBuildWaiting = false;

export async function registerSw(): Promise<void> {
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    newBuildWaiting = true;
    updateState.ready = true;
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!newBuildWaiting) return; // the first worker took control: nothing to reload
    updateState.waitingForVideo = !reloadWhenNoVideoPlays();
  });
  startCdnBridge();
  await workbox.register();
  const registered = workbox;
  startUpdateChecks({ check: () => registered.update(), isOnline: () => navigator.onLine, page: document });
}

/** 立即更新: activate the waiting worker; the reload follows its controllerchange. */
export function acceptUpdate(): void {
  updateState.accepted = true;
  workbox?.messageSkipWaiting();
}

/** 稍后: hide the prompt; it shows again on the next page load, or when a newer build arrives. */
export function postponeUpdate(): void {
  updateState.ready = false;
}
