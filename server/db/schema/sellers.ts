import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Marketplace seller; the shop is approved once activated_at is set. */
export const sellers = sqliteTable('sellers', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  image: text('image'),
  activatedAt: integer('activated_at', { mode: 'timestamp_ms' }),
});
