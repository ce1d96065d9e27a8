import { LRUCache } from 'lru-cache';

/**
 * What lru-cache holds per entry besides its key and value (its map slot and list places): 130 bytes
 * on Node 20, measured with 100,000 entries; a kept search that found nothing is mostly this.
 */
const ENTRY_BYTES = 130;

/**
 * An in-process cache of something built from the catalogue (docs/decisions/213): lru-cache bounded
 * by bytes (`sizeOf` estimates a value's), the catalogue version in every key, so a value built
 * before a change is never found again and ages out: nothing is invalidated by hand.
 */
export class CatalogueCache<V extends {}> {
  private readonly lru: LRUCache<string, V>;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.lru = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value, key) => Math.ceil(sizeOf(value)) + ENTRY_BYTES + stringBytes(key) });
  }

  /** The value of `key` at catalogue `version`, built when missing and kept unless `keep` says no. */
  get(version: number, key: string, build: () => V, keep?: (value: V) => boolean): V {
    const versioned = `${version}|${key}`;
    let value = this.lru.get(versioned);
    if (value !== undefined) return value;
    value = build();
    if (!keep || keep(value)) this.lru.set(versioned, value);
    return value;
  }

  /** The values of `ids` in that order; `build` makes the missing ones at once (by id), kept when `keep`; ids it makes nothing for are left out. */
  many(version: number, scope: string, ids: readonly number[], build: (missing: number[]) => Map<number, V>, keep = true): V[] {
    const found = ids.map((id) => this.lru.get(`${version}|${scope}|${id}`));
    const missing = ids.filter((_, i) => found[i] === undefined);
    const made = missing.length > 0 ? build(missing) : new Map<number, V>();
    if (keep) for (const [id, value] of made) this.lru.set(`${version}|${scope}|${id}`, value);
    return ids.map((id, i) => found[i] ?? made.get(id)).filter((value): value is V => value !== undefined);
  }
}

/** A string's bytes in memory (at most two a character). */
export const stringBytes = (text: string) => text.length * 2;
