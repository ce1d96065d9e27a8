import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './catalog';
import { orders } from './orders';

/**
 * A shopper's withdrawal from a purchase contract (Art. 11a CRD): what they declared and when, to
 * the millisecond. `public_id` is the receipt's random address; `token` is the confirmation form's
 * token (bound to the order, server/withdrawal/withdrawal-token.ts): a second post of the same form
 * finds this row instead of making another.
 */
export const withdrawals = sqliteTable(
  'withdrawals',
  {
    id: integer('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    /** As the shopper typed them: the declarant's name and the order's e-mail the receipt went to. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Optional: the law asks for no reason. */
    reason: text('reason').notNull().default(''),
    /** The language the shopper withdrew in: their receipt mail is written in it. */
    locale: text('locale').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('withdrawals_order_idx').on(t.orderId)],
);

/** The pieces withdrawn, per line of the order as its documents group them (product and unit price). */
export const withdrawalItems = sqliteTable(
  'withdrawal_items',
  {
    id: integer('id').primaryKey(),
    withdrawalId: integer('withdrawal_id').notNull().references(() => withdrawals.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('withdrawal_items_withdrawal_idx').on(t.withdrawalId)],
);
