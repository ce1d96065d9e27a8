import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The small shopper-facing texts of attributes, options, banners, overlays, point items, vouchers
 * and gifts in locales other than sk (docs/decisions/249): one row per kind, row, locale and field;
 * a missing row falls back to the entity's own (Slovak) column. Read through
 * server/catalog/content-texts.ts (a COALESCE subselect on the primary key, or one bulk load per
 * kind and locale). Rows of a deleted entity go by trigger; every write bumps the catalogue version.
 */
export const contentTexts = sqliteTable(
  'content_texts',
  {
    kind: text('kind').notNull(),
    rowId: integer('row_id').notNull(),
    locale: text('locale').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.rowId, t.locale, t.field] })],
);
