/**
 * The client sends PUBLIC_PATHS without waiting for a device sign-in (src/api/client.ts): each must
 * be a read the server answers alike for every visitor, i.e. a call that ignores the token.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../contract/calls/paths.ts';
import { ALL_CALLS } from '../app.ts';

describe('public reads', () => {
  it.each([...PUBLIC_PATHS])('%s ignores the token (auth none)', (path) => {
    const call = ALL_CALLS.find((candidate) => candidate.path === path);
    expect(call, path).toBeDefined();
    expect(call!.auth).toBe('none');
  });
});
