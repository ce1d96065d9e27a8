import { LRUCache } from 'lru-cache';

/**
 * An in-process cache of something built from the catalogue (docs/decisions/213): lru-cache bounded
 * by bytes, with the catalogue version in every key. A value built before a catalogue change is
 * never found again and ages out as new ones come in, so nothing is ever invalidated by hand.
 * `sizeOf` estimates a value's bytes (strings count two bytes a character).
 */
export class CatalogueCache<V extends {}> {
  private readonly lru: LRUCache<string, V>;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.lru = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, Math.ceil(sizeOf(value))) });
  }

  /** The value of `key` at catalogue `version`, built (and kept) when missing. */
  get(version: number, key: string, build: () => V): V {
    const versioned = `${version}|${key}`;
    let value = this.lru.get(versioned);
    if (value === undefined) {
      value = build();
      this.lru.set(versioned, value);
    }
    return value;
  }

  /** The value of `key` at `version` if kept (no building). */
  peek(version: number, key: string): V | undefined {
    return this.lru.get(`${version}|${key}`);
  }

  set(version: number, key: string, value: V): void {
    this.lru.set(`${version}|${key}`, value);
  }

  /** Bytes held (estimated), for the benchmark's memory figures and tests. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }
}

/** A string's bytes in memory (at most two a character). */
export const stringBytes = (text: string) => text.length * 2;

