/** Browser implementation of the protocol cipher with crypto-js (only the parts used are imported). */
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import MD5 from 'crypto-js/md5';
import NoPadding from 'crypto-js/pad-nopadding';
import { assertKeyMaterial, type Cipher, type KeyMaterial } from './cipher.ts';

type WordArray = ReturnType<typeof Utf8.parse>;

/**
 * Base64 decrypted per slice by `decryptBase64InSlices`: 4,096 characters, 3 KiB of ciphertext
 * (192 AES blocks), 2-3 ms the first time crypto-js runs (cold, before the engine has compiled
 * it) at a phone's speed (4x slower than a desktop core), so that no slice is a long task.
 */
const SLICE_CHARS = 4096;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A binary string (atob) as a WordArray: bytes packed big-endian into 32-bit words. */
function wordsOf(binary: string): WordArray {
  const words: number[] = [];
  for (let i = 0; i < binary.length; i++)
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (binary.charCodeAt(i) << (24 - (i % 4) * 8));
  return CryptoJS.lib.WordArray.create(words, binary.length);
}

/** A WordArray's bytes. */
function bytesOf(words: WordArray): Uint8Array {
  const view = new DataView(new ArrayBuffer(words.words.length * 4));
  words.words.forEach((word, i) => view.setInt32(i * 4, word));
  return new Uint8Array(view.buffer, 0, words.sigBytes);
}

/** A decoder as strict as node:crypto's side (contract/protocol/node-cipher.ts): invalid UTF-8 throws. */
const strictUtf8 = () => new TextDecoder('utf-8', { fatal: true });

/**
 * The plaintext's length without its PKCS7 padding, or -1 when the padding is bad. crypto-js strips
 * padding without checking it, so garbage could "decrypt" where node:crypto refuses it; the cipher
 * decrypts unpadded and checks the padding here, as OpenSSL does.
 */
function unpaddedLength(plain: Uint8Array): number {
  const pad = plain[plain.length - 1] ?? 0;
  if (pad < 1 || pad > 16 || pad > plain.length) return -1;
  return plain.subarray(plain.length - pad).every((byte) => byte === pad) ? plain.length - pad : -1;
}

export interface SlicedCipher extends Cipher {
  /**
   * decryptBase64, with the main thread free between slices of the ciphertext: `pause` resolves
   * in a later task. A page's first answers are decrypted while crypto-js is still cold, where one
   * answer of 20 KiB took a task of 20-30 ms on a desktop core (docs/performance.md: TBT).
   */
  decryptBase64InSlices(cipherText: string, pause: () => Promise<void>): Promise<string>;
}

export function createCryptoJsCipher(material: KeyMaterial): SlicedCipher {
  assertKeyMaterial(material);
  const key = Utf8.parse(material.key);
  const options = { iv: Utf8.parse(material.iv) }; // CBC and PKCS7 are crypto-js defaults

  const encrypt = (plain: string) => AES.encrypt(plain, key, options).ciphertext;
  const whole = (ciphertext: WordArray | null): ciphertext is WordArray =>
    ciphertext !== null && ciphertext.sigBytes > 0 && ciphertext.sigBytes % 16 === 0;
  const decrypt = (ciphertext: WordArray | null): string => {
    if (!whole(ciphertext)) return '';
    const plain = bytesOf(AES.decrypt({ ciphertext } as never, key, { ...options, padding: NoPadding }));
    const size = unpaddedLength(plain);
    try {
      return size < 0 ? '' : strictUtf8().decode(plain.subarray(0, size));
    } catch {
      return ''; // invalid UTF-8
    }
  };
  const parseOrNull = (parse: () => WordArray): WordArray | null => {
    try {
      return parse();
    } catch {
      return null;
    }
  };

  const fromBase64 = (text: string): WordArray | null =>
    BASE64.test(text.trim()) ? parseOrNull(() => Base64.parse(text.trim())) : null;

  return {
    md5: (text) => MD5(text).toString(Hex),
    encryptBase64: (plain) => encrypt(plain).toString(Base64),
    encryptHex: (plain) => encrypt(plain).toString(Hex),
    decryptBase64: (text) => decrypt(fromBase64(text)),
    decryptHex: (text) => decrypt(/^(?:[0-9a-fA-F]{32})+$/.test(text) ? parseOrNull(() => Hex.parse(text)) : null),
    async decryptBase64InSlices(text, pause) {
      const base64 = text.trim();
      if (!BASE64.test(base64)) return '';
      const decryptor = CryptoJS.algo.AES.createDecryptor(key, { ...options, padding: NoPadding });
      const utf8 = strictUtf8(); // `stream` below joins the UTF-8 sequences cut by a slice's end
      let plain = '';
      let size = 0;
      try {
        for (let at = 0; at < base64.length; at += SLICE_CHARS) {
          await pause(); // the first slice too: the caller's task may be long already
          const slice = wordsOf(atob(base64.slice(at, at + SLICE_CHARS)));
          size += slice.sigBytes;
          plain += utf8.decode(bytesOf(decryptor.process(slice)), { stream: true });
        }
        if (size === 0 || size % 16 !== 0) return '';
        // The decryptor holds the last block back for finalize: the one with the padding.
        const last = bytesOf(decryptor.finalize());
        const lastSize = last.length === 16 ? unpaddedLength(last) : -1;
        return lastSize < 0 ? '' : plain + utf8.decode(last.subarray(0, lastSize));
      } catch {
        return ''; // not base64 (atob), or invalid UTF-8
      }
    },
  };
}
