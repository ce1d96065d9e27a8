import type { Db } from '../db/client';
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
type Statement = { get: (...params: (string | number | null)[]) => (CartSummary & { unread?: number }) | undefined };
const statements = new WeakMap<Db, Record<`${'cart' | 'header'}|${Column}`, Statement>>();

/** The cart's pieces and subtotal at the role's prices (`?` session hash, `?` shop). */
const cartSummarySql = (column: Column) =>
  `SELECT COALESCE(SUM(i.quantity), 0) AS count, COALESCE(SUM(i.quantity * p.${column}), 0) AS total
     FROM carts c
     JOIN cart_items i ON i.cart_id = c.id
     JOIN product_prices p ON p.product_id = i.product_id AND p.shop_id = c.shop_id
    WHERE c.session_hash = ? AND c.shop_id = ?`;

function prepared(db: Db, kind: 'cart' | 'header', column: Column): Statement {
  let made = statements.get(db);
  if (!made) {
    const sqlite = db.$client;
    const header = (c: Column) => `SELECT (${UNREAD_COUNT_SQL}) AS unread, cart.count, cart.total FROM (${cartSummarySql(c)}) AS cart`;
    made = {
      'cart|price_b2c': sqlite.prepare(cartSummarySql('price_b2c')),
      'cart|price_b2b': sqlite.prepare(cartSummarySql('price_b2b')),
      'header|price_b2c': sqlite.prepare(header('price_b2c')),
      'header|price_b2b': sqlite.prepare(header('price_b2b')),
    } as Record<`${'cart' | 'header'}|${Column}`, Statement>;
    statements.set(db, made);
  }
  return made[`${kind}|${column}`];
}

/**
 * Count of pieces and the subtotal (minor units, the role's prices) of the session's cart, for the
 * header: one indexed query per page. The same figures as cartView()'s count and subtotal.
 */
export function cartSummary(db: Db, sessionHash: string, shopId: number, wholesale = false): CartSummary {
  return prepared(db, 'cart', wholesale ? 'price_b2b' : 'price_b2c').get(sessionHash, shopId) ?? { count: 0, total: 0 };
}

/**
 * cartSummary() and, for a signed-in `userId`, unreadCount() (notifications/unread.ts) in ONE
 * statement: a private page's header needs both, and each statement costs a read transaction
 * (~10 µs here however small the query).
 */
export function shopperHeader(db: Db, sessionHash: string, shopId: number, wholesale: boolean, userId: number | null): ShopperHeader {
  const row = prepared(db, 'header', wholesale ? 'price_b2b' : 'price_b2c').get(userId, sessionHash, shopId);
  return { cart: { count: row?.count ?? 0, total: row?.total ?? 0 }, unread: row?.unread ?? 0 };
}
