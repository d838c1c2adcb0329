/**
 * Text drawn on a fixed fill (the coins and VIP badges, the points cards, the check-in stamp: fills
 * that do not follow the brand colour) must read at 4.5:1 against every stop of its fill. axe leaves
 * text on a gradient unchecked ("incomplete"), so this test reads the stylesheets' rules that set
 * both a `color` and a `background` of hex colours, and computes each pair.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex } from '../lib/color-contrast.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

interface FilledText {
  where: string;
  text: string;
  fills: string[];
}

/** Rules with a hex `color` and a `background` whose colours are all hex (a plain fill or a gradient). */
function filledTexts(): FilledText[] {
  const found: FilledText[] = [];
  for (const file of stylesheets(SRC)) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const text = /(?:^|;)\s*color:\s*(#[0-9a-f]{3,6})\s*;/i.exec(body!)?.[1];
      const background = /(?:^|;)\s*background:\s*([^;]+);/i.exec(body!)?.[1];
      if (!text || !background || /var\(|color-mix|rgb/.test(background)) continue;
      const fills = background.match(/#[0-9a-f]{3,6}\b/gi) ?? [];
      if (fills.length > 0) found.push({ where: `${file.slice(SRC.length)} ${selector!.trim()}`, text, fills });
    }
  }
  return found;
}

describe('text on a fixed fill', () => {
  const texts = filledTexts();

  it('finds the badges it is about', () => {
    const places = texts.map((text) => text.where).join('\n');
    expect(places).toContain('.media-badge--coins');
    expect(places).toContain('.post-badge--priced');
    expect(places).toContain('.media-badge--vip');
  });

  it('reads at 4.5:1 against every stop of its fill', () => {
    const failing = texts.flatMap(({ where, text, fills }) =>
      fills
        .map((fill) => ({ fill, ratio: contrastRatio(parseHex(text), parseHex(fill)) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ fill, ratio }) => `${where}: ${text} on ${fill} is ${ratio.toFixed(2)}:1`),
    );
    expect(failing).toEqual([]);
  });
});
