/**
 * The session token cookie (docs/spec.md sections 4 and 6): login state is the presence of this cookie.
 * Written with max-age 86400 s, path / and SameSite=Lax, like the server's session lifetime.
 * Without a document (unit tests, workers) reads give null and writes do nothing.
 */

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 86_400;

const hasDocument = (): boolean => typeof document !== 'undefined';

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (!hasDocument()) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}

export const readToken = (): string | null => readCookie(TOKEN_COOKIE) || null;
export const writeToken = (token: string): void => writeCookie(TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS);
export const clearToken = (): void => writeCookie(TOKEN_COOKIE, '', 0);
export const hasToken = (): boolean => readToken() !== null;
