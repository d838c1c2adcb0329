/**
 * Incremental MD5 (RFC 1321) over bytes: feed a file piece by piece with update() and read the hex
 * digest at the end, so a 2 GiB video is hashed in a worker without ever being in memory whole
 * (md5-worker.ts). The file id of the chunk calls is this digest.
 */

/** Per-step shift amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** K[i] = floor(abs(sin(i + 1)) * 2^32). */
const K = Int32Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);
/** Which message word step i reads. */
const WORD = Uint8Array.from({ length: 64 }, (_, i) => (i < 16 ? i : i < 32 ? (5 * i + 1) % 16 : i < 48 ? (3 * i + 5) % 16 : (7 * i) % 16));

export class Md5 {
  private readonly state = Int32Array.of(0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476);
  private readonly block = new Uint8Array(64);
  private readonly words = new Int32Array(16);
  private buffered = 0;
  private bytes = 0;

  update(data: Uint8Array): this {
    let offset = 0;
    this.bytes += data.length;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.block.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.compress(this.block, 0);
      this.buffered = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset);
    this.block.set(data.subarray(offset), 0);
    this.buffered = data.length - offset;
    return this;
  }

  /** The lowercase hex digest; the hash cannot be updated afterwards. */
  digest(): string {
    const bits = this.bytes * 8;
    const padding = new Uint8Array((this.buffered < 56 ? 56 : 120) - this.buffered + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, bits >>> 0, true);
    view.setUint32(padding.length - 4, Math.floor(bits / 2 ** 32), true);
    this.update(padding);
    let hex = '';
    for (const word of this.state) {
      for (let byte = 0; byte < 4; byte++) hex += ((word >>> (8 * byte)) & 0xff).toString(16).padStart(2, '0');
    }
    return hex;
  }

  private compress(data: Uint8Array, offset: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24);
    }
    let [a, b, c, d] = this.state as unknown as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const f = i < 16 ? (b & c) | (~b & d) : i < 32 ? (d & b) | (~d & c) : i < 48 ? b ^ c ^ d : c ^ (b | ~d);
      const sum = (a + f + K[i]! + w[WORD[i]!]!) | 0;
      const shift = SHIFTS[(i >> 4) * 4 + (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    this.state[0]! += a;
    this.state[1]! += b;
    this.state[2]! += c;
    this.state[3]! += d;
  }
}
