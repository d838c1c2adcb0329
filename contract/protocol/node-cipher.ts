/** Server implementation of the protocol cipher with node:crypto; interoperates with crypto-js. */
import { createCipheriv, createDecipheriv, hash } from 'node:crypto';
import { assertKeyMaterial, type Cipher, type KeyMaterial } from './cipher.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function createNodeCipher(material: KeyMaterial): Cipher {
  assertKeyMaterial(material);
  const key = Buffer.from(material.key, 'utf8');
  const iv = Buffer.from(material.iv, 'utf8');

  const encrypt = (plain: string): Buffer => {
    const cipher = createCipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  };
  const decrypt = (data: Buffer): string => {
    if (data.length === 0 || data.length % 16 !== 0) return '';
    try {
      const decipher = createDecipheriv('aes-128-cbc', key, iv);
      return strictUtf8.decode(Buffer.concat([decipher.update(data), decipher.final()]));
    } catch {
      return ''; // bad padding or invalid UTF-8
    }
  };

  return {
    // One-shot hash: no Hash object per call (every signed request checks one sign).
    md5: (text) => hash('md5', text, 'hex'),
    encryptBase64: (plain) => encrypt(plain).toString('base64'),
    encryptHex: (plain) => encrypt(plain).toString('hex'),
    decryptBase64: (text) =>
      /^[A-Za-z0-9+/]+={0,2}$/.test(text.trim()) ? decrypt(Buffer.from(text.trim(), 'base64')) : '',
    decryptHex: (text) => (/^(?:[0-9a-fA-F]{32})+$/.test(text) ? decrypt(Buffer.from(text, 'hex')) : ''),
  };
}
