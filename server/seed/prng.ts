/**
 * Deterministic randomness for the demo data: mulberry32 seeded from a fixed number and a label, so
 * every part of the seed (movies, topics, art, ...) draws from its own stream. Adding draws to one
 * part never shifts the values of another, which keeps ids, titles and links stable across edits.
 */

/** FNV-1a of a label, mixed into the base seed. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Log-uniform integer in [min, max]: as many values in 100-1000 as in 1000-10000. */
  logInt(min: number, max: number): number {
    return Math.round(Math.exp(this.float(Math.log(min), Math.log(max))));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items (all of them when count ≥ length), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** One of the items, chosen with the given weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }

  /** A new independent stream for a sub-part ("movie-42"). */
  fork(label: string): Rng {
    return new Rng(hashLabel(`${this.state}:${label}`));
  }
}

/** The fixed seed of the demo data: change it and every generated value changes. */
export const DEMO_SEED = 20_261_101;

/** The stream of one part of the demo data. */
export const rngFor = (label: string, seed: number = DEMO_SEED): Rng => new Rng(seed ^ hashLabel(label));
