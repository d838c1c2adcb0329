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

  it('never takes a link a browser would resolve to another site as an in-app path', () => {
    const offSite = [
      '/\\evil.example/path',
      '//evil.example',
      '\\\\evil.example',
      '/%5Cevil.example/path',
      '/%5cevil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/../\\evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https:\\\\evil.example',
      'https://evil\t.example',
    ];
    for (const link of offSite) expect(linkTarget(link).kind, JSON.stringify(link)).not.toBe('app');
    for (const link of ['https:\\\\evil.example', '/\t/evil.example', 'javascript:alert(1)'])
      expect(linkTarget(link), JSON.stringify(link)).toEqual({ kind: 'none' });
  });

  it('keeps the in-app paths operators write, with queries, fragments and encoded text', () => {
    for (const path of ['/', '/movie/12', '/search/%E5%BD%B1%E7%89%87?tab=movies', '/topic/3?floor=5#f5', '/tag/热血'])
      expect(linkTarget(path)).toEqual({ kind: 'app', path });
    expect(linkTarget('  /movie/12  ')).toEqual({ kind: 'app', path: '/movie/12' });
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
