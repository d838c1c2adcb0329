import { describe, expect, it } from 'vitest';
import { ICON_MAX_URL_LENGTH, iconBatches } from './icon-loader.ts';

describe('icon request batching', () => {
  it('puts a few names in one request, de-duplicated, in order', () => {
    expect(iconBatches(['film', 'mdi:forum', 'film'])).toEqual([
      { url: '/api/icons?icons=film,mdi%3Aforum', names: ['film', 'mdi:forum'] },
    ]);
  });

  it(`splits so that no URL is longer than ${ICON_MAX_URL_LENGTH} characters, losing no name`, () => {
    const names = Array.from({ length: 120 }, (_, i) => `mdi:some-long-icon-name-${i}`);
    const batches = iconBatches(names);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.url.length).toBeLessThanOrEqual(ICON_MAX_URL_LENGTH);
    expect(batches.flatMap((batch) => batch.names)).toEqual(names);
    // each batch is full: adding the next batch's first name would pass the limit
    for (let i = 0; i < batches.length - 1; i++) {
      expect(batches[i]!.url.length + 1 + encodeURIComponent(batches[i + 1]!.names[0]!).length).toBeGreaterThan(
        ICON_MAX_URL_LENGTH,
      );
    }
  });

  it('fills a URL up to exactly the limit', () => {
    const batches = iconBatches(['aaaa', 'bbbb', 'cccc'], '/i', '/i?icons=aaaa,bbbb'.length);
    expect(batches.map((batch) => batch.url)).toEqual(['/i?icons=aaaa,bbbb', '/i?icons=cccc']);
  });

  it('skips a name that cannot fit any URL', () => {
    expect(iconBatches(['x'.repeat(600), 'film'])).toEqual([{ url: '/api/icons?icons=film', names: ['film'] }]);
  });
});
