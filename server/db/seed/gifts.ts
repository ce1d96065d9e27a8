import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { productImageUrl } from '../../catalog/urls';

/**
 * Gifts that go with an order from a subtotal on (minor units: euro cents in sk, haléře in cz).
 * Their pictures are drawn on request like the products' (docs/decisions/006), so only a path is stored.
 */
const GIFTS: Record<'sk' | 'cz', [value: string, amountMin: number, file: string][]> = {
  sk: [
    ['Vrecko semienok bylín', 3000, 'darcek-semienka.svg'],
    ['Záhradnícke rukavice', 6000, 'darcek-rukavice.svg'],
    ['Zástera s logom obchodu', 10000, 'darcek-zastera.svg'],
  ],
  cz: [
    ['Sáček semínek bylinek', 75000, 'darek-seminka.svg'],
    ['Zahradnické rukavice', 150000, 'darek-rukavice.svg'],
    ['Zástěra s logem obchodu', 250000, 'darek-zastera.svg'],
  ],
};

/** Idempotent: a gift with the same shop and value is kept, so a second run adds nothing. */
export function seedGifts(sqlite: Database.Database): number {
  const insert = sqlite.prepare(
    'INSERT INTO gifts (shop_id, value, image, amount_min, active) SELECT ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM gifts WHERE shop_id = ? AND value = ?)',
  );
  let made = 0;
  for (const shop of SHOP_ROWS) {
    for (const [value, amountMin, file] of GIFTS[shop.code]) made += insert.run(shop.id, value, productImageUrl(file), amountMin, shop.id, value).changes;
  }
  return made;
}
