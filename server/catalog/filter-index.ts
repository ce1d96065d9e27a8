import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { cacheBytes } from './cache-budget';
import { CatalogueCache } from './catalog-cache';
import { LISTED_TOP_LEVEL } from './sellable';

/**
 * The listed products of one category subtree for one shop and price role, held in memory so a
 * filtered count or page is bit arithmetic instead of SQL (docs/decisions/170). Positions are the
 * list order (position, id), exactly as the SQL list sorts:
 * - `ids[i]`: the product at position i;
 * - `options`: per attribute option, a bitset of the positions whose product has it;
 * - `byPrice` / `sortedPrices`: positions ordered by the role's price, so a price range is a
 *   contiguous run found by binary search.
 * Built from the same WHERE as the SQL (LISTED_TOP_LEVEL, a price in the shop) and kept per
 * catalogue version (CatalogueCache).
 */
export interface ScopeIndex {
  ids: Int32Array;
  options: Map<number, Uint32Array>;
  byPrice: Int32Array;
  sortedPrices: Float64Array;
}

export interface IndexQuery {
  shopId: number;
  wholesale: boolean;
  categoryIds: number[];
}

/** Scopes kept per database, by bytes: a department at 100,000 products is ~0.7 MB. */
const MAX_BYTES = cacheBytes('filterIndex');
const LISTED = `FROM json_each(@scope) scope
  CROSS JOIN products p ON p.category_id = scope.value
  CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop
  WHERE ${LISTED_TOP_LEVEL}`;

interface Statements {
  products: Database.Statement;
  values: Database.Statement;
}

const prepared = new WeakMap<Db, Statements>();

function indexBytes(index: ScopeIndex): number {
  let bytes = index.ids.byteLength + index.byPrice.byteLength + index.sortedPrices.byteLength;
  for (const bits of index.options.values()) bytes += bits.byteLength + 64;
  return bytes;
}

const caches = perDatabase(() => new CatalogueCache<ScopeIndex>(MAX_BYTES, indexBytes));

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) {
    s = {
      products: db.$client
        .prepare(`SELECT p.id, CASE WHEN @b2b = 1 THEN pp.price_b2b ELSE pp.price_b2c END AS price ${LISTED} ORDER BY p.position, p.id`)
        .raw(),
      // Every value of every listed product; the option's bit is set at the product's position.
      values: db.$client
        .prepare(
          `SELECT v.product_id, v.option_id FROM json_each(@scope) scope
             CROSS JOIN products p ON p.category_id = scope.value
             CROSS JOIN product_attribute_values v ON v.product_id = p.id
            WHERE ${LISTED_TOP_LEVEL}`,
        )
        .raw(),
    };
    prepared.set(db, s);
  }
  return s;
}

function build(db: Db, q: IndexQuery): ScopeIndex {
  const s = statements(db);
  const params = { scope: JSON.stringify(q.categoryIds), shop: q.shopId, b2b: q.wholesale ? 1 : 0 };
  const rows = s.products.all(params) as [number, number][];
  const n = rows.length;
  const ids = new Int32Array(n);
  const prices = new Float64Array(n);
  const at = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    ids[i] = rows[i][0];
    prices[i] = rows[i][1];
    at.set(rows[i][0], i);
  }
  const words = (n + 31) >>> 5;
  const options = new Map<number, Uint32Array>();
  for (const [productId, optionId] of s.values.all({ scope: params.scope }) as [number, number][]) {
    const i = at.get(productId);
    // Not in `at`: no price in this shop, so not listed.
    if (i === undefined) continue;
    let bits = options.get(optionId);
    if (!bits) options.set(optionId, (bits = new Uint32Array(words)));
    bits[i >>> 5] |= 1 << (i & 31);
  }
  const byPrice = Int32Array.from(ids.keys()).sort((a, b) => prices[a] - prices[b] || a - b);
  const sortedPrices = Float64Array.from(byPrice, (i) => prices[i]);
  return { ids, options, byPrice, sortedPrices };
}

/** The index of a category subtree (categoryIds as the listing passes them) at catalogue `version`. */
export function scopeIndex(db: Db, version: number, q: IndexQuery): ScopeIndex {
  const key = `${q.shopId}|${q.wholesale ? 1 : 0}|${q.categoryIds.join(',')}`;
  return caches(db).get(version, key, () => build(db, q));
}

/** First index whose value is >= (or, with `after`, >) the bound. */
function bound(sorted: Float64Array, value: number, after: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value || (after && sorted[mid] === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The positions that match, as a bitset (null: every position), and how many there are.
 * Groups are AND across, OR within (the SQL's NOT EXISTS … NOT EXISTS); an option no listed
 * product has matches nothing. The price range is inclusive on both ends.
 */
export function matchScope(index: ScopeIndex, groups: number[][], price: [number, number] | null): { bits: Uint32Array | null; count: number } {
  const n = index.ids.length;
  if (groups.length === 0 && price === null) return { bits: null, count: n };
  const words = (n + 31) >>> 5;
  let bits: Uint32Array | null = null;
  if (price) {
    const from = bound(index.sortedPrices, price[0], false);
    const to = Math.max(from, bound(index.sortedPrices, price[1], true));
    if (groups.length === 0 && to - from === n) return { bits: null, count: n };
    bits = new Uint32Array(words);
    for (let k = from; k < to; k++) {
      const i = index.byPrice[k];
      bits[i >>> 5] |= 1 << (i & 31);
    }
    if (groups.length === 0) return { bits, count: to - from };
  }
  let any: Uint32Array | null = null;
  for (const group of groups) {
    if (any === null) any = new Uint32Array(words);
    else any.fill(0);
    for (const option of group) {
      const set = index.options.get(option);
      if (set) for (let w = 0; w < words; w++) any[w] |= set[w];
    }
    // The first group's union becomes the result itself; only a further group needs a new buffer.
    if (bits === null) {
      bits = any;
      any = null;
    } else for (let w = 0; w < words; w++) bits[w] &= any[w];
  }
  let count = 0;
  for (let w = 0; w < words; w++) if (bits![w] !== 0) count += popcount(bits![w]);
  return { bits, count };
}

/** The ids at matching positions `offset` … `offset + limit - 1`, in list order. */
export function pageOf(index: ScopeIndex, bits: Uint32Array | null, offset: number, limit: number): number[] {
  if (bits === null) return Array.from(index.ids.subarray(offset, offset + limit));
  const out: number[] = [];
  let skip = offset;
  for (let w = 0; w < bits.length && out.length < limit; w++) {
    let word = bits[w];
    if (word === 0) continue;
    const ones = popcount(word);
    if (skip >= ones) {
      skip -= ones;
      continue;
    }
    while (word !== 0 && out.length < limit) {
      const low = word & -word;
      word ^= low;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(index.ids[(w << 5) + 31 - Math.clz32(low)]);
    }
  }
  return out;
}
