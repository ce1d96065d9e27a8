import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    /** 1–5 stars. */
    rating: integer('rating').notNull(),
    /** true, false or null when the reviewer did not say. */
    recommends: integer('recommends', { mode: 'boolean' }),
    avatar: text('avatar'),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('reviews_product_idx').on(t.productId, t.visible, t.createdAt)],
);
