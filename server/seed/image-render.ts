/**
 * Renders generated artwork to WebP files with sharp: the SVG is rasterised once at the largest
 * size, film grain (a fixed noise layer made with the seeded PRNG) is blended in, then each
 * requested size is encoded and written atomically.
 */
import sharp from 'sharp';
import { artSvg, type ArtSpec } from './art-svg.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { rngFor } from './prng.ts';

export interface ImageOutput {
  path: string;
  width: number;
  height: number;
}

const WEBP = { quality: 80, effort: 3 } as const;
const GRAIN_ALPHA = 34;
const grainCache = new Map<string, Buffer>();

/** Grey noise as RGBA with a low alpha, the same for every image of one size. */
function grain(width: number, height: number): Buffer {
  const cacheKey = `${width}x${height}`;
  let noise = grainCache.get(cacheKey);
  if (!noise) {
    const rng = rngFor(`grain:${cacheKey}`);
    noise = Buffer.alloc(width * height * 4);
    for (let i = 0; i < noise.length; i += 4) {
      const grey = Math.round((rng.next() + rng.next() + rng.next()) * 85);
      noise[i] = noise[i + 1] = noise[i + 2] = grey;
      noise[i + 3] = GRAIN_ALPHA;
    }
    grainCache.set(cacheKey, noise);
  }
  return noise;
}

/** Renders `spec` and writes one WebP per output (outputs keep the spec's aspect ratio). */
export async function renderImage(spec: ArtSpec, outputs: readonly ImageOutput[]): Promise<void> {
  const { width, height } = spec;
  const { data, info } = await sharp(Buffer.from(artSvg(spec)))
    .composite([{ input: grain(width, height), raw: { width, height, channels: 4 }, blend: 'overlay' }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const output of outputs) {
    let pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (output.width !== info.width || output.height !== info.height) {
      pipeline = pipeline.resize(output.width, output.height, { kernel: 'lanczos3' });
    }
    await writeFileAtomic(output.path, await pipeline.webp(WEBP).toBuffer());
  }
}
