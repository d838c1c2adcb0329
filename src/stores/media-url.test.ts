import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cdnState, failOver, nextLine, raceCdnLines, resetCdnFailures, setCdnLines } from './cdn.ts';
import { joinMediaUrl } from '../../contract/media-url.ts';
import { mediaUrl } from './media-url.ts';

const line = (id: number, base: string) => ({ id, name: `线路${id}`, cdnLine: base });

beforeEach(() => {
  resetCdnFailures();
  cdnState.lines = [];
  cdnState.active = null;
});

describe('joining media keys to a CDN line', () => {
  it('joins with exactly one slash', () => {
    expect(joinMediaUrl('/cdn/1', 'posters/m12-s.webp')).toBe('/cdn/1/posters/m12-s.webp');
    expect(joinMediaUrl('/cdn/1/', 'posters/m12-s.webp')).toBe('/cdn/1/posters/m12-s.webp');
    expect(joinMediaUrl('https://img.example.com/a', 'play/t/index.m3u8')).toBe(
      'https://img.example.com/a/play/t/index.m3u8',
    );
  });

  it('passes addresses through and gives "" for nothing', () => {
    expect(joinMediaUrl('/cdn/1', 'https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(joinMediaUrl('/cdn/1', '/avatar-default.svg')).toBe('/avatar-default.svg');
    expect(joinMediaUrl('/cdn/1', 'data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(joinMediaUrl('/cdn/1', null)).toBe('');
    expect(joinMediaUrl('/cdn/1', '')).toBe('');
    expect(joinMediaUrl(null, 'posters/a.webp')).toBe('');
  });

  it('uses the active line, else the first known one', () => {
    setCdnLines([line(1, '/cdn/1'), line(2, '/cdn/2')]);
    expect(mediaUrl('banners/b1.webp')).toBe('/cdn/1/banners/b1.webp');
    cdnState.active = '/cdn/2';
    expect(mediaUrl('banners/b1.webp')).toBe('/cdn/2/banners/b1.webp');
    expect(mediaUrl('banners/b1.webp', '/cdn/1')).toBe('/cdn/1/banners/b1.webp');
  });
});

describe('CDN line fail-over', () => {
  it('moves to the next line in order, wrapping around', () => {
    const lines = ['/cdn/1', '/cdn/2', '/cdn/3'];
    expect(nextLine(lines, '/cdn/1')).toBe('/cdn/2');
    expect(nextLine(lines, '/cdn/3')).toBe('/cdn/1');
    expect(nextLine(['/cdn/1'], '/cdn/1')).toBeNull();
    expect(nextLine(lines, '/gone')).toBe('/cdn/1');
  });

  it('skips a line that failed recently while another is healthy', () => {
    const lines = ['/cdn/1', '/cdn/2', '/cdn/3'];
    const failures = new Map([['/cdn/2', 1_000]]);
    expect(nextLine(lines, '/cdn/1', failures, 2_000, 60_000)).toBe('/cdn/3');
    expect(nextLine(lines, '/cdn/1', failures, 100_000, 60_000)).toBe('/cdn/2');
    const all = new Map([
      ['/cdn/2', 1_000],
      ['/cdn/3', 1_000],
    ]);
    expect(nextLine(lines, '/cdn/1', all, 2_000, 60_000)).toBe('/cdn/2');
  });

  it('switches the active line once for simultaneous failures of the same line', () => {
    setCdnLines([line(1, '/cdn/1'), line(2, '/cdn/2'), line(3, '/cdn/3')]);
    cdnState.active = '/cdn/1';
    expect(failOver('/cdn/1')).toBe('/cdn/2');
    expect(failOver('/cdn/1')).toBe('/cdn/2'); // a second image of line 1 fails: no further switch
    expect(failOver('/cdn/2')).toBe('/cdn/3'); // line 1 failed recently, so it is not next
  });

  it('keeps the active line when the lines are set again and it is still listed', () => {
    setCdnLines([line(1, '/cdn/1'), line(2, '/cdn/2')]);
    cdnState.active = '/cdn/2';
    setCdnLines([line(1, '/cdn/1'), line(2, '/cdn/2')]);
    expect(cdnState.active).toBe('/cdn/2');
    setCdnLines([line(1, '/cdn/1')]);
    expect(cdnState.active).toBeNull();
  });
});

describe('racing the CDN lines', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('races a set of lines once per page load: the same lines again answer the race that stands', async () => {
    const pinged: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      pinged.push(url);
      return new Response(null, { status: url.startsWith('/cdn/2') ? 200 : 503 });
    });
    const lines = [line(1, '/cdn/1'), line(2, '/cdn/2')];
    expect(await raceCdnLines(lines)).toBe('/cdn/2');
    expect(await raceCdnLines(lines.map((each) => ({ ...each })))).toBe('/cdn/2');
    expect(pinged).toEqual(['/cdn/1/ping', '/cdn/2/ping']);
    // Other lines (the server's answer changed them) race again.
    expect(await raceCdnLines([line(3, '/cdn/3'), line(2, '/cdn/2')])).toBe('/cdn/2');
    expect(pinged).toEqual(['/cdn/1/ping', '/cdn/2/ping', '/cdn/3/ping', '/cdn/2/ping']);
    expect(cdnState.lines).toEqual(['/cdn/3', '/cdn/2']);
  });
});
