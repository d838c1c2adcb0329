import { describe, expect, it, vi } from 'vitest';
import { createBatch } from './log-batch.ts';

describe('the batched log stream', () => {
  it('writes the gathered lines together after the delay, and at once past the size', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const batch = createBatch(
        (text) => writes.push(text),
        () => {},
        100,
        10,
      );
      batch.write('a\n');
      batch.write('b\n');
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(writes).toEqual(['a\nb\n']);
      batch.write('0123456789\n');
      expect(writes).toEqual(['a\nb\n', '0123456789\n']);
    } finally {
      vi.useRealTimers();
    }
  });
});
