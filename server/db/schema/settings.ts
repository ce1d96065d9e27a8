import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Settings the operator changes in the back office (server/settings/settings.service.ts): a key and
 * its value as JSON, each key validated by its own schema. A stored value wins over the environment
 * variable of the same meaning; a key without a row means "as configured".
 */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
