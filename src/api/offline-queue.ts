/**
 * Likes and favourites that work offline (docs/architecture.md). Each one is sent with an
 * idempotency key; when there is no network it is queued in IndexedDB (a named store of its own)
 * and the screen keeps the change. The queue is sent in order once the browser is back online (and
 * on the next start), each call with its own key: the server acts once per key and answers a repeat
 * with the first answer (server/db/call-keys.ts), so a call whose answer was lost, or that two tabs
 * send together, still counts exactly once. A call the server refuses (the post is gone, ...) is
 * dropped: sending it again would not change the answer. Listeners hear of each queued call that
 * was sent or refused (onOutboxSettled), so a feature can give a refused reply's text back to its draft.
 *
 * The first like or favourite also asks the browser to keep the site's storage
 * (navigator.storage.persist()), so the queue and the offline copies are not evicted.
 */
import { clear, createStore, del, entries, set } from 'idb-keyval';
import { ApiError } from './api-error.ts';
import { call } from './client.ts';
import { withClientHooks } from './client-hooks.ts';
import type { DataOf, PayloadOf } from '../../contract/calls/call-map.ts';
import { API } from '../../contract/calls/paths.ts';
import { Code } from '../../contract/protocol/codes.ts';
import { newIdempotencyKey } from '../lib/idempotency-key.ts';

export type QueueablePath =
  | typeof API.movieLike
  | typeof API.movieFavourite
  | typeof API.topicLike
  | typeof API.topicFavourite
  | typeof API.replyCreate
  | typeof API.replyLike;

export interface QueuedCall {
  key: string;
  path: QueueablePath;
  payload: object;
  /** When it was made (ms): the queue is sent in this order. */
  at: number;
}

/** Refusals that are final; other failures (session expired, rate limited, server down) are retried. */
const FINAL_CODES: ReadonlySet<number> = new Set([
  Code.InvalidParams,
  Code.NotAllowed,
  Code.Insufficient,
  Code.NotFound,
  Code.AlreadyDone,
]);

const store = createStore('outbox', 'calls');
let askedToPersist = false;
let flushing: Promise<number> | null = null;
/** A queued call the server answered: `refusal` null when it was done, else the final refusal. */
export type OutboxListener = (queued: QueuedCall, refusal: ApiError | null) => void;
const settledListeners = new Set<OutboxListener>();

/** Called after each queued call the server answered or finally refused; answers the unsubscribe. */
export function onOutboxSettled(listener: OutboxListener): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

const settle = (queued: QueuedCall, refusal: ApiError | null): void => {
  for (const listener of settledListeners) listener(queued, refusal);
};

const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.isNetwork;

/** Asks once per page load that the browser never evicts the site's storage. */
function keepStorage(): void {
  if (askedToPersist || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  askedToPersist = true;
  navigator.storage
    .persisted()
    .then((persisted) => persisted || navigator.storage.persist())
    .catch(() => undefined);
}

/**
 * Sends a like or favourite now, or queues it when there is no network and answers `assumed`
 * (what the screen shows after the tap). Other failures reject as usual. A payload that carries
 * its own `idempotencyKey` (a reply, retried by its composer) is sent and queued with that key.
 */
export async function sendOrQueue<P extends QueueablePath>(
  path: P,
  payload: PayloadOf<P>,
  assumed: DataOf<P>,
): Promise<DataOf<P>> {
  keepStorage();
  const own = (payload as { idempotencyKey?: unknown }).idempotencyKey;
  const key = typeof own === 'string' && own ? own : newIdempotencyKey();
  const queued: QueuedCall = { key, path, payload: { ...payload, idempotencyKey: key }, at: Date.now() };
  try {
    if (!navigator.onLine) throw ApiError.network();
    return await call(path, queued.payload as PayloadOf<P>, { cache: false, toast: false });
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await set(queued.key, queued, store);
    withClientHooks((hooks) => hooks.queued());
    return assumed;
  }
}

/** The queued calls, oldest first. */
export async function queuedCalls(): Promise<QueuedCall[]> {
  return (await entries<string, QueuedCall>(store)).map(([, queued]) => queued).sort((a, b) => a.at - b.at);
}

/** Sends the queue in order (one run at a time); stops at the first network failure. Answers how many were sent. */
export function flushOutbox(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    for (const queued of await queuedCalls()) {
      try {
        await call(queued.path, queued.payload as PayloadOf<QueueablePath>, { cache: false, toast: false });
        sent += 1;
        settle(queued, null);
      } catch (error) {
        if (isNetworkFailure(error)) break;
        if (!(error instanceof ApiError && FINAL_CODES.has(error.code))) break;
        settle(queued, error);
      }
      await del(queued.key, store);
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The first wait before a queue left unsent while online is tried again, and the longest. */
export const OUTBOX_RETRY_MS = { first: 2_000, max: 60_000 } as const;

/**
 * Sends the queue now and whenever the browser comes back online (app/pwa-start.ts). A run that
 * leaves calls behind while the browser says it is online (the first request after reconnecting
 * failed, the server was restarting or busy) is tried again after a wait that doubles up to
 * OUTBOX_RETRY_MS.max, so nothing waits for the next online event or the next start.
 */
export function startOutbox(): void {
  let wait: number = OUTBOX_RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async (): Promise<void> => {
    clearTimeout(timer);
    await flushOutbox().catch(() => undefined);
    const left = (await queuedCalls().catch(() => [])).length;
    if (left === 0) {
      wait = OUTBOX_RETRY_MS.first;
      return;
    }
    if (!navigator.onLine) return;
    timer = setTimeout(() => void run(), wait);
    wait = Math.min(wait * 2, OUTBOX_RETRY_MS.max);
  };
  addEventListener('online', () => {
    wait = OUTBOX_RETRY_MS.first;
    void run();
  });
  void run();
}

/** 清除本地数据 (src/features/settings/clear-site-data.ts). */
export const clearOutbox = (): Promise<void> => clear(store);
