import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { productImageUrl } from '../../catalog/urls';

/**
 * Gifts that go with an order from a subtotal on (minor units: euro cents in sk, haléře in cz).
 * Their pictures are drawn on request like the products' (docs/decisions/006), so only a path is stored.
 */
const GIFTS: Record<'sk' | 'cz', [value: string, amountMin: number, file: string][]> = {
  sk: [
    ['Vrecko semienok bylín', 3000, 'darcek-sprout-1.svg'],
    ['Záhradnícke rukavice', 6000, 'darcek-hand-1.svg'],
    ['Zástera s logom obchodu', 10000, 'darcek-chef-hat-1.svg'],
  ],
  cz: [
    ['Sáček semínek bylinek', 75000, 'darek-sprout-1.svg'],
    ['Zahradnické rukavice', 150000, 'darek-hand-1.svg'],
    ['Zástěra s logem obchodu', 250000, 'darek-chef-hat-1.svg'],
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
