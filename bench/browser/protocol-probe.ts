/**
 * Runs in Chromium (bundled by bench/protocol-cost.ts): the client's work on one answer, decrypt
 * and parse, with the app's crypto-js cipher (in one piece, and in slices as the API client does it,
 * here without giving the main thread away between them) and with WebCrypto, `iterations` times
 * each after a warm-up. Answers the mean milliseconds per answer of each.
 */
import { DEV_KEY_MATERIAL } from '../../contract/protocol/cipher.ts';
import { createCryptoJsCipher } from '../../contract/protocol/crypto-js-cipher.ts';

const WARM_UP = 5;

async function meanMs(iterations: number, work: () => unknown): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await work();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await work();
  return (performance.now() - start) / iterations;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function measure(
  answer: string,
  iterations: number,
): Promise<{ cryptoJsMs: number; slicedMs: number; webCryptoMs: number; items: number }> {
  const cipher = createCryptoJsCipher(DEV_KEY_MATERIAL);
  const utf8 = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', utf8.encode(DEV_KEY_MATERIAL.key), 'AES-CBC', false, ['decrypt']);
  const iv = utf8.encode(DEV_KEY_MATERIAL.iv);
  const decoder = new TextDecoder();
  const withWebCrypto = async () =>
    JSON.parse(decoder.decode(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, base64Bytes(answer))));
  const withCryptoJs = () => JSON.parse(cipher.decryptBase64(answer));
  const inSlices = async () => JSON.parse(await cipher.decryptBase64InSlices(answer, async () => undefined));

  const parsed = (await withWebCrypto()) as { data: { list: unknown[] } };
  if (JSON.stringify(parsed) !== JSON.stringify(withCryptoJs())) throw new Error('crypto-js and WebCrypto disagree');
  if (JSON.stringify(parsed) !== JSON.stringify(await inSlices()))
    throw new Error('crypto-js in slices and WebCrypto disagree');
  return {
    cryptoJsMs: await meanMs(iterations, withCryptoJs),
    slicedMs: await meanMs(iterations, inSlices),
    webCryptoMs: await meanMs(iterations, withWebCrypto),
    items: parsed.data.list.length,
  };
}
