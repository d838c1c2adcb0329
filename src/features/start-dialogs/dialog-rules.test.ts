import { describe, expect, it } from 'vitest';
import type { DialogTimes } from '../../stores/user.ts';
import { dialogsSuppressed, dueDialogs, isDue, type DialogContext } from './dialog-rules.ts';

const at = (iso: string) => new Date(iso).getTime();
const HOUR = 3_600_000;
const never: DialogTimes = { dialog: null, dialog4: null, dialog9: null, dialog16: null };
const visitor: DialogContext = { pathname: '/', signedIn: true, isVip: false, standalone: false, installable: true };

describe('isDue', () => {
  it('"day": once per local calendar day, so just after midnight counts as a new day', () => {
    const evening = at('2025-03-10T23:50:00');
    expect(isDue(null, 'day', evening)).toBe(true);
    expect(isDue(evening, 'day', evening + 5 * 60_000)).toBe(false); // 23:55 the same day
    expect(isDue(evening, 'day', at('2025-03-11T00:01:00'))).toBe(true);
    expect(isDue(at('2025-03-11T00:01:00'), 'day', at('2025-03-11T23:59:00'))).toBe(false);
  });

  it('an interval in ms: not before it has passed', () => {
    const shown = at('2025-03-10T12:00:00');
    expect(isDue(shown, 48 * HOUR, shown + 47 * HOUR)).toBe(false);
    expect(isDue(shown, 48 * HOUR, shown + 48 * HOUR)).toBe(true);
  });

  it('a time in the future (the clock was set back) does not block forever', () => {
    expect(isDue(at('2030-01-01T00:00:00'), 'day', at('2025-01-01T00:00:00'))).toBe(true);
  });
});

describe('dueDialogs', () => {
  const now = at('2025-03-10T20:00:00');

  it('lists what may show, in priority order: notice, check-in, VIP offer, install guide', () => {
    expect(dueDialogs(visitor, never, now)).toEqual(['dialog', 'dialog16', 'dialog9', 'dialog4']);
  });

  it('the site notice only on home', () => {
    expect(dueDialogs({ ...visitor, pathname: '/movie' }, never, now)).toEqual(['dialog16', 'dialog9', 'dialog4']);
  });

  it('none on the sign-in pages or during playback', () => {
    for (const pathname of ['/login', '/register', '/movie/play/3'])
      expect(dueDialogs({ ...visitor, pathname }, never, now)).toEqual([]);
  });

  it('no VIP offer for VIP members, no check-in or VIP offer without a session', () => {
    expect(dueDialogs({ ...visitor, isVip: true }, never, now)).not.toContain('dialog9');
    expect(dueDialogs({ ...visitor, signedIn: false }, never, now)).toEqual(['dialog', 'dialog4']);
  });

  it('no install guide when installed (standalone) or when the browser cannot install', () => {
    expect(dueDialogs({ ...visitor, standalone: true }, never, now)).not.toContain('dialog4');
    expect(dueDialogs({ ...visitor, installable: false }, never, now)).not.toContain('dialog4');
  });

  it('none within 10 minutes of the last dialog of any kind', () => {
    const justNow: DialogTimes = { ...never, dialog4: now - 9 * 60_000 };
    expect(dueDialogs({ ...visitor, pathname: '/movie' }, justNow, now)).toEqual([]);
    expect(dueDialogs({ ...visitor, pathname: '/movie' }, justNow, now + 60_000)).toEqual(['dialog16', 'dialog9']);
  });

  it('each waits for its own interval: notice and check-in a day, VIP 2 days, install 3 days', () => {
    const shown: DialogTimes = { dialog: now - HOUR, dialog16: now - HOUR, dialog9: now - HOUR, dialog4: now - HOUR };
    expect(dueDialogs(visitor, shown, now)).toEqual([]);
    expect(dueDialogs(visitor, shown, now)).toEqual([]);
    const tomorrow = now + 24 * HOUR;
    expect(dueDialogs(visitor, shown, tomorrow)).toEqual(['dialog', 'dialog16']);
    expect(dueDialogs(visitor, shown, now + 47 * HOUR)).toEqual(['dialog', 'dialog16', 'dialog9']);
    expect(dueDialogs(visitor, shown, now + 71 * HOUR)).toEqual(['dialog', 'dialog16', 'dialog9', 'dialog4']);
    expect(dueDialogs(visitor, { ...shown, dialog4: now - 2 * 24 * HOUR }, now)).toEqual([]);
  });
});

describe('dialogsSuppressed', () => {
  const storage = (entries: Record<string, string>) => (key: string) => entries[key] ?? null;

  it('shows dialogs to people', () => {
    expect(dialogsSuppressed({ search: '', getItem: storage({}), webdriver: false })).toBe(false);
  });

  it('?nodialogs and the "dialogs-off" key suppress them', () => {
    expect(dialogsSuppressed({ search: '?nodialogs', getItem: storage({}), webdriver: false })).toBe(true);
    expect(dialogsSuppressed({ search: '?a=1&nodialogs=1', getItem: storage({}), webdriver: false })).toBe(true);
    expect(dialogsSuppressed({ search: '', getItem: storage({ 'dialogs-off': '1' }), webdriver: false })).toBe(true);
  });

  it('browser automation suppresses them unless "dialogs-force" is set; the off switches still win', () => {
    expect(dialogsSuppressed({ search: '', getItem: storage({}), webdriver: true })).toBe(true);
    expect(dialogsSuppressed({ search: '', getItem: storage({ 'dialogs-force': '1' }), webdriver: true })).toBe(false);
    expect(
      dialogsSuppressed({ search: '?nodialogs', getItem: storage({ 'dialogs-force': '1' }), webdriver: true }),
    ).toBe(true);
  });
});
