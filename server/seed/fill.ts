/**
 * Fills word-list templates: `{slot}` takes a random entry of the slot's list, the same entry every
 * time it appears in one template ("{hero}…{hero}" names one person); `{slot#2}` is a second,
 * independent draw from the same list. Entries may contain slots themselves (nested up to 4 deep).
 * Pass one `chosen` map to several calls to keep their choices shared (a title and its body).
 */
import type { Rng } from './prng.ts';

export type Slots = Readonly<Record<string, readonly string[]>>;

const SLOT = /\{([a-zA-Z]+)(#\d+)?\}/g;

export function fill(rng: Rng, template: string, slots: Slots, chosen = new Map<string, string>(), depth = 0): string {
  return template.replace(SLOT, (match, name: string, variant: string | undefined) => {
    const list = slots[name];
    if (!list) throw new Error(`template slot {${name}} has no word list: ${template}`);
    const memoKey = name + (variant ?? '');
    let value = chosen.get(memoKey);
    if (value === undefined) {
      value = rng.pick(list);
      if (depth < 4 && value.includes('{')) value = fill(rng, value, slots, new Map(), depth + 1);
      chosen.set(memoKey, value);
    }
    return value;
  });
}

/** Draws from `make` until it yields a value not in `taken` (then records it); gives up after 200 tries. */
export function unique(taken: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = make();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
  throw new Error('word lists too small for the number of unique values asked for');
}

/** Paragraphs joined the way post bodies store them: blank-line separated plain text. */
export const paragraphs = (parts: readonly string[]): string => parts.join('\n\n');

/** The opening of a text, cut at a sentence end near `max` characters. */
export function summaryOf(text: string, max = 80): string {
  const flat = text
    .replace(/\s*\n\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('！'), cut.lastIndexOf('？'));
  return end >= max / 2 ? cut.slice(0, end + 1) : `${cut}…`;
}
