import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../app/client-hooks.ts';
import { ApiError } from './api-error.ts';
import { API } from '../../contract/calls/paths.ts';
import { dismissToast, toastState } from '../stores/toast.ts';
import { flushOutbox, OUTBOX_RETRY_MS, queuedCalls, sendOrQueue, startOutbox } from './offline-queue.ts';

// IndexedDB stands in as a Map, the API client as a mock (the unit suite runs in Node).
const { saved, call } = vi.hoisted(() => ({ saved: new Map<string, unknown>(), call: vi.fn() }));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  set: async (key: string, value: unknown) => void saved.set(key, value),
  del: async (key: string) => void saved.delete(key),
  entries: async () => [...saved.entries()],
  clear: async () => saved.clear(),
}));
vi.mock('./client.ts', () => ({ call }));

const persist = vi.fn(async () => true);
let online = true;
const down = () => Promise.reject(ApiError.network());

beforeEach(() => {
  saved.clear();
  call.mockReset();
  online = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
    storage: { persisted: async () => false, persist },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of [...toastState.queue]) dismissToast(toast.id);
});

describe('sendOrQueue', () => {
  it('sends at once with an idempotency key when online and answers the server', async () => {
    call.mockResolvedValue({ liked: true, likes: 8 });
    await expect(sendOrQueue(API.topicLike, { id: 5, like: true }, { liked: true, likes: 6 })).resolves.toEqual({
      liked: true,
      likes: 8,
    });
    const [path, payload, options] = call.mock.calls[0]!;
    expect(path).toBe(API.topicLike);
    expect(payload).toMatchObject({
      id: 5,
      like: true,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    expect(options).toEqual({ cache: false, toast: false });
    expect(await queuedCalls()).toEqual([]);
    expect(persist).toHaveBeenCalledTimes(1); // navigator.storage.persist() after the first like
  });

  it("queues the call without a network, keeps the screen's change and says so", async () => {
    online = false;
    await expect(sendOrQueue(API.topicLike, { id: 5, like: true }, { liked: true, likes: 6 })).resolves.toEqual({
      liked: true,
      likes: 6,
    });
    expect(call).not.toHaveBeenCalled();
    online = true;
    call.mockImplementationOnce(down);
    await expect(sendOrQueue(API.movieFavourite, { movieId: 3 }, { favorited: true })).resolves.toEqual({
      favorited: true,
    });
    const queued = await queuedCalls();
    expect(queued.map((q) => [q.path, q.payload])).toEqual([
      [API.topicLike, { id: 5, like: true, idempotencyKey: queued[0]!.key }],
      [API.movieFavourite, { movieId: 3, idempotencyKey: queued[1]!.key }],
    ]);
    expect(toastState.queue.map((toast) => toast.message)).toEqual(['已离线保存，联网后自动同步']);
  });

  it('rejects as before when the server refuses', async () => {
    call.mockRejectedValue(new ApiError(6, '内容不存在'));
    await expect(sendOrQueue(API.topicLike, { id: 999, like: true }, { liked: true, likes: 1 })).rejects.toMatchObject({
      code: 6,
    });
    expect(await queuedCalls()).toEqual([]);
  });
});

describe('flushOutbox', () => {
  async function queueThree() {
    online = false;
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const id of [1, 2, 3]) {
      vi.setSystemTime(1_000 * id);
      await sendOrQueue(API.topicLike, { id, like: true }, { liked: true, likes: 1 });
    }
    vi.useRealTimers();
    online = true;
    return queuedCalls();
  }

  it('sends the queue oldest first, each with the key it was queued with, and empties it', async () => {
    const queued = await queueThree();
    call.mockResolvedValue({ liked: true, likes: 2 });
    expect(await flushOutbox()).toBe(3);
    expect(call.mock.calls.map(([, payload]) => payload)).toEqual(queued.map((q) => q.payload));
    expect(call.mock.calls.map(([, payload]) => (payload as { id: number }).id)).toEqual([1, 2, 3]);
    expect(await queuedCalls()).toEqual([]);
    expect(await flushOutbox()).toBe(0);
  });

  it('stops at a network failure and keeps the rest for the next time, the same keys again', async () => {
    const queued = await queueThree();
    call.mockResolvedValueOnce({ liked: true, likes: 2 }).mockImplementationOnce(down);
    expect(await flushOutbox()).toBe(1);
    expect((await queuedCalls()).map((q) => q.key)).toEqual([queued[1]!.key, queued[2]!.key]);
    call.mockReset().mockResolvedValue({ liked: true, likes: 2 });
    expect(await flushOutbox()).toBe(2);
    expect(call.mock.calls.map(([, payload]) => payload)).toEqual([queued[1]!.payload, queued[2]!.payload]);
  });

  it('drops a call the server refuses for good, keeps one refused for now (session expired)', async () => {
    await queueThree();
    call.mockRejectedValueOnce(new ApiError(6, '内容不存在')).mockRejectedValueOnce(new ApiError(7, '登录已过期'));
    expect(await flushOutbox()).toBe(0);
    expect((await queuedCalls()).map((q) => (q.payload as { id: number }).id)).toEqual([2, 3]);
  });

  it('tries again while online when a run leaves calls behind (the first send after reconnecting failed)', async () => {
    await queueThree();
    const listeners: Array<() => void> = [];
    vi.stubGlobal(
      'addEventListener',
      (type: string, listener: () => void) => type === 'online' && listeners.push(listener),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      call.mockImplementation(down);
      startOutbox();
      await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
      expect(await queuedCalls()).toHaveLength(3);
      // The network answers again: the next try, after the first wait, sends all three.
      call.mockReset().mockResolvedValue({ liked: true, likes: 2 });
      await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS.first);
      await vi.waitFor(async () => expect(await queuedCalls()).toEqual([]));
      expect(call).toHaveBeenCalledTimes(3);
      // Nothing left: no more tries.
      await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS.max * 2);
      expect(call).toHaveBeenCalledTimes(3);
      expect(listeners).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
