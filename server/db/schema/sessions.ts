import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Server-side sessions. The cookie holds a random id; only its SHA-256 is stored, so a leaked
 * database does not leak live sessions. A row exists only once something is kept (a cart, a sign-in).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);
