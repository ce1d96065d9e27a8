import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { shops } from './shops';

/**
 * Who sells in each storefront, as invoices, order PDFs, payment QR codes and mails print it: the
 * company's registration and tax numbers and the bank account that takes transfers. Data, not code:
 * the operator edits it (server/shops/cli.ts today, the back office later).
 */
export const suppliers = sqliteTable('suppliers', {
  shopId: integer('shop_id').primaryKey().references(() => shops.id),
  name: text('name').notNull(),
  street: text('street').notNull(),
  zip: text('zip').notNull(),
  town: text('town').notNull(),
  /** Country code (sk, cz). */
  country: text('country').notNull(),
  /** IČO. */
  companyNumber: text('company_number').notNull(),
  /** DIČ. */
  taxNumber: text('tax_number').notNull(),
  /** IČ DPH; empty when the company is not a VAT payer. */
  vatNumber: text('vat_number').notNull().default(''),
  /** The commercial register entry a Slovak or Czech invoice must name. */
  register: text('register').notNull().default(''),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  bankName: text('bank_name').notNull(),
  /** The account holder's name as the QR payment carries it. */
  beneficiary: text('beneficiary').notNull(),
  iban: text('iban').notNull(),
  swift: text('swift').notNull(),
  /** The account as local banks write it (Czech: 2400123456/2010). */
  account: text('account').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export type SupplierRow = typeof suppliers.$inferSelect;
