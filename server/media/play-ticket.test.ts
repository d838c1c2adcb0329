import { describe, expect, it } from 'vitest';
import { parsePlaylist, renderPlaylist, segmentsWithin } from './hls-playlist.ts';
import { issuePlaylistKey, trialSegments, verifyTicket } from './play-ticket.ts';

const SECRET = 'unit-test-secret-0123456789';
const ticketOf = (key: string): string => key.split('/')[1]!;

describe('play tickets', () => {
  it('round-trips movie, video, trial (whole grid steps) and expiry', () => {
    const now = Date.parse('2026-11-01T00:00:00Z');
    const key = issuePlaylistKey({
      movieId: 12,
      video: 'videos/v3',
      trialSeconds: 10,
      secret: SECRET,
      now,
      ttlSeconds: 600,
    });
    expect(verifyTicket(ticketOf(key), SECRET, now)).toEqual({
      movieId: 12,
      video: 'v3',
      trialSeconds: 12,
      expiresAt: now / 1000 + 600,
    });
    expect(verifyTicket(ticketOf(key), SECRET, now + 601_000)).toBeNull();
    expect(verifyTicket(ticketOf(key), 'other-secret-0123456789', now)).toBeNull();
    const full = issuePlaylistKey({ movieId: 12, video: 'v3', trialSeconds: null, secret: SECRET, now });
    expect(verifyTicket(ticketOf(full), SECRET, now)?.trialSeconds).toBeNull();
  });

  it('counts the segments that cover a trial', () => {
    expect([0, 1, 4, 5, 8, 9, 12].map(trialSegments)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });

  it('refuses to sign something that is not a video key', () => {
    expect(() => issuePlaylistKey({ movieId: 1, video: '../etc', trialSeconds: null, secret: SECRET })).toThrow(
      /video/,
    );
  });
});

describe('HLS playlists', () => {
  const text = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXTINF:4.000000,',
    'seg-000.ts',
    '#EXTINF:4.000000,',
    'seg-001.ts',
    '#EXTINF:2.500000,',
    'seg-002.ts',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

  it('keeps the header and the first segments, and always ends the VOD', () => {
    const playlist = parsePlaylist(text);
    expect(playlist.segments.map((s) => s.uri)).toEqual(['seg-000.ts', 'seg-001.ts', 'seg-002.ts']);
    expect(renderPlaylist(playlist, null)).toBe(text);
    expect(renderPlaylist(playlist, 4)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXTINF:4.000000,',
        'seg-000.ts',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('keeps the segments that start within a trial, whatever their lengths (a 1 s first segment)', () => {
    const lengths = [1, 3, 4, 4, 2.5];
    const playlist = parsePlaylist(
      [
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:4',
        ...lengths.flatMap((l, i) => [`#EXTINF:${l.toFixed(6)},`, `seg-00${i}.ts`]),
      ].join('\n'),
    );
    expect([0, 1, 4, 8, 12, 16, null].map((seconds) => segmentsWithin(playlist, seconds))).toEqual([
      0, 1, 2, 3, 4, 5, 5,
    ]);
    expect(renderPlaylist(playlist, 4)).toContain('seg-001.ts');
    expect(renderPlaylist(playlist, 4)).not.toContain('seg-002.ts');
  });
});
