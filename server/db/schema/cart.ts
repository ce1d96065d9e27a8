import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { paymentOptions, pickupPoints, shippingCompanies } from './checkout';
import { sessions } from './sessions';
import { shops } from './shops';
import { users } from './accounts';

/** A cart belongs to a session (anonymous or signed in) in one shop. */
export const carts = sqliteTable(
  'carts',
  {
  id: integer('id').primaryKey(),
  sessionHash: text('session_hash').notNull().unique().references(() => sessions.idHash, { onDelete: 'cascade' }),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  /** Step 2 choices; changing the carrier clears the pickup point (spec 4). */
  shippingCompanyId: integer('shipping_company_id').references(() => shippingCompanies.id),
  paymentId: integer('payment_id').references(() => paymentOptions.id),
  pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
  /** Local path of the page where an item was last added ("Späť do obchodu"). */
  returnPath: text('return_path'),
  /** The signed-in owner, so a cart can be continued on another device. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Delivery country (sk or cz) when it is not the shop's own; only wholesale buyers may change it. */
  country: text('country'),
  /** The partner site whose embed brought the shopper (server/embed/partner-origins.ts partnerId), for the order. */
  partner: text('partner'),
  },
  (t) => [index('carts_user_idx').on(t.userId)],
);

export const cartItems = sqliteTable(
  'cart_items',
  {
    cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);
