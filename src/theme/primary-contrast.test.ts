/**
 * Text on a primary fill (buttons, active chips, badges) must read at 4.5:1 in both colour modes,
 * whatever brand colour an operator sets. The rules are theme.css's own: this test reads the
 * declarations of --color-primary, --color-primary-end and --color-primary-contrast per mode from
 * the stylesheet and computes the colours they give for a sweep of brand colours.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, oklchToRgb, parseHex, rgbToOklch, toHex, type Rgb } from '../lib/color-contrast.ts';

const THEME_CSS = readFileSync(new URL('../styles/theme.css', import.meta.url), 'utf8');

type Mode = 'light' | 'dark';

/** The custom properties of <html data-theme=mode>, in cascade order (`:root` first, then the mode's own). */
function declarations(mode: Mode): Map<string, string> {
  const css = THEME_CSS.replace(/\/\*[\s\S]*?\*\//g, '');
  const plain: [string, string][] = [];
  const own: [string, string][] = [];
  for (const [, selectorText, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = selectorText!.split(',').map((selector) => selector.trim());
    const target = selectors.includes(`:root[data-theme='${mode}']`) ? own : selectors.includes(':root') ? plain : null;
    if (!target) continue;
    for (const [, name, value] of body!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) target.push([name!, value!.trim()]);
  }
  return new Map([...plain, ...own]);
}

/** A colour of theme.css: a hex value, another of its properties, or a relative OKLCH colour of the brand (`oklch(from var(--color-brand) …)`). */
function resolve(value: string, brand: string, rules: Map<string, string>): Rgb {
  if (value.startsWith('#')) return parseHex(value);
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (variable === '--color-brand') return parseHex(brand);
  if (variable) return resolve(rules.get(variable) ?? '', brand, rules);
  const relative = /^oklch\(from var\(--color-brand\) (.+) c (h|calc\(h \+ (\d+)\))\)$/.exec(value);
  if (!relative) throw new Error(`theme.css: cannot compute "${value}"`);
  const [l, c, h] = rgbToOklch(parseHex(brand));
  const bound = /^(min|max)\(l, ([\d.]+)\)$/.exec(relative[1]!);
  const lightness = relative[1] === 'l' ? l : bound ? Math[bound[1] as 'min' | 'max'](l, Number(bound[2])) : NaN;
  if (Number.isNaN(lightness)) throw new Error(`theme.css: cannot compute the lightness "${relative[1]}"`);
  return oklchToRgb([lightness, c, h + Number(relative[3] ?? 0)]);
}

/** The contrast of the text on each colour of the primary fill (its gradient's two ends). */
function fillContrasts(mode: Mode, brand: string): { fill: string; ratio: number }[] {
  const rules = declarations(mode);
  const text = resolve(rules.get('--color-primary-contrast') ?? '', brand, rules);
  const fills = ['--color-primary', '--color-primary-end'].filter((name) => rules.has(name));
  return fills.map((name) => {
    const fill = resolve(rules.get(name)!, brand, rules);
    return { fill: `${name} ${toHex(fill)}`, ratio: contrastRatio(fill, text) };
  });
}

const BRANDS = [
  '#ff4f6d',
  '#ff6a00',
  '#fb7299',
  '#00a1d6',
  '#1d4ed8',
  '#16a34a',
  '#00ff00',
  '#ffd400',
  '#7c3aed',
  '#000000',
  '#ffffff',
];

describe('text on a primary fill', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`reads at 4.5:1 or more for every brand colour, ${mode}`, () => {
      for (const brand of BRANDS)
        for (const { fill, ratio } of fillContrasts(mode, brand))
          expect(ratio, `${mode} ${brand}: ${fill}`).toBeGreaterThanOrEqual(4.5);
    });

    it(`reads at 4.5:1 or more across the sRGB cube, ${mode}`, () => {
      let worst = { brand: '', fill: '', ratio: Infinity };
      const steps = [0, 51, 102, 153, 204, 255];
      for (const r of steps)
        for (const g of steps)
          for (const b of steps) {
            const brand = toHex([r / 255, g / 255, b / 255]);
            for (const { fill, ratio } of fillContrasts(mode, brand))
              if (ratio < worst.ratio) worst = { brand, fill, ratio };
          }
      expect(worst.ratio, `${mode}: the brand ${worst.brand} gives ${worst.fill}`).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('the demo brand in dark mode: a light primary under dark text', () => {
    const [primary] = fillContrasts('dark', '#ff4f6d');
    expect(primary!.ratio).toBeGreaterThan(5);
  });
});
