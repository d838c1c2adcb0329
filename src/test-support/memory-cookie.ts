/** In-memory stand-in for src/lib/cookie.ts (vi.mock), so the token can be set in node tests. */
let token: string | null = null;

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 86_400;
export const readCookie = (name: string): string | null => (name === TOKEN_COOKIE ? token : null);
export const readToken = (): string | null => token;
export const writeToken = (value: string): void => {
  token = value;
};
export const clearToken = (): void => {
  token = null;
};
export const hasToken = (): boolean => token !== null;
