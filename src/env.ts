/**
 * Build-time configuration, read and validated once when the app starts (a bad key fails loudly
 * here instead of as undecryptable answers later).
 */
import { assertKeyMaterial, DEV_KEY_MATERIAL, type KeyMaterial } from './protocol/cipher.ts';

const keyMaterial: KeyMaterial = {
  key: import.meta.env.VITE_APP_AES_KEY || DEV_KEY_MATERIAL.key,
  iv: import.meta.env.VITE_APP_AES_IV || DEV_KEY_MATERIAL.iv,
};
assertKeyMaterial(keyMaterial);

export const env = {
  /** Product calls go to `${apiBase}${path}` (DESIGN.md section 3). */
  apiBase: (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/$/, ''),
  keyMaterial,
  production: import.meta.env.PROD,
} as const;
