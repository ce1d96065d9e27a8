import type { Db } from '../db/client';

export interface CartSummary {
  count: number;
  total: number;
}

const statements = new WeakMap<Db, { get: (hash: string, shopId: number) => CartSummary | undefined }>();

/** Count of pieces and the subtotal (B2C prices, minor units) of the session's cart, for the header. */
export function cartSummary(db: Db, sessionHash: string, shopId: number): CartSummary {
  let stmt = statements.get(db);
  if (!stmt) {
    const prepared = db.$client.prepare<[string, number], CartSummary>(
      `SELECT COALESCE(SUM(i.quantity), 0) AS count, COALESCE(SUM(i.quantity * p.price_b2c), 0) AS total
         FROM carts c
         JOIN cart_items i ON i.cart_id = c.id
         JOIN product_prices p ON p.product_id = i.product_id AND p.shop_id = c.shop_id
        WHERE c.session_hash = ? AND c.shop_id = ?`,
    );
    stmt = { get: (hash, shop) => prepared.get(hash, shop) };
    statements.set(db, stmt);
  }
  return stmt.get(sessionHash, shopId) ?? { count: 0, total: 0 };
}
