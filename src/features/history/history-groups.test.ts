import { describe, expect, it } from 'vitest';
import { dayGroupOf, groupByDay } from './history-groups.ts';

const at = (iso: string) => new Date(iso).getTime();
const now = at('2025-03-10T09:00:00');

describe('history day groups', () => {
  it('today from local midnight, yesterday the calendar day before, earlier before that', () => {
    expect(dayGroupOf(at('2025-03-10T00:00:00'), now)).toBe('today');
    expect(dayGroupOf(at('2025-03-09T23:59:59'), now)).toBe('yesterday');
    expect(dayGroupOf(at('2025-03-09T00:00:00'), now)).toBe('yesterday');
    expect(dayGroupOf(at('2025-03-08T23:59:59'), now)).toBe('earlier');
  });

  it('groups newest-first entries in order, leaving out empty groups', () => {
    const entries = [
      { id: 1, at: at('2025-03-10T08:00:00') },
      { id: 2, at: at('2025-03-10T01:00:00') },
      { id: 3, at: at('2025-03-01T12:00:00') },
    ];
    expect(groupByDay(entries, now)).toEqual([
      { group: 'today', entries: [entries[0], entries[1]] },
      { group: 'earlier', entries: [entries[2]] },
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });
});
