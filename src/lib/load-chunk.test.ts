import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './load-chunk.ts';

describe('loadChunk', () => {
  it('answers the module a load resolves to', async () => {
    const module = { default: 'screen' };
    await expect(loadChunk(async () => module)).resolves.toBe(module);
  });

  it('rejects with a chunk-load error when a prevented preload resolved the import to undefined', async () => {
    const load = (async () => undefined) as unknown as () => Promise<{ default: string }>;
    await expect(loadChunk(load)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(load)).rejects.toThrow(/Failed to fetch dynamically imported module/);
  });

  it('passes a failed load on as it is', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
