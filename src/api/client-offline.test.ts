import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../app/client-hooks.ts';
import { installFakeApi } from '../test-support/fake-api.ts';
import { clearToken, writeToken } from '../test-support/memory-cookie.ts';
import { siteState } from '../stores/site.ts';
import { dismissToast, toastState } from '../stores/toast.ts';
import { userState } from '../stores/user.ts';
import { call, clearResponseCache } from './client.ts';
import { clearSavedAnswers, keysToPrune } from './offline-answers.ts';
import { API } from '../../contract/calls/paths.ts';

vi.mock('../lib/cookie.ts', () => import('../test-support/memory-cookie.ts'));

// IndexedDB stands in as a Map (the unit suite runs in Node).
const saved = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => saved.get(key),
  set: async (key: string, value: unknown) => void saved.set(key, value),
  entries: async () => [...saved.entries()],
  delMany: async (keys: string[]) => keys.forEach((key) => saved.delete(key)),
  clear: async () => saved.clear(),
}));

const HOME = { banners: [], sections: [] };
const ok = (data: unknown) => ({ code: 0, msg: '成功', data });
const USER = (id: number) => ({
  id,
  nickname: '游客',
  avatar: '',
  account: null,
  isVip: false,
  vipExpireAt: null,
  coins: 0,
  points: 0,
  createdAt: 0,
});
/** Saving happens after the answer is returned. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  siteState.info = {
    title: '演示站',
    host: 'localhost',
    accountId: '10001',
    appId: 'demo',
    description: '',
    primaryColor: '',
  };
  userState.info = USER(1);
  clearToken();
  writeToken('tok');
  clearResponseCache();
  void clearSavedAnswers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of [...toastState.queue]) dismissToast(toast.id);
});

describe('offline answers', () => {
  it('serves a read saved online when the network fails later, without a toast', async () => {
    installFakeApi(() => ok(HOME));
    await call(API.home, {}, { cache: true });
    await settle();
    clearResponseCache(); // a reload: the memory cache is gone
    installFakeApi(() => 'network-down');
    await expect(call(API.home, {}, { cache: true })).resolves.toEqual(HOME);
    expect(toastState.queue).toEqual([]);
  });

  it('keeps the server answer first: online, the saved one is never used', async () => {
    installFakeApi(() => ok({ ...HOME, banners: ['old'] }));
    await call(API.home, {}, { cache: true });
    await settle();
    clearResponseCache();
    installFakeApi(() => ok(HOME));
    await expect(call(API.home, {}, { cache: true })).resolves.toEqual(HOME);
  });

  it('does not replace an answer of the server (code 6) with a saved one', async () => {
    installFakeApi(() => ok(HOME));
    await call(API.home, {}, { cache: true });
    await settle();
    clearResponseCache();
    installFakeApi(() => ({ code: 6, msg: '内容不存在', data: null }));
    await expect(call(API.home, {}, { cache: true, toast: false })).rejects.toMatchObject({ code: 6 });
  });

  it("saves no mutation, opt-in reads that are not cached, and one user's answers for that user only", async () => {
    installFakeApi(() => ok({ liked: true, likes: 3 }));
    await call(API.topicLike, { id: 1, like: true }, { cache: false, toast: false });
    installFakeApi(() => ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    await call(API.likes, { type: 'post', page: 1, pageSize: 20 }, { cache: false, offline: true });
    await settle();
    expect([...saved.keys()]).toEqual([`1 ${API.likes} {"type":"post","page":1,"pageSize":20}`]);

    userState.info = USER(2);
    installFakeApi(() => 'network-down');
    await expect(
      call(API.likes, { type: 'post', page: 1, pageSize: 20 }, { offline: true, toast: false }),
    ).rejects.toMatchObject({ isNetwork: true });
  });
});

describe('keysToPrune', () => {
  it('drops the oldest beyond the limit', () => {
    const list = [
      ['a', { data: 1, at: 30 }],
      ['b', { data: 1, at: 10 }],
      ['c', { data: 1, at: 20 }],
    ] as const;
    expect(keysToPrune(list, 2)).toEqual(['b']);
    expect(keysToPrune(list, 3)).toEqual([]);
  });
});
