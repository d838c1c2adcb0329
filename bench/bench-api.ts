/**
 * The wire protocol from the bench process: signed request bodies (a fresh requestId each time,
 * the server refuses a replay) and answers opened with the node cipher. Used to pick the pages to
 * audit, to sign in a member for the load runs and to build each load request.
 */
import type { CallPath, DataOf, PayloadOf } from '../contract/calls/call-map.ts';
import { DEV_KEY_MATERIAL } from '../contract/protocol/cipher.ts';
import type { Envelope } from '../contract/protocol/envelope.ts';
import { wrapRequest } from '../contract/protocol/wrapper.ts';
import { createNodeCipher } from '../contract/protocol/node-cipher.ts';
import { DEMO_SITE } from '../server/db/sites.ts';

export const benchCipher = createNodeCipher(DEV_KEY_MATERIAL);

/** The headers of a product call of the demo site. */
export function callHeaders(token?: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accountid: DEMO_SITE.accountId,
    apptype: 'stationGroup',
  };
  if (token) headers.token = token;
  return headers;
}

/** A new signed body for the payload (new requestId, current time). */
export const signedBody = (payload: unknown): string =>
  JSON.stringify(wrapRequest(benchCipher, { appId: DEMO_SITE.appId, payload }));

export function openAnswer<T>(text: string): Envelope<T> {
  const plain = benchCipher.decryptBase64(text);
  if (!plain) throw new Error(`not an encrypted envelope: ${text.slice(0, 120)}`);
  return JSON.parse(plain) as Envelope<T>;
}

/** One call; rejects unless the answer is code 0. */
export async function callApi<P extends CallPath>(
  baseURL: string,
  path: P,
  payload: PayloadOf<P>,
  token?: string,
): Promise<DataOf<P>> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: callHeaders(token),
    body: signedBody(payload),
  });
  const envelope = openAnswer<DataOf<P>>(await response.text());
  if (envelope.code !== 0) throw new Error(`${path}: code ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}
