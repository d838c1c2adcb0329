import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target.ts';
import { withQuery } from './route-params.ts';

describe('banner link targets', () => {
  it('routes in-app paths, opens http(s) URLs, refuses the rest', () => {
    expect(linkTarget('/movie/12')).toEqual({ kind: 'app', path: '/movie/12' });
    expect(linkTarget('https://example.com/a')).toEqual({ kind: 'external', url: 'https://example.com/a' });
    expect(linkTarget('//evil.example')).toEqual({ kind: 'none' });
    expect(linkTarget('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(linkTarget('')).toEqual({ kind: 'none' });
    expect(linkTarget(null)).toEqual({ kind: 'none' });
  });
});

describe('query strings of filters', () => {
  it('sets, replaces and removes keys, in a stable order', () => {
    expect(withQuery('', { sort: 'hot', category: 10 })).toBe('category=10&sort=hot');
    expect(withQuery('category=10&sort=hot', { category: null })).toBe('sort=hot');
    expect(withQuery('sort=hot', { sort: '', tag: '热议' })).toBe(`tag=${encodeURIComponent('热议')}`);
    expect(withQuery('a=1', { b: undefined })).toBe('a=1');
  });
});
