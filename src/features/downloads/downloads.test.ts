import { describe, expect, it } from 'vitest';
import { daysLeft, formatBytes } from './download-format.ts';
import { localPlaylist, segmentUris } from './download-manager.ts';
import { rungFor } from './download-sheet.tsx';

const REMOTE = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.000000,
seg-000.ts
#EXTINF:4.000000,
seg-001.ts
#EXTINF:1.500000,
seg-002.ts
#EXT-X-ENDLIST
`;

describe('downloads', () => {
  it('rewrites a rung playlist to the local segment URLs, keeping its tags and ending the VOD once', () => {
    expect(segmentUris(REMOTE)).toEqual(['seg-000.ts', 'seg-001.ts', 'seg-002.ts']);
    const local = localPlaylist(REMOTE, 12, 3);
    expect(segmentUris(local)).toEqual([
      '/offline/12/3/seg-000.ts',
      '/offline/12/3/seg-001.ts',
      '/offline/12/3/seg-002.ts',
    ]);
    expect(local).toContain('#EXTINF:1.500000,\n/offline/12/3/seg-002.ts\n#EXT-X-ENDLIST\n');
    expect(local.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
    expect(local.startsWith('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n')).toBe(true);
  });

  it('formats sizes and the days left', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    const now = Date.UTC(2026, 0, 1);
    expect(daysLeft(now + 7 * 86_400_000, now)).toBe(7);
    expect(daysLeft(now + 3_600_000, now)).toBe(1);
    expect(daysLeft(now - 1, now)).toBe(0);
  });

  it('picks the rung nearest the chosen quality from below', () => {
    expect(rungFor([360, 720], 720)).toBe(720);
    expect(rungFor([360, 720], 1080)).toBe(720);
    expect(rungFor([360], 720)).toBe(360);
    expect(rungFor([720, 1080], 360)).toBe(720);
    expect(rungFor([0], 720)).toBe(0);
  });
});
