/** Crypto-random ids of the protocol: device ids (24 chars) and request ids (32 chars). */

/** No 0/O, 1/I/l/o: easy to read aloud (docs/api.md). */
export const DEVICE_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
export const REQUEST_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const DEVICE_ID_LENGTH = 24;
export const REQUEST_ID_LENGTH = 32;
export const DEVICE_TYPE = 3;

/** Uniform random string: bytes above the largest multiple of the alphabet size are rejected. */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newDeviceId = (): string => randomString(DEVICE_ID_LENGTH, DEVICE_ID_ALPHABET);
export const newRequestId = (): string => randomString(REQUEST_ID_LENGTH, REQUEST_ID_ALPHABET);

export const DEVICE_ID_PATTERN = new RegExp(`^[${DEVICE_ID_ALPHABET}]{${DEVICE_ID_LENGTH}}$`);
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9]{32}$/;
