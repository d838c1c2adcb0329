import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/client-hooks.ts';
import { installFakeApi } from '../../test-support/fake-api.ts';
import { readToken, writeToken } from '../../test-support/memory-cookie.ts';
import { getUserInfo } from './auth-calls.ts';
import { clearResponseCache } from '../../api/client.ts';
import { DEVICE_ID_PATTERN } from '../../../contract/protocol/ids.ts';
import { authState } from '../../stores/auth.ts';
import { deviceState } from '../../stores/device.ts';
import { siteState } from '../../stores/site.ts';
import { dismissToast, toastState } from '../../stores/toast.ts';
import { initialUserState, userState } from '../../stores/user.ts';
import { ensureSession, registerAccount, signInWithAccount, signOut, startSession } from './session.ts';

vi.mock('../../lib/cookie.ts', () => import('../../test-support/memory-cookie.ts'));

const user = (id: number, nickname: string) => ({
  id,
  nickname,
  avatar: '',
  account: null,
  isVip: false,
  vipExpireAt: null,
  coins: 0,
  points: 0,
  createdAt: 0,
});
const ok = (data: unknown) => ({ code: 0, msg: '成功', data });
const KNOWN_DEVICE = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A server that knows KNOWN_DEVICE and registers any other. */
function fakeServer() {
  return installFakeApi((path, payload) => {
    const { deviceId } = (payload ?? {}) as { deviceId?: string };
    switch (path) {
      case '/register/deviceId':
        return ok({ info: user(2, '新游客'), token: `tok-${deviceId}` });
      case '/login/deviceId':
        return deviceId === KNOWN_DEVICE
          ? ok({ info: user(1, '老游客'), token: 'tok-known' })
          : { code: 6, msg: '设备不存在', data: null };
      case '/login/account':
        return ok({ info: user(3, '会员'), token: 'tok-account' });
      case '/bind/account':
        return ok({ ...user(2, '新游客'), account: 'user_01' });
      case '/current':
      case '/getUserInfo':
        return ok(user(9, '刷新后'));
      default:
        return { code: 6, msg: 'no route', data: null };
    }
  });
}

const paths = (requests: { url: string }[]) => requests.map((request) => request.url.replace('/api', ''));

beforeEach(() => {
  siteState.info = {
    title: '演示站',
    host: 'localhost',
    accountId: '10001',
    appId: 'demo',
    description: '',
    primaryColor: '',
  };
  signOut();
  Object.assign(userState, initialUserState());
  deviceState.deviceId = null;
  clearResponseCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of [...toastState.queue]) dismissToast(toast.id);
});

describe('session start (docs/spec.md section 4)', () => {
  it('without a stored device id: generates one, registers it, stores info and token', async () => {
    const { requests } = fakeServer();
    await ensureSession('/');
    expect(paths(requests)).toEqual(['/register/deviceId']);
    expect(deviceState.deviceId).toMatch(DEVICE_ID_PATTERN);
    expect(requests[0]?.payload).toEqual({ deviceId: deviceState.deviceId, deviceType: 3 });
    expect(readToken()).toBe(`tok-${deviceState.deviceId}`);
    expect(authState.signedIn).toBe(true);
    expect(userState.info?.nickname).toBe('新游客');
  });

  it('with a device id but no token: signs in by device', async () => {
    const { requests } = fakeServer();
    deviceState.deviceId = KNOWN_DEVICE;
    await ensureSession('/movie');
    expect(paths(requests)).toEqual(['/login/deviceId']);
    expect(readToken()).toBe('tok-known');
    expect(userState.info?.nickname).toBe('老游客');
  });

  it('an unknown device (code 6) is registered with the same id, without an error toast', async () => {
    const { requests } = fakeServer();
    deviceState.deviceId = 'zyxwvutsrqpnmkjihgfedcba';
    await ensureSession('/');
    expect(paths(requests)).toEqual(['/login/deviceId', '/register/deviceId']);
    expect(requests[1]?.payload).toEqual({ deviceId: 'zyxwvutsrqpnmkjihgfedcba', deviceType: 3 });
    expect(deviceState.deviceId).toBe('zyxwvutsrqpnmkjihgfedcba');
    expect(toastState.queue).toEqual([]);
  });

  it('runs once when started twice at the same time (StrictMode)', async () => {
    const { requests } = fakeServer();
    await Promise.all([ensureSession('/'), ensureSession('/'), startSession()]);
    expect(paths(requests)).toEqual(['/register/deviceId']);
  });

  it('with a token: refreshes the user with /current in the background, once', async () => {
    const { requests } = fakeServer();
    writeToken('tok-existing');
    await ensureSession('/');
    await ensureSession('/movie');
    await vi.waitFor(() => expect(userState.info?.nickname).toBe('刷新后'));
    expect(paths(requests)).toEqual(['/current']);
    expect(readToken()).toBe('tok-existing');
  });

  it('is skipped on /login and /register', async () => {
    const { requests } = fakeServer();
    await ensureSession('/login');
    await ensureSession('/register');
    expect(requests).toEqual([]);
    expect(deviceState.deviceId).toBeNull();
  });

  it('other calls wait for the device sign-in and carry its token', async () => {
    const { requests } = fakeServer();
    const started = ensureSession('/');
    const read = getUserInfo();
    await Promise.all([started, read]);
    expect(paths(requests)).toEqual(['/register/deviceId', '/getUserInfo']);
    expect(requests[1]?.headers.token).toBe(`tok-${deviceState.deviceId}`);
  });
});

describe('sign-in and sign-out keep the stores consistent', () => {
  it('account sign-in replaces token and info', async () => {
    fakeServer();
    await ensureSession('/');
    await signInWithAccount({ account: 'user_01', password: 'abc123' });
    expect(readToken()).toBe('tok-account');
    expect(userState.info?.nickname).toBe('会员');
    expect(authState.signedIn).toBe(true);
  });

  it('account sign-in sends the device id, a new one when none is stored, so the device switches to the account', async () => {
    const { requests } = fakeServer();
    await signInWithAccount({ account: 'user_01', password: 'abc123' });
    expect(deviceState.deviceId).toMatch(DEVICE_ID_PATTERN);
    expect(requests[0]?.payload).toEqual({ account: 'user_01', password: 'abc123', deviceId: deviceState.deviceId });
    deviceState.deviceId = KNOWN_DEVICE;
    await signInWithAccount({ account: 'user_01', password: 'abc123' });
    expect(requests[1]?.payload).toEqual({ account: 'user_01', password: 'abc123', deviceId: KNOWN_DEVICE });
  });

  it('registration binds the account to the device user, signing the device in first', async () => {
    const { requests } = fakeServer();
    await registerAccount({ account: 'user_01', password: 'abc123' });
    expect(paths(requests)).toEqual(['/register/deviceId', '/bind/account']);
    expect(userState.info?.account).toBe('user_01');
  });

  it('logout of an account forgets the device id, so the device does not sign straight back in', async () => {
    fakeServer();
    await ensureSession('/');
    await signInWithAccount({ account: 'user_01', password: 'abc123' });
    userState.info = { ...userState.info!, account: 'user_01' };
    signOut();
    expect(readToken()).toBeNull();
    expect(deviceState.deviceId).toBeNull();
  });

  it('logout clears the info and the token', async () => {
    fakeServer();
    await ensureSession('/');
    signOut();
    expect(userState.info).toBeNull();
    expect(readToken()).toBeNull();
    expect(authState.signedIn).toBe(false);
    expect(deviceState.deviceId).toMatch(DEVICE_ID_PATTERN);
  });
});
