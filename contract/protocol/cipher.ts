/**
 * The crypto the protocol needs, behind one interface so that the browser (crypto-js) and the
 * server (node:crypto) implement it separately and are tested against each other byte for byte.
 * AES-128-CBC with PKCS7 padding; key and IV are 16-character UTF-8 strings.
 */
export interface Cipher {
  /** Lowercase hex MD5 of the UTF-8 text. */
  md5(text: string): string;
  /** Base64 ciphertext of the UTF-8 text (response bodies). */
  encryptBase64(plain: string): string;
  /** Inverse of encryptBase64; returns '' when the input does not decrypt to UTF-8 text. */
  decryptBase64(cipherText: string): string;
  /** Hex ciphertext of the UTF-8 text (encrypted request payloads). */
  encryptHex(plain: string): string;
  /** Inverse of encryptHex; returns '' when the input does not decrypt to UTF-8 text. */
  decryptHex(cipherText: string): string;
}

export interface KeyMaterial {
  key: string;
  iv: string;
}

/** Development defaults of docs/api.md; production sets its own at build and run time. */
export const DEV_KEY_MATERIAL: KeyMaterial = { key: 'Zx8uPq2Lm4Vn7Rt1', iv: 'Kd3Fh6Jw9Bs0Gy5C' };

export function assertKeyMaterial({ key, iv }: KeyMaterial): void {
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  if (bytes(key) !== 16 || bytes(iv) !== 16) {
    throw new Error('AES key and IV must each be 16 bytes of UTF-8');
  }
}
