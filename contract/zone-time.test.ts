import { describe, expect, it } from 'vitest';
import { isTimeZone, zoneDay, zoneDayBounds, zoneIso, zoneLabel, zoneOffsetMs, zoneWallToMs } from './zone-time.ts';

const HOUR = 3_600_000;

describe('zone time', () => {
  it('reads Beijing time as UTC+8 all year', () => {
    const ms = Date.parse('2026-06-30T16:30:00Z');
    expect(zoneIso(ms, 'Asia/Shanghai')).toBe('2026-07-01T00:30:00');
    expect(zoneDay(ms, 'Asia/Shanghai')).toBe('2026-07-01');
    expect(zoneOffsetMs(ms, 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneDayBounds('2026-07-01', 'Asia/Shanghai')).toEqual({
      start: Date.parse('2026-06-30T16:00:00Z'),
      end: Date.parse('2026-07-01T16:00:00Z'),
    });
  });

  it('round-trips a wall time in another zone, and its days', () => {
    const wall = Date.UTC(2026, 11, 1, 20, 0);
    const ms = zoneWallToMs(wall, 'Asia/Tokyo');
    expect(ms).toBe(Date.parse('2026-12-01T11:00:00Z'));
    expect(zoneIso(ms, 'Asia/Tokyo')).toBe('2026-12-01T20:00:00');
    expect(zoneDay(Date.parse('2026-12-01T15:30:00Z'), 'Asia/Tokyo')).toBe('2026-12-02');
  });

  it('follows daylight saving: short and long days, skipped and repeated hours', () => {
    const ny = 'America/New_York';
    // 2026-03-08 springs forward at 02:00 (23 hours); 2026-11-01 falls back at 02:00 (25 hours).
    const spring = zoneDayBounds('2026-03-08', ny);
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const fall = zoneDayBounds('2026-11-01', ny);
    expect(fall.end - fall.start).toBe(25 * HOUR);
    expect(zoneIso(zoneWallToMs(Date.UTC(2026, 2, 8, 2, 30), ny), ny)).toBe('2026-03-08T03:30:00');
    const repeated = zoneWallToMs(Date.UTC(2026, 10, 1, 1, 30), ny);
    expect(repeated).toBe(Date.parse('2026-11-01T05:30:00Z'));
    expect(zoneIso(repeated, ny)).toBe('2026-11-01T01:30:00');
  });

  it('knows zones from names, refusing the rest', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('../../etc/passwd')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('names the zone in Chinese', () => {
    expect(zoneLabel('Asia/Shanghai')).toBe('北京时间');
    expect(zoneLabel('Asia/Tokyo')).toMatch(/日本/);
  });
});
