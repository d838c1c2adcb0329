/**
 * Colour palettes for the generated artwork, grouped by mood (a movie's genre picks its mood).
 * Each palette runs from the deepest background tone to the lightest highlight:
 * [bgDeep, bgMid, accent, accent2, light].
 */
import type { Mood } from './words-movies.ts';

export type Palette = readonly [bgDeep: string, bgMid: string, accent: string, accent2: string, light: string];

export const PALETTES: Readonly<Record<Mood, readonly Palette[]>> = {
  fierce: [
    ['#12040a', '#5c0a14', '#ff4d1a', '#ffb347', '#fff3e0'],
    ['#0d0d0d', '#3a1c0a', '#e63946', '#f4a261', '#f1faee'],
    ['#0b0f1a', '#1d3557', '#e63946', '#ffb703', '#f1faee'],
  ],
  bright: [
    ['#3a86ff', '#8ecae6', '#ffbe0b', '#fb5607', '#ffffff'],
    ['#06d6a0', '#a0e7e5', '#ffd166', '#ef476f', '#fffcf2'],
    ['#5e60ce', '#48bfe3', '#ffafcc', '#ffd60a', '#ffffff'],
  ],
  warm: [
    ['#2d1b2e', '#b33f62', '#f9564f', '#f3c677', '#fff1e6'],
    ['#3d1e3d', '#9d4edd', '#ff8fab', '#ffc2d1', '#fff0f3'],
    ['#4a1942', '#c3423f', '#f6ae2d', '#f9dbbd', '#fffaf0'],
  ],
  cool: [
    ['#03071e', '#0b1d51', '#00b4d8', '#90e0ef', '#caf0f8'],
    ['#10002b', '#3c096c', '#7b2cbf', '#4cc9f0', '#e0aaff'],
    ['#001219', '#005f73', '#0a9396', '#94d2bd', '#e9d8a6'],
  ],
  dark: [
    ['#0b0c10', '#1f2833', '#45a29e', '#66fcf1', '#c5c6c7'],
    ['#0d0d12', '#2e2e38', '#ef233c', '#8d99ae', '#edf2f4'],
    ['#0a0908', '#22333b', '#c6ac8f', '#eae0d5', '#f5f3f0'],
  ],
  eerie: [
    ['#050a05', '#1b2b1b', '#6b8f71', '#a4c3a2', '#d0e6a5'],
    ['#0f0a0a', '#3d0c11', '#9e2a2b', '#e09f3e', '#fff3b0'],
    ['#07070f', '#1a1a2e', '#5f0f40', '#9a031e', '#e0e1dd'],
  ],
  playful: [
    ['#ff9f1c', '#ffbf69', '#2ec4b6', '#e71d36', '#ffffff'],
    ['#7209b7', '#f72585', '#4cc9f0', '#ffd60a', '#ffffff'],
    ['#fb8500', '#ffb703', '#219ebc', '#8ecae6', '#fffdf7'],
  ],
  calm: [
    ['#2f3e46', '#52796f', '#84a98c', '#cad2c5', '#f1faee'],
    ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f', '#f4f1de'],
    ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ],
  earthy: [
    ['#283618', '#606c38', '#dda15e', '#bc6c25', '#fefae0'],
    ['#3e2723', '#6d4c41', '#d7a86e', '#ffe0b2', '#fff8e1'],
    ['#1b263b', '#415a77', '#b08968', '#e6ccb2', '#ede0d4'],
  ],
};

export const MOODS = Object.keys(PALETTES) as Mood[];

/** Mixes two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  let out = '#';
  for (let i = 0; i < 3; i++) {
    const value = Math.round(channel(a, i) * (1 - t) + channel(b, i) * t);
    out += value.toString(16).padStart(2, '0');
  }
  return out;
}
