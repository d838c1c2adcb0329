/**
 * Build-time configuration, read and validated once when the app starts (a bad key fails loudly
 * here instead of as undecryptable answers later).
 */
import { assertKeyMaterial, DEV_KEY_MATERIAL, type KeyMaterial } from '../contract/protocol/cipher.ts';

/** Vite's build-time variables; absent when Node imports the app's components (server/first-paint/). */
const viteEnv: Partial<ImportMetaEnv> = import.meta.env ?? {};

const keyMaterial: KeyMaterial = {
  key: viteEnv.VITE_APP_AES_KEY || DEV_KEY_MATERIAL.key,
  iv: viteEnv.VITE_APP_AES_IV || DEV_KEY_MATERIAL.iv,
};
assertKeyMaterial(keyMaterial);

export const env = {
  /** Product calls go to `${apiBase}${path}` (docs/api.md). */
  apiBase: (viteEnv.VITE_API_BASE ?? '/api').replace(/\/$/, ''),
  keyMaterial,
  production: viteEnv.PROD ?? false,
} as const;
