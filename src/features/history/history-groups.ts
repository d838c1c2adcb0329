/**
 * The history screen's day groups (今天 / 昨天 / 更早) over entries already sorted newest first,
 * by local calendar day; pure, `now` injectable for tests. Empty groups are left out.
 */

export type DayGroup = 'today' | 'yesterday' | 'earlier';

const startOfDay = (ms: number): number => {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};

export function dayGroupOf(at: number, now: number): DayGroup {
  const today = startOfDay(now);
  if (at >= today) return 'today';
  const yesterday = startOfDay(today - 1); // the day before, also across a DST change
  return at >= yesterday ? 'yesterday' : 'earlier';
}

export function groupByDay<E extends { at: number }>(
  entries: readonly E[],
  now: number,
): { group: DayGroup; entries: E[] }[] {
  const groups: { group: DayGroup; entries: E[] }[] = [];
  for (const entry of entries) {
    const group = dayGroupOf(entry.at, now);
    const last = groups.at(-1);
    if (last?.group === group) last.entries.push(entry);
    else groups.push({ group, entries: [entry] });
  }
  return groups;
}
