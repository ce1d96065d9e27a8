import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { dayRange, lastDays, monthRange } from '../shop-days';
import { QUEUES } from '../orders/order-stage';

/**
 * The dashboard's figures: orders and revenue (order totals with VAT, cancelled orders left out)
 * per shop today and this month, the same per day for the last 30 days, and the counts of what
 * waits for someone. Each shop counts in its own currency; nothing is converted.
 */
export interface ShopRef {
  id: number;
  code: string;
  name: string;
  currency: string;
}

export interface Figures {
  orders: number;
  revenue: number;
}

interface Sum {
  shopId: number;
  orders: number;
  revenue: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    range: s.prepare<[number, number], Sum>(
      `SELECT shop_id AS shopId, COUNT(*) AS orders, COALESCE(SUM(total), 0) AS revenue
         FROM orders WHERE created_at >= ? AND created_at < ? AND cancelled_at IS NULL GROUP BY shop_id`,
    ),
    byDay: s.prepare<[string], Sum & { day: string }>(
      `WITH days AS (SELECT value ->> 0 AS day, value ->> 1 AS start, value ->> 2 AS stop FROM json_each(?))
       SELECT d.day, o.shop_id AS shopId, COUNT(*) AS orders, COALESCE(SUM(o.total), 0) AS revenue
         FROM days d JOIN orders o ON o.created_at >= d.start AND o.created_at < d.stop
        WHERE o.cancelled_at IS NULL GROUP BY d.day, o.shop_id`,
    ),
    toShip: s.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM orders o WHERE ${QUEUES['na-odoslanie'].where}`),
    toBook: s.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM orders o WHERE ${QUEUES['na-zauctovanie'].where}`),
    openClaims: s.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM claims WHERE closed_at IS NULL'),
    withdrawals: s.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM withdrawals WHERE created_at >= ?'),
    signUps: s.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM users WHERE status = 'pending' AND deleted_at IS NULL"),
    sellerProducts: s.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products WHERE visible = 4'),
  };
});

function perShop(rows: Sum[], shops: ShopRef[]): Map<number, Figures> {
  const out = new Map(shops.map((shop) => [shop.id, { orders: 0, revenue: 0 }]));
  for (const row of rows) out.set(row.shopId, { orders: row.orders, revenue: row.revenue });
  return out;
}

export function salesFigures(db: Db, shops: ShopRef[], now: Date): { shop: ShopRef; today: Figures; month: Figures }[] {
  const today = dayRange(now.getTime());
  const month = monthRange(now.getTime());
  const t = perShop(sql(db).range.all(today.from, today.to), shops);
  const m = perShop(sql(db).range.all(month.from, month.to), shops);
  return shops.map((shop) => ({ shop, today: t.get(shop.id)!, month: m.get(shop.id)! }));
}

export interface SalesChart {
  days: string[];
  series: { shop: string; name: string; currency: string; revenue: number[]; orders: number[] }[];
}

/** Revenue and orders per shop for each of the last `count` days, oldest first (days without orders are zeros). */
export function salesChart(db: Db, shops: ShopRef[], now: Date, count = 30): SalesChart {
  const days = lastDays(now.getTime(), count);
  const index = new Map(days.map((d, i) => [d.day, i]));
  const series = shops.map((shop) => ({ shop: shop.code, name: shop.name, currency: shop.currency, revenue: days.map(() => 0), orders: days.map(() => 0) }));
  const byId = new Map(shops.map((shop, i) => [shop.id, series[i]]));
  for (const row of sql(db).byDay.all(JSON.stringify(days.map((d) => [d.day, d.from, d.to])))) {
    const line = byId.get(row.shopId);
    const i = index.get(row.day);
    if (!line || i === undefined) continue;
    line.revenue[i] = row.revenue;
    line.orders[i] = row.orders;
  }
  return { days: days.map((d) => d.day), series };
}

/** The shop refunds within 14 days of a withdrawal (§ 10 of 108/2024 Z. z., § 1832 of 89/2012 Sb.): those still inside it. */
export const WITHDRAWAL_REFUND_DAYS = 14;

export interface Waiting {
  toShip: number;
  toBook: number;
  openClaims: number;
  withdrawals: number;
  signUps: number;
  sellerProducts: number;
}

export function waiting(db: Db, now: Date): Waiting {
  const s = sql(db);
  return {
    toShip: s.toShip.get()!.n,
    toBook: s.toBook.get()!.n,
    openClaims: s.openClaims.get()!.n,
    withdrawals: s.withdrawals.get(now.getTime() - WITHDRAWAL_REFUND_DAYS * 86_400_000)!.n,
    signUps: s.signUps.get()!.n,
    sellerProducts: s.sellerProducts.get()!.n,
  };
}
