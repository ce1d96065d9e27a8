import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { shops } from './shops';

/** A price/availability watch: fires once, when either chosen condition becomes true. */
export const watchdogs = sqliteTable(
  'watchdogs',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    locale: text('locale').notNull(),
    email: text('email').notNull(),
    available: integer('available', { mode: 'boolean' }).notNull().default(false),
    /** Fires when stock is more than this many pieces. */
    availableValue: integer('available_value'),
    price: integer('price', { mode: 'boolean' }).notNull().default(false),
    /** Fires when the price (minor units, B2C, with VAT) is less than this. */
    priceValue: integer('price_value'),
    /** Random token of the unsubscribe link. */
    token: text('token').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    firedAt: integer('fired_at', { mode: 'timestamp_ms' }),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('watchdogs_product_idx').on(t.productId, t.firedAt)],
);
