/**
 * Theme colours of docs/spec.md section 3 as CSS variables on <html>: the primary and gray colours and the
 * named palette theme, sub, text, sub-text and match (--color-theme ...). The light and dark
 * defaults live in src/styles/theme.css; these helpers override them at runtime (a site's brand
 * colour). docs/spec.md section 8: an unknown colour name only logs a warning.
 */

export const PALETTE_NAMES = ['primary', 'gray', 'theme', 'sub', 'text', 'sub-text', 'match'] as const;
export type PaletteName = (typeof PALETTE_NAMES)[number];

export const DEFAULT_PRIMARY_COLOR = '#ff4f6d';

export const isPaletteName = (name: string): name is PaletteName => (PALETTE_NAMES as readonly string[]).includes(name);

/** `var(--color-<name>)` for inline styles; an unknown name warns and falls back to the text colour. */
export function colorVar(name: string): string {
  if (isPaletteName(name)) return `var(--color-${name})`;
  console.warn(`[theme] unknown colour "${name}"; known: ${PALETTE_NAMES.join(', ')}`);
  return 'var(--color-text)';
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Overrides one palette colour for both modes; unknown names and values that are not hex colours are ignored with a warning. */
export function setPaletteColor(name: string, value: string): void {
  if (!isPaletteName(name)) {
    console.warn(`[theme] unknown colour "${name}"; known: ${PALETTE_NAMES.join(', ')}`);
    return;
  }
  if (!HEX_COLOR.test(value)) {
    console.warn(`[theme] "${value}" is not a hex colour for "${name}"`);
    return;
  }
  // The primary is the site's brand colour: theme.css derives from it a primary readable as text in
  // each mode (--color-primary), so the brand goes to --color-brand.
  const property = name === 'primary' ? '--color-brand' : `--color-${name}`;
  if (typeof document !== 'undefined') document.documentElement.style.setProperty(property, value);
}
