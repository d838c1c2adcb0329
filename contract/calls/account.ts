/**
 * Accounts: the user record, the site record and the sign-in calls' payloads. The server validates
 * every payload with these zod schemas; the client imports the types only (`import type`), so zod
 * never reaches the browser bundle.
 */
import { z } from 'zod';
import { DEVICE_ID_PATTERN, DEVICE_TYPE } from '../protocol/ids.ts';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN } from '../validate.ts';
import type { API } from './paths.ts';

/** The user record sent with every sign-in and by /current and /getUserInfo. Times are ms since epoch. */
export interface UserInfo {
  id: number;
  nickname: string;
  avatar: string;
  account: string | null;
  isVip: boolean;
  vipExpireAt: number | null;
  coins: number;
  points: number;
  createdAt: number;
}

export interface SignInData {
  info: UserInfo;
  token: string;
}

/** `GET /api/fetch-data` answer: `{siteInfo}`; chosen by the request's Host. */
export interface SiteInfo {
  title: string;
  host: string;
  accountId: string;
  appId: string;
  description: string;
  primaryColor: string;
}

export const deviceSignInSchema = z.object({
  deviceId: z.string().regex(DEVICE_ID_PATTERN, 'deviceId 必须是 24 位设备标识'),
  deviceType: z.literal(DEVICE_TYPE, { message: 'deviceType 必须为 3' }),
});

export const accountCredentialsSchema = z.object({
  account: z.string().regex(ACCOUNT_PATTERN, 'account 必须是 6-12 位字母、数字或下划线'),
  password: z.string().regex(PASSWORD_PATTERN, 'password 必须是 6-32 位且同时包含字母和数字'),
});

/**
 * `/login/account`: the credentials, plus optionally the device signing in, which then signs in as
 * the account's user from now on (a later `/login/deviceId` of that device returns it). Without
 * deviceId the device of the current session (token header) is switched, if there is one.
 */
export const accountSignInSchema = accountCredentialsSchema.extend({
  deviceId: deviceSignInSchema.shape.deviceId.optional(),
});

export const emptySchema = z.object({}).passthrough();

/** The sign-in and user calls. */
export interface AccountCalls {
  [API.registerDevice]: { payload: z.infer<typeof deviceSignInSchema>; data: SignInData };
  [API.loginDevice]: { payload: z.infer<typeof deviceSignInSchema>; data: SignInData };
  [API.loginAccount]: { payload: z.infer<typeof accountSignInSchema>; data: SignInData };
  [API.bindAccount]: { payload: z.infer<typeof accountCredentialsSchema>; data: UserInfo };
  [API.current]: { payload: Record<string, never>; data: UserInfo };
  [API.getUserInfo]: { payload: Record<string, never>; data: UserInfo };
}
