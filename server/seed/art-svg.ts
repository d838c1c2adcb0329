/**
 * One piece of generated artwork as an SVG document: a scene chosen by mood, a vignette and, for
 * posters, a darker bottom third where the client lays the title. The same seed, mood and size
 * always give the same SVG. Film grain is added after rendering (image-render.ts): far cheaper
 * than an feTurbulence filter.
 */
import { MOODS, PALETTES } from './art-palettes.ts';
import { SCENES, type SceneName } from './art-scenes.ts';
import { rngFor } from './prng.ts';
import type { Mood } from './words-movies.ts';

export interface ArtSpec {
  /** Stable label of the piece ("poster-12"): the seed of its randomness. */
  seed: string;
  mood: Mood;
  width: number;
  height: number;
  /** Darken the bottom third (posters and covers that carry a title overlay). */
  fadeBottom?: boolean;
  /** Force a scene instead of the mood's choice. */
  scene?: SceneName;
}

/** The scenes that suit each mood, most likely first. */
const SCENES_BY_MOOD: Readonly<Record<Mood, readonly SceneName[]>> = {
  fierce: ['rays', 'city', 'horizon'],
  bright: ['bauhaus', 'waves', 'bokeh'],
  warm: ['bokeh', 'horizon', 'waves'],
  cool: ['city', 'horizon', 'rays'],
  dark: ['city', 'horizon', 'rays'],
  eerie: ['horizon', 'bokeh', 'city'],
  playful: ['bauhaus', 'waves', 'bokeh'],
  calm: ['waves', 'horizon', 'bauhaus'],
  earthy: ['horizon', 'waves', 'rays'],
};

export const randomMood = (seed: string): Mood => rngFor(`mood:${seed}`).pick(MOODS);

export function artSvg(spec: ArtSpec): string {
  const { width: w, height: h } = spec;
  const rng = rngFor(`art:${spec.seed}`);
  const [first, second, third] = SCENES_BY_MOOD[spec.mood];
  const sceneName =
    spec.scene ??
    rng.weighted<SceneName>([
      [first!, 5],
      [second!, 3],
      [third!, 2],
    ]);
  const palette = rng.pick(PALETTES[spec.mood]);
  const scene = SCENES[sceneName]({ w, h, rng, p: palette });
  const vignette =
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>`;
  const fade =
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="${palette[0]}" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="${palette[0]}" stop-opacity="0.85"/></linearGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${scene.defs}${vignette}${spec.fadeBottom ? fade : ''}</defs>` +
    scene.body +
    (spec.fadeBottom ? `<rect width="${w}" height="${h}" fill="url(#fade)"/>` : '') +
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/>` +
    `</svg>`
  );
}
