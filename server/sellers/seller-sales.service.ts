import type { Db } from '../db/client';
import { pagedQuery, whereOf, type Paged } from '../admin/paged-query';
import { midnight, shopDay } from '../admin/shop-days';

/**
 * Predaje (issue 21, docs/decisions/247): the order lines of the seller's own products, never
 * another seller's and never the buyer's personal data — only what the shop's shipping tells
 * (delivery country and carrier). A line is the seller's when its product is (products.seller_id),
 * or when it is a variant without a seller of its own whose parent is. Cancelled orders are listed
 * with their status and left out of the totals.
 */
export const SALES_PAGE_SIZE = 50;
const CANCELLED = 9;

export interface SaleLine {
  createdAt: number;
  number: string;
  product: string;
  quantity: number;
  lineTotal: number;
  currency: string;
  stage: number;
  country: string;
  carrier: string;
}

export interface SalesFilter {
  sellerId: number;
  /** YYYY-MM of the shop's calendar, or null for every month. */
  month: string | null;
}

// The seller's products and their seller-less variants; order_items is reached by its product index.
const OWN = `oi.product_id IN (SELECT id FROM products WHERE seller_id = ?
  UNION ALL SELECT v.id FROM products v JOIN products p ON p.id = v.parent_id WHERE v.seller_id IS NULL AND p.seller_id = ?)`;
const FROM = 'order_items oi JOIN orders o ON o.id = oi.order_id';
const COLUMNS = `o.created_at AS createdAt, o.document_number AS number, oi.name AS product, oi.quantity, oi.line_total AS lineTotal,
  o.currency, o.stage, o.country, o.shipping_name AS carrier`;

export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function where(filter: SalesFilter): { where: string; params: number[] } {
  const parts = [OWN];
  const params = [filter.sellerId, filter.sellerId];
  const m = filter.month ? MONTH.exec(filter.month) : null;
  if (m) {
    const [y, mo] = [Number(m[1]), Number(m[2])];
    parts.push('o.created_at >= ?', 'o.created_at < ?');
    params.push(midnight(y, mo, 1), midnight(y, mo + 1, 1));
  }
  return { where: whereOf(parts), params };
}

/** One page of the filtered lines, newest first. */
export function sellerSales(db: Db, filter: SalesFilter, page: number): Paged<SaleLine> {
  const { where: w, params } = where(filter);
  return pagedQuery<SaleLine>(db, { columns: COLUMNS, from: FROM, where: w, order: 'o.created_at DESC, oi.id DESC' }, params, page, SALES_PAGE_SIZE);
}

/** Every filtered line, newest first (the CSV: a seller has at most ten products, so the lines stay few). */
export function allSellerSales(db: Db, filter: SalesFilter): SaleLine[] {
  const { where: w, params } = where(filter);
  return db.$client.prepare(`SELECT ${COLUMNS} FROM ${FROM} ${w} ORDER BY o.created_at DESC, oi.id DESC`).all(...params) as SaleLine[];
}

/** Quantity and amount of the filtered lines per currency, cancelled orders left out. */
export function sellerSalesTotals(db: Db, filter: SalesFilter): { currency: string; quantity: number; amount: number }[] {
  const { where: w, params } = where(filter);
  return db.$client
    .prepare(`SELECT o.currency, SUM(oi.quantity) AS quantity, SUM(oi.line_total) AS amount FROM ${FROM} ${w} AND o.stage <> ${CANCELLED} GROUP BY o.currency ORDER BY o.currency`)
    .all(...params) as { currency: string; quantity: number; amount: number }[];
}

/**
 * The shop-calendar months (YYYY-MM) with any of the seller's lines, newest first. The zone's offset
 * is constant through a UTC hour, so the distinct hours map exactly onto local months.
 */
export function sellerSalesMonths(db: Db, sellerId: number): string[] {
  const hours = db.$client
    .prepare(`SELECT DISTINCT o.created_at / 3600000 AS h FROM ${FROM} WHERE ${OWN} ORDER BY h DESC`)
    .pluck()
    .all(sellerId, sellerId) as number[];
  return [...new Set(hours.map((h) => shopDay(h * 3_600_000).slice(0, 7)))];
}
