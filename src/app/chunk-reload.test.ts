import { describe, expect, it } from 'vitest';
import { ChunkLoadError } from '../lib/load-chunk.ts';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from './chunk-reload.ts';

describe('chunk reload guard', () => {
  it('reloads at most once per 10 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(mayReload(null, 1_000)).toBe(true);
    expect(mayReload(1_000, 1_000 + 9_999)).toBe(false);
    expect(mayReload(1_000, 1_000 + 10_000)).toBe(true);
  });

  it('recognises chunk-load failures of the browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
