import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { unreadCountSql } from '../notifications/unread';

export interface CartSummary {
  count: number;
  total: number;
}

/** A page header's own bits: the cart's figures and the Správy count (0 without a user). */
export interface ShopperHeader {
  cart: CartSummary;
  unread: number;
}

/** The header's figures before the role picks a price list: the cart at both, and the Správy count. */
export interface HeaderFigures {
  count: number;
  totalB2c: number;
  totalB2b: number;
  unread: number;
}

/**
 * The cart's pieces and its subtotals at both price lists, as one row's SQL, for the session hash
 * and shop given as SQL expressions (`?` for parameters). Also a part of the statement a request
 * begins with (sessions.service.ts), which reads a page header's figures with the session.
 */
export const cartFiguresSql = (hash: string, shop: string) =>
  `SELECT COALESCE(SUM(i.quantity), 0) AS count, COALESCE(SUM(i.quantity * p.price_b2c), 0) AS total_b2c, COALESCE(SUM(i.quantity * p.price_b2b), 0) AS total_b2b
     FROM carts c
     JOIN cart_items i ON i.cart_id = c.id
     JOIN product_prices p ON p.product_id = i.product_id AND p.shop_id = c.shop_id
    WHERE c.session_hash = ${hash} AND c.shop_id = ${shop}`;

/**
 * A header's figures as SELECT columns: the Správy count of `user` (an SQL expression) and the
 * figures of a `cart` row of cartFiguresSql. Here and in the statement a request begins with.
 */
export const headerColumnsSql = (user: string) => `(${unreadCountSql(user)}) AS unread, cart.count, cart.total_b2c, cart.total_b2b`;

/** The columns headerColumnsSql names. */
export interface FiguresRow {
  count: number;
  total_b2c: number;
  total_b2b: number;
  unread: number;
}

/** The cart's figures with the Správy count of a user (`?` user, `?` session hash, `?` shop). */
const HEADER_SQL = `SELECT ${headerColumnsSql('?')} FROM (${cartFiguresSql('?', '?')}) AS cart`;

const statements = perDatabase((db: Db) => ({
  header: db.$client.prepare<[number | null, string, number], FiguresRow>(HEADER_SQL),
  // Rows this connection has written since it opened: no table, so no read transaction (~0.4 µs).
  writes: db.$client.prepare<[], number>('SELECT total_changes()').pluck(),
}));

/** A row of HEADER_SQL's columns as figures (none: an empty cart and nothing unread). */
export function headerFigures(row: FiguresRow | undefined): HeaderFigures {
  return { count: row?.count ?? 0, totalB2c: row?.total_b2c ?? 0, totalB2b: row?.total_b2b ?? 0, unread: row?.unread ?? 0 };
}

/** The figures at the role's prices: wholesale (B2B) shoppers see their own. */
export function headerAt(figures: HeaderFigures, wholesale: boolean): ShopperHeader {
  return { cart: { count: figures.count, total: wholesale ? figures.totalB2b : figures.totalB2c }, unread: figures.unread };
}

/**
 * How many rows this process's connection has written so far (SQLite's total_changes()): figures
 * read when it said n are still true while it says n, whatever this request did meanwhile.
 */
export function writesSoFar(db: Db): number {
  return statements(db).writes.get()!;
}

/**
 * Count of pieces and the subtotal (minor units, the role's prices) of the session's cart: the same
 * figures as cartView()'s count and subtotal.
 */
export function cartSummary(db: Db, sessionHash: string, shopId: number, wholesale = false): CartSummary {
  return shopperHeader(db, sessionHash, shopId, wholesale, null).cart;
}

/**
 * The cart's figures and, for a signed-in `userId`, unreadCount() (notifications/unread.ts) in ONE
 * statement: a private page's header needs both, and each statement costs a read transaction
 * (~10 µs here however small the query). Most requests do not come here: the statement they begin
 * with has read the same figures (shopper-header.ts).
 */
export function shopperHeader(db: Db, sessionHash: string, shopId: number, wholesale: boolean, userId: number | null): ShopperHeader {
  return headerAt(headerFigures(statements(db).header.get(userId, sessionHash, shopId)), wholesale);
}
