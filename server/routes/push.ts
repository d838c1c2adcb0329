/**
 * Web Push subscriptions: the VAPID key, subscribe and unsubscribe (contract/calls/community.ts).
 * One subscription per device: by endpoint, and a session's device keeps only its newest one. An
 * endpoint must be HTTPS on a public host (net/outbound.ts), or code 2.
 */
import { createECDH } from 'node:crypto';
import { emptySchema } from '../../contract/calls/account.ts';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../contract/calls/community.ts';
import { NOTICE_TYPES } from '../../contract/enums.ts';
import { API } from '../../contract/calls/paths.ts';
import { invalidParams } from '../api-error.ts';
import { removeSubscription, saveSubscription } from '../db/push.ts';
import { ENDPOINT_REFUSED } from '../jobs/push-messages.ts';
import { vapidKeys } from '../jobs/vapid-keys.ts';
import { checkUrl } from '../net/outbound.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

/** An uncompressed point on P-256 (what a browser's PushSubscription gives as p256dh). */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

export const pushCalls: readonly Call[] = [
  defineCall({
    path: API.pushVapidKey,
    schema: emptySchema,
    auth: 'none',
    handler: async ({ db, config }) => ({ publicKey: (await vapidKeys(db, config)).publicKey }),
  }),
  defineCall({
    path: API.pushSubscribe,
    schema: pushSubscribeSchema,
    auth: 'user',
    handler: async ({ db, config, session, payload }) => {
      const endpoint = checkUrl(payload.endpoint, { testHosts: config.OUTBOUND_TEST_HOSTS, httpsOnly: true });
      if (endpoint.refused) throw invalidParams(ENDPOINT_REFUSED);
      if (!isP256Point(payload.keys.p256dh)) throw invalidParams('keys.p256dh 不是有效的 P-256 公钥');
      if (Buffer.from(payload.keys.auth, 'base64url').length !== 16) throw invalidParams('keys.auth 必须是 16 字节');
      const types = NOTICE_TYPES.filter((type) => payload.types.includes(type));
      await db.tx((q) =>
        saveSubscription(q, {
          userId: session.user.id,
          deviceId: session.deviceId,
          endpoint: payload.endpoint,
          p256dh: payload.keys.p256dh,
          auth: payload.keys.auth,
          types,
        }),
      );
      return { types };
    },
  }),
  defineCall({
    path: API.pushUnsubscribe,
    schema: pushUnsubscribeSchema,
    auth: 'user',
    handler: async ({ db, user, payload }) => ({ removed: await removeSubscription(db, user.id, payload.endpoint) }),
  }),
];
