/** Web Push settings: the VAPID pair from the environment, and loopback endpoints refused outside test mode. */
import { generateVAPIDKeys } from 'web-push';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { loadConfig } from '../config.ts';
import { ENDPOINT_REFUSED } from '../jobs/push-messages.ts';
import { codeOf, dataOf } from './content-fixture.ts';
import { createHarness } from './harness.ts';
import { newMember } from './notice-fixture.ts';
import { newSubscriber } from './push-service.ts';

const envOf = (pair: { publicKey: string; privateKey: string }) => ({
  VAPID_PUBLIC_KEY: pair.publicKey,
  VAPID_PRIVATE_KEY: pair.privateKey,
});

const REFUSED = `参数错误：${ENDPOINT_REFUSED}`;

describe('Web Push settings', () => {
  it('outside test mode: takes the VAPID pair from the environment (both or neither), refuses loopback endpoints', async () => {
    const pair = generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...envOf(pair), VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ OUTBOUND_TEST_HOSTS: 'any' })).toThrow(/OUTBOUND_TEST_HOSTS/);
    const config = loadConfig(envOf(pair));
    expect(config.OUTBOUND_TEST_HOSTS).toBe('off');
    const h = await createHarness('pglite', { config: { ...envOf(pair), PUSH_JOBS: 'off' } });
    try {
      expect(await dataOf(h.client, API.pushVapidKey)).toEqual({ publicKey: pair.publicKey });
      expect(await h.db.query(`SELECT 1 FROM server_keys WHERE name = 'vapid'`)).toEqual([]);
      const member = await newMember(h, '访客');
      const keys = newSubscriber().keys;
      const loopback = ['http://127.0.0.1:8443/push/x', 'https://127.0.0.1:8443/push/x', 'https://0x7f000001/x'];
      for (const endpoint of [...loopback, 'https://127.0.0.53/x']) {
        const result = await codeOf(h.client, API.pushSubscribe, { endpoint, keys }, member.token);
        expect(result, endpoint).toEqual({ code: Code.InvalidParams, msg: REFUSED });
      }
    } finally {
      await h.close();
    }
  });
});
