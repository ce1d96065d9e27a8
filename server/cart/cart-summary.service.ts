import type { Db } from '../db/client';

export interface CartSummary {
  count: number;
  total: number;
}

type Statement = { get: (hash: string, shopId: number) => CartSummary | undefined };
const statements = new WeakMap<Db, { b2c: Statement; b2b: Statement }>();

function prepare(db: Db, column: 'price_b2c' | 'price_b2b'): Statement {
  const prepared = db.$client.prepare<[string, number], CartSummary>(
    `SELECT COALESCE(SUM(i.quantity), 0) AS count, COALESCE(SUM(i.quantity * p.${column}), 0) AS total
       FROM carts c
       JOIN cart_items i ON i.cart_id = c.id
       JOIN product_prices p ON p.product_id = i.product_id AND p.shop_id = c.shop_id
      WHERE c.session_hash = ? AND c.shop_id = ?`,
  );
  return { get: (hash, shop) => prepared.get(hash, shop) };
}

/**
 * Count of pieces and the subtotal (minor units, the role's prices) of the session's cart, for the
 * header: one indexed query per page. The same figures as cartView()'s count and subtotal.
 */
export function cartSummary(db: Db, sessionHash: string, shopId: number, wholesale = false): CartSummary {
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = { b2c: prepare(db, 'price_b2c'), b2b: prepare(db, 'price_b2b') };
    statements.set(db, stmt);
  }
  return (wholesale ? stmt.b2b : stmt.b2c).get(sessionHash, shopId) ?? { count: 0, total: 0 };
}
