import type Database from 'better-sqlite3';
import { DAY, SEED_BASE_TIME } from './random';

/**
 * The demo's price history (EU Omnibus, server/catalog/price-history.ts), deterministic like the
 * rest of the seed (fixed base time, no clock). The price_history triggers stay off while the
 * products are bulk-loaded (they would stamp every row with the machine's clock) and come back
 * before the history is written here in three INSERT … SELECTs:
 * - every price starts at the product's creation, at the crossed-out price if it has one (its
 *   regular price then), without one otherwise;
 * - a reduced product's reduction started 1–25 days before the base time (never before it was
 *   listed); every third one also had a short, smaller dip 12 to 5 days before that, so its 30-day
 *   lowest price lies between the crossed-out price and the price now, as in a real shop.
 */
export function withPriceHistorySeeded<T>(sqlite: Database.Database, write: () => T): T {
  if (!sqlite.inTransaction) throw new Error('withPriceHistorySeeded must run inside a transaction');
  const triggers = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'price\\_history\\_%' ESCAPE '\\'`).all() as { name: string; sql: string }[];
  for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name.replace(/"/g, '""')}"`);
  const result = write();
  for (const t of triggers) sqlite.exec(t.sql);
  seedPriceHistory(sqlite);
  return result;
}

function seedPriceHistory(sqlite: Database.Database): void {
  const kinds = `(SELECT 'b2c' AS kind UNION ALL SELECT 'b2b')`;
  // Per price row and kind: price now, crossed-out price, listing time and the reduction's start.
  const prices = `SELECT pp.product_id, pp.shop_id, k.kind,
      CASE k.kind WHEN 'b2c' THEN pp.price_b2c ELSE pp.price_b2b END AS price,
      CASE k.kind WHEN 'b2c' THEN pp.price_old_b2c ELSE pp.price_old_b2b END AS old,
      p.created_at AS listed,
      MAX(p.created_at + @day, @base - ((pp.product_id * 7) % 25 + 1) * @day) AS start
    FROM product_prices pp JOIN products p ON p.id = pp.product_id CROSS JOIN ${kinds} k`;
  const insert = 'INSERT INTO price_history (product_id, shop_id, kind, price, old_price, changed_at)';
  const params = { day: DAY, base: SEED_BASE_TIME };
  // Listed: at the regular price (the crossed-out one when reduced now).
  sqlite.prepare(`${insert} SELECT product_id, shop_id, kind, COALESCE(old, price), NULL, listed FROM (${prices})`).run(params);
  // The dip: half-way between regular and reduced price, in whole 1.00 steps so endings stay (.99, whole crowns).
  sqlite
    .prepare(
      `${insert} SELECT product_id, shop_id, kind, old - MAX(100, ((old - price) / 200) * 100), NULL, start - 12 * @day FROM (${prices})
        WHERE old IS NOT NULL AND old > price + 100 AND product_id % 3 = 0 AND start - 12 * @day > listed
       UNION ALL
       SELECT product_id, shop_id, kind, old, NULL, start - 5 * @day FROM (${prices})
        WHERE old IS NOT NULL AND old > price + 100 AND product_id % 3 = 0 AND start - 12 * @day > listed`,
    )
    .run(params);
  // The reduction now in effect.
  sqlite.prepare(`${insert} SELECT product_id, shop_id, kind, price, old, start FROM (${prices}) WHERE old IS NOT NULL`).run(params);
}
