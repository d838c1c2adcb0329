/**
 * The built-in icon set of GET /api/icons: each shape wrapped as a 24×24 stroked drawing, looked up
 * by its own name or an alias.
 */
import { ICON_ALIASES } from './aliases.ts';
import { GENERAL_SHAPES } from './shapes-general.ts';
import { MEDIA_SHAPES } from './shapes-media.ts';

export interface IconData {
  body: string;
  width: number;
  height: number;
}

const SHAPES: Readonly<Record<string, string>> = { ...MEDIA_SHAPES, ...GENERAL_SHAPES };

const wrap = (shape: string): string =>
  `<g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shape}</g>`;

/** The icon of a name or alias, or null. */
export function findIcon(name: string): IconData | null {
  const shape = Object.hasOwn(SHAPES, name)
    ? SHAPES[name]
    : Object.hasOwn(ICON_ALIASES, name)
      ? SHAPES[ICON_ALIASES[name]!]
      : undefined;
  return shape ? { body: wrap(shape), width: 24, height: 24 } : null;
}

/** Every name of the set itself (not the aliases). */
export const ICON_NAMES: readonly string[] = Object.keys(SHAPES);
