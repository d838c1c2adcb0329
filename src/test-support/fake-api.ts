/**
 * Test double of the API server for unit tests of the client: answers fetch() like the real
 * protocol (signed wrapper checked, envelope encrypted with node:crypto), and records requests.
 */
import { vi } from 'vitest';
import { createNodeCipher } from '../../contract/protocol/node-cipher.ts';
import { DEV_KEY_MATERIAL } from '../../contract/protocol/cipher.ts';
import type { Envelope } from '../../contract/protocol/envelope.ts';
import type { SignedRequest } from '../../contract/protocol/wrapper.ts';

export const serverCipher = createNodeCipher(DEV_KEY_MATERIAL);

export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  wrapper: SignedRequest;
  /** The payload as the server sees it after decryption (encrypted calls) or parsing. */
  payload: unknown;
}

type Answer = Envelope | { status: number; text: string } | 'network-down';

export function installFakeApi(answer: (path: string, payload: unknown) => Answer) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const wrapper = JSON.parse(String(init.body)) as SignedRequest;
    const body = /^[0-9a-f]+$/.test(wrapper.body) ? serverCipher.decryptHex(wrapper.body) : wrapper.body;
    const payload: unknown = JSON.parse(body);
    requests.push({ url, headers: init.headers as Record<string, string>, wrapper, payload });
    const result = answer(url.replace(/^\/api/, ''), payload);
    if (result === 'network-down') throw new TypeError('Failed to fetch');
    if ('status' in result) return new Response(result.text, { status: result.status });
    return new Response(serverCipher.encryptBase64(JSON.stringify(result)), {
      status: 200,
      headers: { 'Content-Type': 'text/plain' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
