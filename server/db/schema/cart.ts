import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { sessions } from './sessions';
import { shops } from './shops';

/** A cart belongs to a session (anonymous or signed in) in one shop. */
export const carts = sqliteTable('carts', {
  id: integer('id').primaryKey(),
  sessionHash: text('session_hash').notNull().unique().references(() => sessions.idHash, { onDelete: 'cascade' }),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const cartItems = sqliteTable(
  'cart_items',
  {
    cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);
