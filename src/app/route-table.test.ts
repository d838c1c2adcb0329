import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS } from '../../contract/route-patterns.ts';
import { isSafeRedirect, paths, requiresSignIn, skipsDeviceSignIn } from '../lib/route-paths.ts';
import { findRoute, routeTable } from './route-table.ts';

// wouter's own default parser
const match = (pathname: string) => findRoute(parse as never, pathname)?.name ?? null;

describe('route table', () => {
  it('covers every pattern of docs/spec.md section 2 once', () => {
    expect(routeTable.map((entry) => entry.pattern).sort()).toEqual(Object.values(ROUTE_PATTERNS).sort());
  });

  it('puts the /{type} catch-all after every named route', () => {
    expect(routeTable.at(-1)?.pattern).toBe('/:type');
  });

  it.each([
    ['/', 'home'],
    ['/tag', 'tagList'],
    ['/tag/%E7%94%B5%E5%BD%B1', 'tagDetail'],
    ['/user/12', 'userPage'],
    ['/forum', 'forumList'],
    ['/topic/3', 'topicDetail'],
    ['/movie', 'movieList'],
    ['/movie/42', 'movieDetail'],
    ['/movie/play/42', 'moviePlay'],
    ['/chigua/9', 'chiguaDetail'],
    ['/category/1', 'categoryPage'],
    ['/featured/2', 'featured'],
    ['/search/abc', 'search'],
    ['/archives/5', 'archives'],
    ['/release', 'release'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/mine', 'mine'],
    ['/mine/wallet', 'mineWallet'],
    ['/mine/personal', 'minePersonal'],
    ['/hot', 'typePage'],
    ['/search', 'typePage'],
  ])('%s → %s', (pathname, name) => {
    expect(match(pathname)).toBe(name);
  });

  it('leaves unknown deeper paths unmatched (404)', () => {
    expect(match('/no/such/page')).toBeNull();
    expect(match('/mine/unknown/x')).toBeNull();
  });

  it('has a layout and a zh-CN title for every route', () => {
    for (const entry of routeTable) {
      expect(['default', 'page-full', 'page-insede', 'page-search']).toContain(entry.layout);
      expect(entry.title).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('paths', () => {
  it('builds hrefs that the table matches back', () => {
    expect(paths.movie(42)).toBe('/movie/42');
    expect(paths.moviePlay('7')).toBe('/movie/play/7');
    expect(paths.search('电影 2024')).toBe('/search/%E7%94%B5%E5%BD%B1%202024');
    expect(paths.search('a/b')).toBe('/search/a%2Fb');
    expect(match(paths.search('a/b'))).toBe('search');
    expect(match(paths.tag('#热门'))).toBe('tagDetail');
  });

  it('adds only safe redirects to the login path', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.login('/mine/wallet')).toBe('/login?redirect=%2Fmine%2Fwallet');
    expect(paths.login('//evil.example')).toBe('/login');
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });

  it('guards the member area and skips the device sign-in on the sign-in pages', () => {
    expect(requiresSignIn('/mine')).toBe(true);
    expect(requiresSignIn('/mine/vip')).toBe(true);
    expect(requiresSignIn('/search/mine')).toBe(false);
    expect(requiresSignIn('/minesweeper')).toBe(false);
    expect(skipsDeviceSignIn('/login')).toBe(true);
    expect(skipsDeviceSignIn('/register')).toBe(true);
    expect(skipsDeviceSignIn('/')).toBe(false);
  });
});
