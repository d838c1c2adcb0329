import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../app/client-hooks.ts';
import { installFakeApi, serverCipher } from '../test-support/fake-api.ts';
import { clearToken, readToken, writeToken } from '../test-support/memory-cookie.ts';
import { authState } from '../stores/auth.ts';
import { siteState } from '../stores/site.ts';
import { dismissToast, toastState } from '../stores/toast.ts';
import { NETWORK_ERROR_CODE } from './api-error.ts';
import { bindAccount, current, getUserInfo, loginAccount } from '../features/account/auth-calls.ts';
import { call, clearResponseCache, holdCallsUntil, setSessionExpiredHandler } from './client.ts';
import { API } from '../../contract/calls/paths.ts';

vi.mock('../lib/cookie.ts', () => import('../test-support/memory-cookie.ts'));

const USER = {
  id: 1,
  nickname: '游客',
  avatar: '',
  account: null,
  isVip: false,
  vipExpireAt: null,
  coins: 5,
  points: 9,
  createdAt: 0,
};
const ok = (data: unknown) => ({ code: 0, msg: '成功', data });
const toastMessages = () => toastState.queue.map((toast) => toast.message);

beforeEach(() => {
  siteState.info = {
    title: '演示站',
    host: 'localhost',
    accountId: '10001',
    appId: 'demo',
    description: '',
    primaryColor: '',
  };
  clearToken();
  clearResponseCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of [...toastState.queue]) dismissToast(toast.id);
});

describe('call()', () => {
  it('posts a signed wrapper with the protocol headers and resolves with data', async () => {
    const { requests } = installFakeApi(() => ok(USER));
    writeToken('tok-1');
    await expect(current()).resolves.toEqual(USER);

    const [request] = requests;
    expect(request?.url).toBe('/api/current');
    expect(request?.headers).toMatchObject({ accountId: '10001', appType: 'stationGroup', token: 'tok-1' });
    const { wrapper } = request!;
    expect(wrapper.appId).toBe('demo');
    expect(wrapper.requestId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(Math.abs(wrapper.time - Date.now())).toBeLessThan(5_000);
    expect(wrapper.body).toBe('{}');
    expect(wrapper.sign).toBe(serverCipher.md5(wrapper.body + wrapper.appId + wrapper.requestId + wrapper.time));
  });

  it("sends with keepalive only when asked (a beat that may be the page's last)", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(serverCipher.encryptBase64(JSON.stringify(ok({ credited: 0 })))),
    );
    vi.stubGlobal('fetch', fetchMock);
    writeToken('tok-1');
    await call(API.movieHeartbeat, { movieId: 1, position: 3, playing: false }, { keepalive: true });
    await call(API.movieHeartbeat, { movieId: 1, position: 3, playing: false });
    expect(fetchMock.mock.calls.map(([, init]) => init.keepalive)).toEqual([true, false]);
  });

  it('a call cancelled by its signal rejects with an AbortError and no toast', async () => {
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const pending = call(API.searchSuggest, { keyword: '中国' }, { cache: true, signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastMessages()).toEqual([]);
  });

  it('sends no token header without the cookie', async () => {
    const { requests } = installFakeApi(() => ok(USER));
    await current();
    expect(requests[0]?.headers).not.toHaveProperty('token');
  });

  it('encrypts the payload of the password calls', async () => {
    const { requests } = installFakeApi(() => ok({ info: USER, token: 't' }));
    await loginAccount({ account: 'user_01', password: 'abc123' });
    await bindAccount({ account: 'user_01', password: 'abc123' });
    for (const request of requests) {
      expect(request.wrapper.body).toMatch(/^[0-9a-f]+$/);
      expect(request.wrapper.body).not.toContain('abc123');
      expect(request.payload).toEqual({ account: 'user_01', password: 'abc123' });
    }
  });

  it('rejects on a code other than 0 with an ApiError and a failure toast', async () => {
    installFakeApi(() => ({ code: 4, msg: '需要开通VIP', data: null }));
    await expect(current()).rejects.toMatchObject({ name: 'ApiError', code: 4, message: '需要开通VIP' });
    expect(toastMessages()).toEqual(['需要开通VIP']);
  });

  it('shows no toast when asked not to', async () => {
    installFakeApi(() => ({ code: 2, msg: 'account 格式错误', data: null }));
    await expect(loginAccount({ account: 'x', password: 'y' }, { toast: false })).rejects.toMatchObject({ code: 2 });
    expect(toastMessages()).toEqual([]);
  });

  it('code 7 clears the token and the cache and hands over to the app', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    writeToken('old');
    authState.signedIn = true;
    installFakeApi(() => ({ code: 7, msg: '登录已过期，请重新登录', data: null }));
    await expect(current()).rejects.toMatchObject({ code: 7 });
    expect(readToken()).toBeNull();
    expect(authState.signedIn).toBe(false);
    expect(expired).toHaveBeenCalledOnce();
    expect(toastMessages()).toEqual(['登录已过期，请重新登录']);
  });

  it('a network failure rejects with "网络连接失败"', async () => {
    installFakeApi(() => 'network-down');
    await expect(current()).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, message: '网络连接失败' });
    expect(toastMessages()).toEqual(['网络连接失败']);
  });

  it('a gateway error page is a network failure too', async () => {
    installFakeApi(() => ({ status: 502, text: '<html>Bad Gateway</html>' }));
    await expect(current()).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
  });

  it('an undecryptable answer becomes code 1 "系统错误"', async () => {
    installFakeApi(() => ({ status: 200, text: 'definitely not ciphertext' }));
    await expect(current()).rejects.toMatchObject({ code: 1, message: '系统错误' });
  });
});

