/** Sign-in and user calls (docs/api.md). Passwords are encrypted by the client (ENCRYPTED_PAYLOAD_PATHS). */
import { DEVICE_TYPE } from '../../../contract/protocol/ids.ts';
import { call, type CallOptions } from '../../api/client.ts';
import type { SignInData, UserInfo } from '../../../contract/calls/account.ts';
import { API } from '../../../contract/calls/paths.ts';

export interface Credentials {
  account: string;
  password: string;
}

type ToastOption = Pick<CallOptions, 'toast'>;

export const registerDevice = (deviceId: string, options?: ToastOption): Promise<SignInData> =>
  call(API.registerDevice, { deviceId, deviceType: DEVICE_TYPE }, { ...options, cache: false });

/** Rejects with code 6 when the server does not know the device (the caller then registers). */
export const loginDevice = (deviceId: string, options?: ToastOption): Promise<SignInData> =>
  call(API.loginDevice, { deviceId, deviceType: DEVICE_TYPE }, { ...options, cache: false });

/** With deviceId, that device signs in as the account's user from now on (contract/calls/call-map.ts accountSignInSchema). */
export const loginAccount = (
  credentials: Credentials & { deviceId?: string },
  options?: ToastOption,
): Promise<SignInData> => call(API.loginAccount, credentials, { ...options, cache: false });

/** Binds an account and password to the signed-in device user. */
export const bindAccount = (credentials: Credentials, options?: ToastOption): Promise<UserInfo> =>
  call(API.bindAccount, credentials, { ...options, cache: false });

/** The signed-in user, fresh from the server. */
export const current = (options?: ToastOption): Promise<UserInfo> =>
  call(API.current, {}, { ...options, cache: false });

export const getUserInfo = (options?: ToastOption): Promise<UserInfo> =>
  call(API.getUserInfo, {}, { ...options, cache: true });
