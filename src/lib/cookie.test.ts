/**
 * The token cookie's attributes (src/lib/cookie.ts): SameSite=Lax always, Secure when the
 * app runs under HTTPS, path / and the session's lifetime. Beside the cookie code;
 * the browser suite (e2e/security.test.ts) checks the cookie a real Chromium stores over HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, writeToken } from './cookie.ts';

const written: string[] = [];

function fakeBrowser(protocol: 'http:' | 'https:') {
  written.length = 0;
  Object.assign(globalThis, {
    document: {
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
    },
    location: { protocol },
  });
}

describe('the token cookie', () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
    delete (globalThis as { location?: unknown }).location;
  });

  it('is SameSite=Lax, path /, 86400 s, and Secure only under HTTPS', () => {
    fakeBrowser('https:');
    writeToken('tok');
    expect(written).toEqual(['token=tok; max-age=86400; path=/; SameSite=Lax; Secure']);
    fakeBrowser('http:');
    writeToken('tok');
    clearToken();
    expect(written).toEqual([
      'token=tok; max-age=86400; path=/; SameSite=Lax',
      'token=; max-age=0; path=/; SameSite=Lax',
    ]);
  });
});
