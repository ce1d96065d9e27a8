import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** A storefront: the Slovak shop (EUR) and the Czech shop (CZK) live in one process. */
export const shops = sqliteTable('shops', {
  id: integer('id').primaryKey(),
  code: text('code', { enum: ['sk', 'cz'] }).notNull().unique(),
  name: text('name').notNull(),
  locale: text('locale').notNull(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  /** Cash rounding of a total in minor units: 5 = 0.05 EUR, 100 = whole crowns. */
  rounding: integer('rounding').notNull(),
  vatRate: integer('vat_rate').notNull(),
  email: text('email').notNull(),
  termsSlug: text('terms_slug').notNull(),
  /**
   * The cash-on-delivery fee in minor units of the shop's currency (spec 9: 40 Kč, otherwise 1 €),
   * changed in the back office's payments; read only through the cart's shop options.
   */
  codFee: integer('cod_fee').notNull().default(100),
});

export type Shop = typeof shops.$inferSelect;
