import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { UNREAD_COUNT_SQL } from '../notifications/unread';

export interface CartSummary {
  count: number;
  total: number;
}

/** A page header's own bits: the cart's figures and the Správy count (0 without a user). */
export interface ShopperHeader {
  cart: CartSummary;
  unread: number;
}

type Column = 'price_b2c' | 'price_b2b';

/** The cart's pieces and subtotal at the role's prices (`?` session hash, `?` shop). */
const cartSummarySql = (column: Column) =>
  `SELECT COALESCE(SUM(i.quantity), 0) AS count, COALESCE(SUM(i.quantity * p.${column}), 0) AS total
     FROM carts c
     JOIN cart_items i ON i.cart_id = c.id
     JOIN product_prices p ON p.product_id = i.product_id AND p.shop_id = c.shop_id
    WHERE c.session_hash = ? AND c.shop_id = ?`;

/** The same with the Správy count of a user (`?` first; none for null). */
const headerSql = (column: Column) => `SELECT (${UNREAD_COUNT_SQL}) AS unread, cart.count, cart.total FROM (${cartSummarySql(column)}) AS cart`;

const statements = perDatabase((db: Db) => {
  const s = db.$client;
  const cart = (column: Column) => s.prepare<[string, number], CartSummary>(cartSummarySql(column));
  const header = (column: Column) => s.prepare<[number | null, string, number], CartSummary & { unread: number }>(headerSql(column));
  return { cart: { price_b2c: cart('price_b2c'), price_b2b: cart('price_b2b') }, header: { price_b2c: header('price_b2c'), price_b2b: header('price_b2b') } };
});

const column = (wholesale: boolean): Column => (wholesale ? 'price_b2b' : 'price_b2c');

/**
 * Count of pieces and the subtotal (minor units, the role's prices) of the session's cart, for the
 * header: one indexed query per page. The same figures as cartView()'s count and subtotal.
 */
export function cartSummary(db: Db, sessionHash: string, shopId: number, wholesale = false): CartSummary {
  return statements(db).cart[column(wholesale)].get(sessionHash, shopId) ?? { count: 0, total: 0 };
}

/**
 * cartSummary() and, for a signed-in `userId`, unreadCount() (notifications/unread.ts) in ONE
 * statement: a private page's header needs both, and each statement costs a read transaction
 * (~10 µs here however small the query).
 */
export function shopperHeader(db: Db, sessionHash: string, shopId: number, wholesale: boolean, userId: number | null): ShopperHeader {
  const row = statements(db).header[column(wholesale)].get(userId, sessionHash, shopId);
  return { cart: { count: row?.count ?? 0, total: row?.total ?? 0 }, unread: row?.unread ?? 0 };
}
