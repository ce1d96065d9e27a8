import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { msg } from '../i18n/msg';

/**
 * The EU Omnibus reference price (Directive 98/6/EC art. 6a): wherever a reduced price is shown,
 * the lowest price the product had in the 30 days before the reduction started; a product listed
 * for less than 30 days before it, the lowest since it was listed. The history is written by
 * SQLite triggers on product_prices (migration price_history), whoever changes a price.
 */

export const OMNIBUS_DAYS = 30;
const WINDOW_MS = OMNIBUS_DAYS * 86_400_000;

/** One history row: the price (minor units) and crossed-out price in effect from `changedAt` (Unix ms). */
export interface PricePoint {
  price: number;
  oldPrice: number | null;
  changedAt: number;
}

/**
 * The rule on one product's history (any order). The reduction started with the first row of the
 * last unbroken run of rows that carry a crossed-out price (a progressive reduction keeps its
 * start); the answer is the lowest price in effect during the 30 days before that start: the one
 * in effect when the window opened and every later one before the start. Without any price before
 * the start (listed already reduced) it is the price the reduction started at. Null when the
 * current row is not reduced or there is no history.
 */
export function lowestBeforeReduction(points: readonly PricePoint[]): number | null {
  if (points.length === 0) return null;
  const rows = [...points].sort((a, b) => a.changedAt - b.changedAt);
  let start = rows.length - 1;
  if (rows[start].oldPrice === null) return null;
  while (start > 0 && rows[start - 1].oldPrice !== null) start--;
  const from = rows[start].changedAt - WINDOW_MS;
  let lowest: number | null = null;
  for (let i = 0; i < start; i++) {
    // A row is in effect until the next one: it counts when that is after the window opened.
    if (rows[i + 1].changedAt <= from) continue;
    lowest = lowest === null ? rows[i].price : Math.min(lowest, rows[i].price);
  }
  return lowest ?? rows[start].price;
}

function prepare(db: Db) {
  return db.$client.prepare<[number, string, string], { product_id: number; price: number; old_price: number | null; changed_at: number }>(
    `SELECT product_id, price, old_price, changed_at FROM price_history
      WHERE shop_id = ? AND kind = ? AND product_id IN (SELECT value FROM json_each(?))
      ORDER BY product_id, changed_at, id`,
  );
}

const statements = perDatabase(prepare);

/**
 * The 30-day lowest price of each of `productIds` in a shop, for the B2C or B2B price: one query
 * for the whole batch (a page of cards, a product and its variants). Products that are not reduced
 * now are absent from the map.
 */
export function lowestPricesBefore(db: Db, shopId: number, wholesale: boolean, productIds: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  if (productIds.length === 0) return out;
  const byProduct = new Map<number, PricePoint[]>();
  for (const r of statements(db).all(shopId, wholesale ? 'b2b' : 'b2c', JSON.stringify(productIds))) {
    let list = byProduct.get(r.product_id);
    if (!list) byProduct.set(r.product_id, (list = []));
    list.push({ price: r.price, oldPrice: r.old_price, changedAt: r.changed_at });
  }
  for (const [id, points] of byProduct) {
    const lowest = lowestBeforeReduction(points);
    if (lowest !== null) out.set(id, lowest);
  }
  return out;
}

/** One product's 30-day lowest price (null when it is not reduced now). */
export function lowestPriceBefore(db: Db, productId: number, shopId: number, wholesale = false): number | null {
  return lowestPricesBefore(db, shopId, wholesale, [productId]).get(productId) ?? null;
}

/**
 * Sets `priceLowest` on every item of a batch that shows a crossed-out price (reads history only
 * for those), in one query; items without a reduction get null.
 */
export function withLowestPrices<T extends { id: number; priceOld: number | null; price: number }>(
  db: Db,
  shopId: number,
  wholesale: boolean,
  items: T[],
): (T & { priceLowest: number | null })[] {
  const reduced = items.filter((p) => p.priceOld !== null && p.priceOld > p.price).map((p) => p.id);
  const lowest = lowestPricesBefore(db, shopId, wholesale, reduced);
  return items.map((p) => Object.assign(p, { priceLowest: lowest.get(p.id) ?? null }));
}

/** The sentence shown beside every crossed-out price (templates say it with it.t, the JSON with this). */
export const LOWEST_PRICE_TEXT = msg('Najnižšia cena za posledných 30 dní: {price}');

/** The sentence in the shopper's language, `formatted` being the price in the shop's money format. */
export function lowestPriceText(i18n: I18n, formatted: string): string {
  return i18n._(LOWEST_PRICE_TEXT, { price: formatted });
}
