/**
 * A seeded PRNG (mulberry32) so the demo shop is the same on every machine: the same product count
 * gives byte-identical rows. Each part of the seed draws from its own labelled stream, so the
 * category tree and the guides do not shift when the number of products changes.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  /** A new array in random order (Fisher–Yates); the input is left as it was. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
}

const BASE_SEED = 0x0b0c_0d00;

/** A stream of its own for one part of the seed, e.g. rng('categories'). */
export function rng(label: string): Rng {
  // FNV-1a over the label, mixed with the base seed.
  let h = 0x811c9dc5 ^ BASE_SEED;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return new Rng(h);
}

/** Fixed clock for seeded timestamps (1 October 2026, UTC); the seed never reads the real time. */
export const SEED_BASE_TIME = Date.UTC(2026, 9, 1);
export const MINUTE = 60_000;
export const DAY = 86_400_000;
