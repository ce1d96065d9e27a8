import type Database from 'better-sqlite3';
import type { Leaf } from './catalog';
import { rng, type Rng } from './random';

/** Where a product goes: which leaf of the tree (departments are uneven) and which demo seller, if any, sells it. */

/** The leaves whose goods each demo seller (seed/sellers.ts, by name) makes; other products are the shop's own. */
const SELLER_LEAVES: Record<string, string[]> = {
  'Keramika Modrý džbán': ['Taniere', 'Poháre a šálky', 'Vázy', 'Kvetináče'],
  'Bylinková záhrada Liptov': ['Bylinné čaje', 'Sirupy', 'Med', 'Semená'],
  'Drevené hračky Orava': ['Stavebnice', 'Hry a puzzle', 'Autíčka a vláčiky', 'Hrkálky a hryzátka'],
  'Šijeme doma': ['Obrusy a prestieranie', 'Uteráky a osušky', 'Detské tričká', 'Pyžamá'],
};

/** Sellers sell what fits them (SELLER_LEAVES), most of those leaves' products, from their own stream. */
export function sellerPicker(sqlite: Database.Database, sellerIds: number[]): (leafName: string) => number | null {
  const sellerRng = rng('seller-fit');
  const named = new Map(
    (sqlite.prepare('SELECT id, name FROM sellers WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(sellerIds)) as { id: number; name: string }[]).map((s) => [s.name, s.id]),
  );
  return (leafName) => {
    const fits = Object.entries(SELLER_LEAVES).flatMap(([seller, leafNames]) => (named.has(seller) && leafNames.includes(leafName) ? [named.get(seller)!] : []));
    return fits.length > 0 && sellerRng.chance(0.8) ? sellerRng.pick(fits) : null;
  };
}

/** Departments are uneven, as in a real shop: leaf weights fall off like 1 / rank^0.7. */
export function leafPicker(leaves: Leaf[]): (r: Rng) => Leaf {
  const order = rng('leaf-weights').shuffle(leaves);
  const cumulative: number[] = [];
  let sum = 0;
  order.forEach((_, i) => cumulative.push((sum += 1 / Math.pow(i + 1, 0.7))));
  return (r) => {
    const x = r.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return order[lo];
  };
}
