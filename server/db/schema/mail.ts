import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The outbox: every mail the shop owes someone, written in the same transaction as the change it
 * reports (an order, a payment, a withdrawal), sent after the commit and retried until it goes.
 * A row holds what to render (`kind` + `ref`), not the rendered message, so a mail that waited for
 * a broken SMTP server still shows the order as it is when it finally goes.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: integer('id').primaryKey(),
    /** What to write: 'order.received', 'order.paid', 'withdrawal.receipt', … (server/mail/kinds.ts). */
    kind: text('kind').notNull(),
    /** JSON: the ids the kind renders from. */
    ref: text('ref').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the next attempt is due; null once sent or given up. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_queue_due_idx').on(t.dueAt)],
);
