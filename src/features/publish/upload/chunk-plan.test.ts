import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_BYTES, MAX_CHUNKS, VIDEO_MAX_BYTES } from '../../../../contract/calls/publish-limits.ts';
import {
  chooseChunkSize,
  chunkCountOf,
  chunkRange,
  DEFAULT_CHUNK_BYTES,
  uploadMimeOf,
  withinLimit,
} from './chunk-plan.ts';
import { TransferMeter } from './transfer-meter.ts';

describe('chunk plan', () => {
  it('uses 2 MiB chunks, larger ones only to stay within the chunk count cap', () => {
    expect(chooseChunkSize(30 * 1024 * 1024)).toBe(DEFAULT_CHUNK_BYTES);
    const big = chooseChunkSize(VIDEO_MAX_BYTES);
    expect(big).toBeLessThanOrEqual(CHUNK_MAX_BYTES);
    expect(chunkCountOf(VIDEO_MAX_BYTES, big)).toBeLessThanOrEqual(MAX_CHUNKS);
    expect(big % (1024 * 1024)).toBe(0);
  });

  it('cuts a file into ranges, the last one short', () => {
    expect(chunkCountOf(5, 2)).toBe(3);
    expect([0, 1, 2].map((i) => chunkRange(i, 2, 5))).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
  });

  it('knows a file by its type, or by its extension when the browser gives none', () => {
    expect(uploadMimeOf({ name: 'a.MOV', type: '' })).toBe('video/quicktime');
    expect(uploadMimeOf({ name: 'a.mkv', type: 'application/octet-stream' })).toBe('video/x-matroska');
    expect(uploadMimeOf({ name: 'a.mp4', type: 'video/mp4' })).toBe('video/mp4');
    expect(uploadMimeOf({ name: 'a.mp4', type: 'text/html' })).toBeNull();
    expect(uploadMimeOf({ name: 'a.exe', type: '' })).toBeNull();
    expect(withinLimit('video/mp4', VIDEO_MAX_BYTES)).toBe(true);
    expect(withinLimit('video/mp4', VIDEO_MAX_BYTES + 1)).toBe(false);
    expect(withinLimit('image/png', 11 * 1024 * 1024)).toBe(false);
  });
});

describe('transfer meter', () => {
  it('measures the speed over the last seconds and the time left', () => {
    const meter = new TransferMeter();
    expect(meter.speed(0)).toBe(0);
    expect(meter.secondsLeft(100, 0)).toBeNull();
    meter.add(1_000_000, 1_000);
    meter.add(1_000_000, 2_000);
    meter.add(1_000_000, 3_000);
    expect(meter.speed(3_000)).toBe(1_500_000); // 3 MB over the 2 s since the first sample
    expect(meter.secondsLeft(3_000_000, 3_000)).toBe(2);
    expect(meter.speed(20_000)).toBe(0); // nothing in the last 5 s
    meter.reset();
    expect(meter.speed(3_000)).toBe(0);
  });
});
