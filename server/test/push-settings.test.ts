/** Web Push settings (the VAPID pair from the environment) and the address guard of push-endpoint.ts. */
import { generateVAPIDKeys } from 'web-push';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { loadConfig } from '../config.ts';
import { guardedLookup, isPublicAddress } from '../jobs/push-endpoint.ts';
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

describe('Web Push settings and address guard', () => {
  it('outside test mode: takes the VAPID pair from the environment (both or neither), refuses loopback endpoints', async () => {
    const pair = generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...envOf(pair), VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ PUSH_TEST_ENDPOINTS: 'any' })).toThrow(/PUSH_TEST_ENDPOINTS/);
    const config = loadConfig(envOf(pair));
    expect(config.PUSH_TEST_ENDPOINTS).toBe('off');
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

  it('refuses at connect time a name that resolves to a private address', async () => {
    const resolve = (policy: 'off' | 'loopback', name: string) =>
      new Promise<string>((done) => {
        guardedLookup(policy)(name, { family: 4 }, (error, address) =>
          done(error ? String(error.code) : String(address)),
        );
      });
    expect(await resolve('off', 'localhost')).toBe('EPUSHBLOCKED');
    expect(await resolve('loopback', 'localhost')).toBe('127.0.0.1');
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of ['100.64.0.1', '192.0.2.1', '::ffff:127.0.0.1', '64:ff9b::a00:1', 'ff02::1', '0.0.0.0']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
