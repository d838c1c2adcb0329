import { describe, expect, it } from 'vitest';
import { firstTabWithContent } from './first-tab.ts';

describe('firstTabWithContent', () => {
  it('is the first tab with a count above zero, else the first tab', () => {
    const counts: Record<string, number | undefined> = { a: 0, b: undefined, c: 3, d: 5 };
    expect(firstTabWithContent(['a', 'b', 'c', 'd'], (tab) => counts[tab])).toBe('c');
    expect(firstTabWithContent(['a', 'b'], (tab) => counts[tab])).toBe('a');
  });
});
