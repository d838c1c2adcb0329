/**
 * This device's Web Push subscription (one per device): subscribe with the server's VAPID key and
 * send it with the chosen types; with no type left, unsubscribe in the browser and on the server.
 * Notification permission is asked only from a tap (savePushTypes is called by the switch).
 */
import { currentPlatform, isStandalone } from '../../lib/platform.ts';
import type { NoticeType } from '../../../contract/enums.ts';
import { getVapidKey, subscribePush, unsubscribePush } from './notifications-calls.ts';

/** ready: the switches work; the others say why they cannot. */
export type PushSupport = 'ready' | 'unsupported' | 'ios-home-screen' | 'denied';

const READY_TIMEOUT_MS = 10_000;
/** A browser whose push service cannot be reached may never settle a subscribe (Chromium without Google's). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export class PushDeniedError extends Error {}

export function pushSupport(): PushSupport {
  const hasPush =
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window;
  // iOS has Web Push only for an app added to the home screen (and opened from there).
  if (!hasPush) return currentPlatform() === 'ios' && !isStandalone() ? 'ios-home-screen' : 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const registration = (): Promise<ServiceWorkerRegistration> =>
  withTimeout(navigator.serviceWorker.ready, READY_TIMEOUT_MS, 'service worker');

/** The VAPID public key (base64url, as /push/vapidKey answers) as bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (a === null || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
};

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'ready') return null;
  return (await registration()).pushManager.getSubscription();
}

async function send(subscription: PushSubscription, types: NoticeType[]): Promise<NoticeType[]> {
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) throw new Error('subscription without keys');
  return subscribePush(subscription.endpoint, { p256dh: keys.p256dh, auth: keys.auth }, types);
}

async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await unsubscribePush(endpoint);
}

/**
 * Pushes `types` from now on (none: off) and answers the types the server keeps. Call it from the
 * tap itself: the permission prompt comes first, before anything is awaited.
 */
export async function savePushTypes(types: NoticeType[]): Promise<NoticeType[]> {
  if (types.length === 0) {
    await turnOff();
    return [];
  }
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError(permission);
  const { pushManager } = await registration();
  const key = keyBytes(await getVapidKey());
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe(); // made with the server's former key: it would never receive
    subscription = null;
  }
  subscription ??= await withTimeout(
    pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
    'push service',
  );
  return send(subscription, types);
}

/** Sends the existing subscription again (the member who signed in on this device gets it). */
export async function resendSubscription(types: NoticeType[]): Promise<NoticeType[] | null> {
  const subscription = await currentSubscription();
  return subscription && types.length > 0 ? send(subscription, types) : null;
}
