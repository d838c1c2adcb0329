/**
 * The signed-in user (coins, points, VIP expiry) fresh from /current: every member screen calls
 * useUserRefresh(), which refreshes each time the screen is shown (a kept-alive page re-runs its
 * effects when revealed). An answer for a token that changed meanwhile is dropped.
 */
import { useEffect } from 'react';
import { current } from './auth-calls.ts';
import type { UserInfo } from '../../../contract/calls/account.ts';
import { setUserInfo } from '../../stores/user.ts';
import { readToken } from '../../lib/cookie.ts';

export async function refreshUser(): Promise<UserInfo | null> {
  const token = readToken();
  if (!token) return null;
  try {
    const info = await current({ toast: false });
    if (readToken() === token) setUserInfo(info);
    return info;
  } catch {
    return null; // offline: the stored info stays
  }
}

export function useUserRefresh(): void {
  useEffect(() => {
    void refreshUser();
  }, []);
}
