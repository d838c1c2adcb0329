import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/; // contract/calls/member.ts exchangeSchema

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newIdempotencyKey', () => {
  it('is a fresh key the server accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('falls back to getRandomValues where randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
