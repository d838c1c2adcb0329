import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Md5 } from './md5.ts';

const reference = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('incremental MD5', () => {
  it('matches the RFC 1321 test suite', () => {
    const cases: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [text, hex] of cases) expect(new Md5().update(new TextEncoder().encode(text)).digest()).toBe(hex);
  });

  it('gives the same digest however the bytes are split, at every padding boundary', () => {
    for (const size of [55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const data = randomBytes(size);
      const md5 = new Md5();
      for (let at = 0; at < size; ) {
        const piece = 1 + ((at * 7919) % 97);
        md5.update(data.subarray(at, at + piece));
        at += piece;
      }
      expect(md5.digest(), `size ${size}`).toBe(reference(data));
    }
  });

  it('hashes megabytes in big pieces', () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const md5 = new Md5();
    for (let at = 0; at < data.length; at += 1024 * 1024) md5.update(data.subarray(at, at + 1024 * 1024));
    expect(md5.digest()).toBe(reference(data));
  });
});
