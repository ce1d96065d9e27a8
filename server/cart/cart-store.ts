import { langParams, productName, productSlug, productTextJoins, SLOVAK } from '../catalog/catalogue-texts';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { ensureSession } from '../sessions/sessions.service';
import { allowedCountries } from '../orders/orders.rules';
import type { CartContext } from './cart.types';

/**
 * The cart's rows and statements, shared by the cart's view and item changes (cart.service.ts) and
 * its delivery choices (cart-delivery.service.ts).
 */

export interface CartRow {
  id: number;
  shopId: number;
  shippingCompanyId: number | null;
  paymentId: number | null;
  pickupPointId: number | null;
  returnPath: string | null;
  /** Delivery country when it is not the shop's own (only ROLE_WHOLESALE may set it). */
  country: string | null;
}

export interface LineRow {
  productId: number;
  quantity: number;
  name: string;
  slug: string;
  image: string | null;
  visible: number;
  availabilityDays: number;
  childrenCount: number;
  stock: number;
  cartLimit: number | null;
  manufactured: number;
  b2c: number;
  b2b: number;
  vatRate: number;
  /** One piece's weight in grams. */
  weightGrams: number;
}

function statements(db: Db) {
  const sqlite = db.$client;
  return {
    cart: sqlite.prepare<[string], CartRow>(
      `SELECT id, shop_id AS shopId, shipping_company_id AS shippingCompanyId, payment_id AS paymentId,
              pickup_point_id AS pickupPointId, return_path AS returnPath, country FROM carts WHERE session_hash = ?`,
    ),
    // Names and addresses in the request's languages (catalogue-texts.ts): bound as @shop, @cart, @locale, @slugLocale.
    lines: sqlite.prepare<[{ shop: number; cart: number; locale: string; slugLocale: string }], LineRow>(
      `SELECT i.product_id AS productId, i.quantity, ${productName()} AS name, ${productSlug()} AS slug, p.image_filename AS image, p.visible,
              p.availability_days AS availabilityDays, p.children_count AS childrenCount, p.quantity AS stock,
              p.cart_limit AS cartLimit, p.manufactured, pr.price_b2c AS b2c, pr.price_b2b AS b2b,
              pr.vat_rate AS vatRate, p.weight_grams AS weightGrams
         FROM cart_items i
         JOIN products p ON p.id = i.product_id
         JOIN product_prices pr ON pr.product_id = i.product_id AND pr.shop_id = @shop
         ${productTextJoins()}
        WHERE i.cart_id = @cart ORDER BY i.rowid`,
    ),
    product: sqlite.prepare<[number, number], { visible: number; availabilityDays: number; childrenCount: number; hasPrice: number }>(
      `SELECT p.visible, p.availability_days AS availabilityDays, p.children_count AS childrenCount, EXISTS (SELECT 1 FROM product_prices pr WHERE pr.product_id = p.id AND pr.shop_id = ?) AS hasPrice
         FROM products p WHERE p.id = ?`,
    ),
    createCart: sqlite.prepare<[string, number, number]>('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, ?, ?)'),
    // A session's cart moves with it to the other storefront; choices are per shop, so they reset.
    moveCart: sqlite.prepare<[number, number, number]>(
      'UPDATE carts SET shop_id = ?, shipping_company_id = NULL, payment_id = NULL, pickup_point_id = NULL, country = NULL, updated_at = ? WHERE id = ?',
    ),
    touch: sqlite.prepare<[number, number]>('UPDATE carts SET updated_at = ? WHERE id = ?'),
    // A signed-in shopper's change marks the cart theirs, so it can follow them to another device.
    owner: sqlite.prepare<[number, number]>('UPDATE carts SET user_id = ? WHERE id = ?'),
    returnPath: sqlite.prepare<[string, number]>('UPDATE carts SET return_path = ? WHERE id = ?'),
    // The latest partner embed the shopper came through (last click), copied to the order.
    partner: sqlite.prepare<[string, number]>('UPDATE carts SET partner = ? WHERE id = ?'),
    lineQuantity: sqlite.prepare<[number, number], { quantity: number }>('SELECT quantity FROM cart_items WHERE cart_id = ? AND product_id = ?'),
    upsertLine: sqlite.prepare<[number, number, number]>(
      'INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?) ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity',
    ),
    deleteLine: sqlite.prepare<[number, number]>('DELETE FROM cart_items WHERE cart_id = ? AND product_id = ?'),
    choices: sqlite.prepare<[number | null, number | null, number | null, number, number]>(
      'UPDATE carts SET shipping_company_id = ?, payment_id = ?, pickup_point_id = ?, updated_at = ? WHERE id = ?',
    ),
    country: sqlite.prepare<[string | null, number | null, number | null, number | null, number, number]>(
      'UPDATE carts SET country = ?, shipping_company_id = ?, payment_id = ?, pickup_point_id = ?, updated_at = ? WHERE id = ?',
    ),
  };
}

export const sql = perDatabase(statements);

/** The lines of a cart, named and addressed in the context's languages (Slovak without them). */
export function cartLines(db: Db, ctx: CartContext, cartId: number): LineRow[] {
  return sql(db).lines.all({ shop: ctx.shop.id, cart: cartId, ...langParams(ctx.lang ?? SLOVAK) });
}

export function findCart(db: Db, ctx: CartContext): CartRow | undefined {
  const cart = sql(db).cart.get(ctx.sessionHash);
  return cart && cart.shopId === ctx.shop.id ? cart : undefined;
}

/**
 * Where the cart goes: its stored country while the role may still pick it (a buyer who lost
 * ROLE_WHOLESALE is back to the shop's country), else the shop's own.
 */
export function deliveryCountry(cart: CartRow | undefined, ctx: CartContext): string {
  const stored = cart?.country;
  return stored && allowedCountries(ctx.shop.country, ctx.wholesale).includes(stored) ? stored : ctx.shop.country;
}

/**
 * The session's cart in this shop, created on first use together with the session row (browsing
 * alone never writes). Call inside an immediate transaction.
 */
export function cartForWrite(db: Db, ctx: CartContext, now: Date): CartRow {
  const s = sql(db);
  const existing = s.cart.get(ctx.sessionHash);
  if (existing && existing.shopId === ctx.shop.id) return existing;
  if (existing) {
    s.moveCart.run(ctx.shop.id, now.getTime(), existing.id);
  } else {
    ensureSession(db, ctx.sessionHash, now);
    s.createCart.run(ctx.sessionHash, ctx.shop.id, now.getTime());
  }
  return s.cart.get(ctx.sessionHash)!;
}

/** After a signed-in shopper's change: the cart is theirs (docs/decisions/121). */
export function markOwner(db: Db, ctx: CartContext, cartId: number): void {
  if (ctx.userId != null) sql(db).owner.run(ctx.userId, cartId);
}
