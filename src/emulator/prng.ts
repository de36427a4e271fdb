/**
 * Seeded randomness. Dataset decisions use `hashUnit` keyed by the things they concern (brand,
 * country, year...) rather than a sequential stream, so one decision never shifts another.
 */

/** A 32-bit integer mix of up to four integers (a murmur3-style finaliser). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = Math.imul(a ^ 0x5bd1e995, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15) ^ b, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 13) ^ c, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16) ^ d, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** A number in [0, 1) from the same inputs as `hash32`. */
export function hashUnit(a: number, b = 0, c = 0, d = 0): number {
  return hash32(a, b, c, d) / 4294967296;
}

/** A sequential generator (mulberry32) for streams of choices within one generator function. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = hash32(seed) || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items, in the order they appear in `items`. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((x, y) => x - y).map((i) => items[i]);
  }
}