describe('response cache', () => {
  it('serves cached reads for 60 s without a request; uncached calls always go out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { fetchMock } = installFakeApi(() => ok(USER));
      await getUserInfo();
      await getUserInfo();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 60_000);
      await getUserInfo();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await current();
      await current();
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one request between identical concurrent cached reads', async () => {
    const { fetchMock } = installFakeApi(() => ok(USER));
    await Promise.all([getUserInfo(), getUserInfo(), getUserInfo()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never caches failures', async () => {
    let fail = true;
    const { fetchMock } = installFakeApi(() => (fail ? { code: 8, msg: '操作太频繁', data: null } : ok(USER)));
    await expect(getUserInfo({ toast: false })).rejects.toMatchObject({ code: 8 });
    fail = false;
    await expect(getUserInfo()).resolves.toEqual(USER);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not serve one token's answers to another", async () => {
    let nickname = 'A';
    const { fetchMock } = installFakeApi(() => ok({ ...USER, nickname }));
    writeToken('token-a');
    await expect(getUserInfo()).resolves.toMatchObject({ nickname: 'A' });
    writeToken('token-b');
    nickname = 'B';
    await expect(getUserInfo()).resolves.toMatchObject({ nickname: 'B' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends public reads during a device sign-in and keeps them, in flight and answered, across the change of user', async () => {
    const { requests } = installFakeApi((path) => ok(path === API.home ? { banners: [] } : USER));
    let signedIn: () => void = () => {};
    holdCallsUntil(new Promise<void>((resolve) => (signedIn = resolve)));
    const home = call(API.home, {}, { cache: true });
    const member = call(API.getUserInfo, {}, { cache: true });
    await vi.waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api/home/getIndex']));
    writeToken('new-token');
    signedIn();
    await Promise.all([home, member, call(API.home, {}, { cache: true })]);
    await call(API.home, {}, { cache: true });
    expect(requests.map((request) => request.url)).toEqual(['/api/home/getIndex', '/api/getUserInfo']);
    expect(requests[1]?.headers).toMatchObject({ token: 'new-token' });
  });

  it('call() itself is uncached unless asked', async () => {
    const { fetchMock } = installFakeApi(() => ok(USER));
    await call(API.getUserInfo, {});
    await call(API.getUserInfo, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('image upload', () => {
  it('sends the file as multipart form-data, unsigned, with the token header, and decrypts the answer', async () => {
    const uploaded = { url: '/uploads/a.webp', width: 64, height: 64 };
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(serverCipher.encryptBase64(JSON.stringify(ok(uploaded))), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    writeToken('tok-1');
    const { uploadImage } = await import('../features/account/personal-calls.ts');
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await expect(call(API.uploadImage, { file, purpose: undefined } as { file: Blob })).resolves.toEqual(uploaded);
    await expect(uploadImage(file)).resolves.toEqual(uploaded);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/shard/memberUploadImg');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({ accountId: '10001', appType: 'stationGroup', token: 'tok-1' });
    expect(headers).not.toHaveProperty('Content-Type'); // the browser adds the multipart boundary
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect([...(init.body as FormData).keys()]).toEqual(['file']); // an unset field is left out
  });
});
