/**
 * Renders the app icons in public/ from one SVG mark: 192, 512, 512 maskable (content inside the
 * 80 % safe zone, full-bleed background), 180 apple-touch-icon, the SVG favicon and its rounded mark
 * as PNGs: 32 px, the favicon each page carries inline (vite.config.ts), and 96 px, the top bar's
 * logo. PNG, not SVG, in a page: Chromium draws an SVG image in an SVG document of its own, made on
 * the page's main thread (a task of about 50 ms on the first, four times that on a slow phone).
 * Run with `npx tsx scripts/make-icons.ts`; the outputs are committed.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const BRAND = { from: '#ff4f6d', to: '#ff8a3d', ink: '#ffffff' };

/** The mark: a play triangle over a film-strip ring, drawn in a 100x100 box. */
function mark(scale: number): string {
  const s = (n: number) => (50 + (n - 50) * scale).toFixed(2);
  return `
    <circle cx="50" cy="50" r="${(30 * scale).toFixed(2)}" fill="none" stroke="${BRAND.ink}" stroke-width="${(6 * scale).toFixed(2)}" stroke-opacity="0.9"/>
    <path d="M${s(43)} ${s(37)} L${s(65)} ${s(50)} L${s(43)} ${s(63)} Z" fill="${BRAND.ink}"/>`;
}

function iconSvg({ rounded, scale }: { rounded: boolean; scale: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${BRAND.from}"/><stop offset="1" stop-color="${BRAND.to}"/>
  </linearGradient></defs>
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="url(#g)"/>${mark(scale)}
</svg>`;
}

async function png(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 * (size / 100) * 1.2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}

const full = iconSvg({ rounded: false, scale: 1.15 });
await png(full, 192, 'public/icons/icon-192.png');
await png(full, 512, 'public/icons/icon-512.png');
await png(iconSvg({ rounded: false, scale: 0.9 }), 512, 'public/icons/icon-512-maskable.png');
await png(full, 180, 'public/icons/apple-touch-icon.png');
const rounded = iconSvg({ rounded: true, scale: 1.1 });
writeFileSync('public/favicon.svg', rounded);
await png(rounded, 32, 'public/icons/favicon-32.png');
await png(rounded, 96, 'public/icons/logo-96.png');
console.log('icons written to public/');
