import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAppBadge } from './app-badge.ts';
import { keyBytes, pushSupport } from './push-subscription.ts';
import { withType } from './push-store.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

/** A browser as far as these checks look: its user agent, display mode and what it has. */
function browser({ ua = ANDROID, standalone = false, push = true, permission = 'default' } = {}) {
  const badge = { set: vi.fn(async (_count?: number) => undefined), clear: vi.fn(async () => undefined) };
  vi.stubGlobal('navigator', {
    userAgent: ua,
    maxTouchPoints: 5,
    ...(push ? { serviceWorker: {} } : {}),
    setAppBadge: badge.set,
    clearAppBadge: badge.clear,
  });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query.includes('standalone') }));
  vi.stubGlobal('window', push ? { PushManager: class {}, Notification: class {} } : {});
  vi.stubGlobal('Notification', { permission });
  return badge;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pushSupport', () => {
  it('is ready where the Push API is, and says when permission was denied', () => {
    browser();
    expect(pushSupport()).toBe('ready');
    browser({ permission: 'denied' });
    expect(pushSupport()).toBe('denied');
  });

  it('sends iOS outside the home screen to add the app there, and says no push elsewhere', () => {
    browser({ ua: IPHONE, push: false });
    expect(pushSupport()).toBe('ios-home-screen');
    browser({ ua: IPHONE, push: false, standalone: true }); // an old iOS, even installed
    expect(pushSupport()).toBe('unsupported');
    browser({ push: false });
    expect(pushSupport()).toBe('unsupported');
  });
});

describe('showAppBadge', () => {
  it('shows the unread total on the icon of the installed app and clears it at zero', () => {
    const badge = browser({ standalone: true });
    showAppBadge(3);
    showAppBadge(3); // unchanged: not set again
    showAppBadge(0);
    expect(badge.set.mock.calls).toEqual([[3]]);
    expect(badge.clear).toHaveBeenCalledTimes(1);
  });

  it('leaves a tab of the browser alone', () => {
    const badge = browser({ standalone: false });
    showAppBadge(5);
    expect(badge.set).not.toHaveBeenCalled();
  });
});

describe('the VAPID key and the chosen types', () => {
  it('turns the base64url key into its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    expect(keyBytes(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
  });

  it('switches one type on or off, keeping NOTICE_TYPES order', () => {
    expect(withType(['like'], 'reply', true)).toEqual(['reply', 'like']);
    expect(withType(['reply', 'like'], 'reply', false)).toEqual(['like']);
  });
});
