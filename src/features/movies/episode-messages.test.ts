import { describe, expect, it } from 'vitest';
import { episodeMessages } from './episode-messages.ts';

describe('an episode’s name', () => {
  it('is its number, with a title of its own only when the title says more than the number', () => {
    for (const title of ['', '第2集', '第02集', '第 2 集', '第2话', '02', '2', 'EP02', 'e2'])
      expect(episodeMessages.label(2, title)).toBe('第2集');
    expect(episodeMessages.label(2, '重逢')).toBe('第2集 重逢');
    expect(episodeMessages.label(2, '第12集')).toBe('第2集 第12集');
    expect(episodeMessages.label(12, '2')).toBe('第12集 2');
  });
});
