import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob } from './md5-worker.ts';

const reference = (data: Uint8Array) => createHash('md5').update(data).digest('hex');
const hash = (data: Uint8Array, pieceBytes: number, progress: number[] = []) =>
  hashBlob(new Blob([new Uint8Array(data)]), pieceBytes, (bytes) => progress.push(bytes));

describe('the upload hash (crypto-js MD5, a piece at a time)', () => {
  it('matches the RFC 1321 test suite', async () => {
    const cases: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      [
        '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
        '57edf4a22be3c955ac49da2e2107b67a',
      ],
    ];
    for (const [text, hex] of cases) expect(await hash(new TextEncoder().encode(text), 7)).toBe(hex);
  });

  it('gives the same digest however the file is cut into pieces, at every padding boundary', async () => {
    for (const size of [55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const data = randomBytes(size);
      // Tiny pieces only where they stay few: a 100 kB file in 1-byte pieces is 100,000 updates.
      for (const pieceBytes of [1, 3, 63, 64, 65, 4096].filter((bytes) => size / bytes <= 20_000)) {
        expect(await hash(data, pieceBytes), `size ${size}, pieces of ${pieceBytes}`).toBe(reference(data));
      }
    }
  });

  it('hashes megabytes in big pieces and reports the bytes done after each', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const progress: number[] = [];
    expect(await hash(data, 1024 * 1024, progress)).toBe(reference(data));
    expect(progress).toEqual([1024 * 1024, 2 * 1024 * 1024, 3 * 1024 * 1024, data.length]);
  });
});
