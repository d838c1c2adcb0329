/** Browser implementation of the protocol cipher with crypto-js (only the parts used are imported). */
import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import MD5 from 'crypto-js/md5';
import NoPadding from 'crypto-js/pad-nopadding';
import { assertKeyMaterial, type Cipher, type KeyMaterial } from './cipher.ts';

type WordArray = ReturnType<typeof Utf8.parse>;

export function createCryptoJsCipher(material: KeyMaterial): Cipher {
  assertKeyMaterial(material);
  const key = Utf8.parse(material.key);
  const options = { iv: Utf8.parse(material.iv) }; // CBC and PKCS7 are crypto-js defaults

  const encrypt = (plain: string) => AES.encrypt(plain, key, options).ciphertext;
  /** Byte i of a WordArray (crypto-js packs bytes big-endian into 32-bit words). */
  const byteAt = (words: WordArray, i: number): number => (words.words[i >>> 2]! >>> (24 - (i % 4) * 8)) & 0xff;

  /**
   * crypto-js strips PKCS7 padding without checking it, so garbage could "decrypt" here where
   * node:crypto refuses it. Decrypt unpadded and check the padding as OpenSSL does instead.
   */
  const decrypt = (ciphertext: WordArray): string => {
    if (ciphertext.sigBytes === 0 || ciphertext.sigBytes % 16 !== 0) return '';
    try {
      const plain = AES.decrypt({ ciphertext } as never, key, { ...options, padding: NoPadding });
      const size = plain.sigBytes;
      const pad = byteAt(plain, size - 1);
      if (pad < 1 || pad > 16) return '';
      for (let i = size - pad; i < size; i++) if (byteAt(plain, i) !== pad) return '';
      plain.sigBytes = size - pad;
      return plain.toString(Utf8);
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

  return {
    md5: (text) => MD5(text).toString(Hex),
    encryptBase64: (plain) => encrypt(plain).toString(Base64),
    encryptHex: (plain) => encrypt(plain).toString(Hex),
    decryptBase64: (text) => {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text.trim())) return '';
      const words = parseOrNull(() => Base64.parse(text.trim()));
      return words ? decrypt(words) : '';
    },
    decryptHex: (text) => {
      if (!/^(?:[0-9a-fA-F]{32})+$/.test(text)) return '';
      const words = parseOrNull(() => Hex.parse(text));
      return words ? decrypt(words) : '';
    },
  };
}
