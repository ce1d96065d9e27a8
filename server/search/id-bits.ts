/** Which ids are in a set, for the question "is this id in it?" asked per search match. */
export interface IdLookup {
  has(id: number): boolean;
  /** Memory it holds, for the cache's byte bound. */
  readonly bytes: number;
}

/** Above this id a bitmap would outgrow a Set (16 MB for ids up to 2^27). */
const MAX_BIT_ID = 2 ** 27;

/**
 * Product ids as one bit each: they are small dense integers (SQLite row ids), so 100,000 listed
 * products take 12.5 KB, where a Set<number> took ~2.6 MB of the heap that RSS figure counts.
 * Ids past MAX_BIT_ID (never made by the shop itself) fall back to a Set.
 */
export function idLookup(ids: readonly number[]): IdLookup {
  let max = 0;
  let whole = true;
  for (const id of ids) {
    if (id > max) max = id;
    whole &&= Number.isInteger(id) && id >= 0;
  }
  if (max >= MAX_BIT_ID || !whole) {
    const set = new Set(ids);
    return { has: (id) => set.has(id), bytes: 64 + set.size * 40 };
  }
  const bits = new Uint32Array((max >>> 5) + 1);
  for (const id of ids) bits[id >>> 5] |= 1 << (id & 31);
  const end = bits.length * 32;
  // Bounds first: `>>>` wraps ids past 2^32 onto small ones.
  return { has: (id) => Number.isInteger(id) && id >= 0 && id < end && (bits[id >>> 5] & (1 << (id & 31))) !== 0, bytes: 64 + bits.byteLength };
}
