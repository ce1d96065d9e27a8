import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { sellerMessages } from './sellers';

/**
 * Messages between one signed-in user and the shop (spec 9 "Notification", issue 21): the user's
 * own (`sent`, always to the shop, recipientId 1) and the shop's (`received`: a back-office reply,
 * or a seller's approval notice mirrored from seller_messages by a trigger in the migration).
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** From the user's side: sent by them, or received from the shop. */
    direction: text('direction', { enum: ['sent', 'received'] }).notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }),
    /** The back-office member who wrote a reply. */
    staffId: integer('staff_id'),
    /** An approval notice: its words are composed from this row in the reader's language. */
    sellerMessageId: integer('seller_message_id').references(() => sellerMessages.id, { onDelete: 'cascade' }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.sentAt), index('notifications_unread_idx').on(t.userId, t.direction, t.seenAt)],
);
