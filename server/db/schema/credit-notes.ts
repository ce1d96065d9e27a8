import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './orders';

/**
 * The corrective tax document (dobropis) of a paid order that was cancelled: its own number series,
 * the invoice it corrects, every line of the order negated. One per order.
 */
export const creditNotes = sqliteTable(
  'credit_notes',
  {
    id: integer('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceNumber: text('invoice_number').notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('credit_notes_order_idx').on(t.orderId)],
);
