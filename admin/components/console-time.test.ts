import { afterEach, describe, expect, it } from 'vitest';
import {
  consoleTime,
  consoleZone,
  fromZoneInput,
  setConsoleZone,
  toZoneInput,
  zoned,
  zoneDayRange,
} from './console-time.ts';

describe('the console clock', () => {
  afterEach(() => setConsoleZone('Asia/Shanghai'));

  it('reads and writes Beijing time by default, whatever the browser zone', () => {
    const ms = Date.parse('2026-12-01T14:08:00Z');
    expect(consoleTime(ms)).toBe('2026-12-01 22:08');
    expect(consoleTime(ms + 5_000, true)).toBe('2026-12-01 22:08:05');
    expect(toZoneInput(ms)).toBe('2026-12-01T22:08');
    expect(fromZoneInput('2026-12-01T22:08')).toBe(ms);
    expect(fromZoneInput('12/01/2026 22:08')).toBeNull();
    expect(zoned('时间')).toBe('时间（北京时间）');
    expect(zoneDayRange('2026-12-01')).toEqual({
      start: Date.parse('2026-11-30T16:00:00Z'),
      end: Date.parse('2026-12-01T16:00:00Z'),
    });
    expect(zoneDayRange('')).toBeNull();
  });

  it('follows the site zone the session gives, daylight saving included', () => {
    setConsoleZone('America/New_York');
    expect(consoleZone()).toBe('北美东部时间');
    expect(zoned('发布时间')).toBe('发布时间（北美东部时间）');
    // Summer (UTC-4) and winter (UTC-5) wall times both round-trip.
    expect(fromZoneInput('2026-07-01T20:00')).toBe(Date.parse('2026-07-02T00:00:00Z'));
    expect(fromZoneInput('2026-12-01T20:00')).toBe(Date.parse('2026-12-02T01:00:00Z'));
    expect(consoleTime(Date.parse('2026-12-02T01:00:00Z'))).toBe('2026-12-01 20:00');
    const fallBack = zoneDayRange('2026-11-01')!;
    expect(fallBack.end - fallBack.start).toBe(25 * 3_600_000);
  });
});
