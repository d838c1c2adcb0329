/**
 * The server's VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else the pair kept in the
 * store (made with web-push's generateVAPIDKeys the first time it is needed), so every process and
 * restart signs with one pair and subscriptions made earlier keep working.
 */
import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { replaceVapidKeys, storedVapidKeys, type VapidKeys } from '../db/push.ts';

const stored = new WeakMap<Db, Promise<VapidKeys>>();

export function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey !== undefined && privateKey !== undefined) return Promise.resolve({ publicKey, privateKey });
  let keys = stored.get(db);
  if (!keys) {
    keys = storedVapidKeys(db, () => webPush.generateVAPIDKeys());
    // A failure (the store briefly away) is not kept: the next call tries again.
    keys.catch(() => stored.delete(db));
    stored.set(db, keys);
  }
  return keys;
}

/**
 * Replaces the stored pair for good (`npm run admin -- rotate-secret --name VAPID`) and drops every
 * subscription, made for the old public key; answers how many. Processes read the new pair when
 * they start.
 */
export const rotateVapidKeys = (q: Queryable): Promise<number> => replaceVapidKeys(q, webPush.generateVAPIDKeys());
