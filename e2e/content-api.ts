/**
 * Calls the e2e server's API from the test process with the real wire protocol (signed request,
 * encrypted answer), to learn what the screens should show (titles, counts, ids by access).
 */
import { DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import { wrapRequest } from '../contract/protocol/wrapper.ts';
import { createNodeCipher } from '../contract/protocol/node-cipher.ts';
import type { DataOf, CallPath, PayloadOf } from '../contract/calls/call-map.ts';
import { baseURL } from './browser.ts';

const cipher = createNodeCipher(DEV_KEY_MATERIAL);

export async function apiData<P extends CallPath>(path: P, payload: PayloadOf<P>, token?: string): Promise<DataOf<P>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accountId: '10001',
    appType: 'stationGroup',
  };
  if (token) headers.token = token;
  const body = JSON.stringify(wrapRequest(cipher, { appId: 'demo', payload }));
  const response = await fetch(`${baseURL}/api${path}`, { method: 'POST', headers, body });
  const envelope = JSON.parse(cipher.decryptBase64(await response.text())) as {
    code: number;
    msg: string;
    data: DataOf<P>;
  };
  if (envelope.code !== 0) throw new Error(`${path}: code ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}
