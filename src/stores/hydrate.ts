/**
 * Hydrates the stores the shell needs from IndexedDB; main.tsx awaits it before the first render.
 * The content stores (app-init, cdn, history) hydrate themselves when first imported, outside the
 * entry bundle.
 */
import { STORE_KEYS } from '../lib/storage-keys.ts';
import { deviceState } from './device.ts';
import { persist } from './persist.ts';
import { siteState } from './site.ts';
import { userState } from './user.ts';

export async function hydrateStores(): Promise<void> {
  await Promise.all([
    persist(STORE_KEYS.user, userState),
    persist(STORE_KEYS.device, deviceState),
    persist(STORE_KEYS.site, siteState),
  ]);
}
