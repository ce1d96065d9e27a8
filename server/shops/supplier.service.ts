import type { ShopCode } from '../config';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { SupplierRow } from '../db/schema';
import { supplierSchema, type SupplierInput } from './supplier.schemas';

/** The seller as invoices, PDFs, QR payments and mails print it (one row per storefront). */
export type Supplier = Omit<SupplierRow, 'shopId' | 'updatedAt'>;

/**
 * What a new database starts with, so a demo order prints a complete invoice. Placeholder company
 * data: the operator replaces it (`npx tsx server/shops/cli.ts supplier …`); index.ts warns in
 * production while the demo IČO is still there.
 */
export const DEMO_SUPPLIERS: Record<ShopCode, Supplier> = {
  sk: {
    name: 'obchod s.r.o.', street: 'Obchodná 1', zip: '811 06', town: 'Bratislava', country: 'sk', companyNumber: '12345678',
    taxNumber: '2021234567', vatNumber: 'SK2021234567', register: 'Obchodný register Mestského súdu Bratislava III, oddiel Sro, vložka č. 123456/B',
    email: 'info@obchod.sk', phone: '+421 2 1234 5678', bankName: 'Tatra banka', beneficiary: 'obchod s.r.o.',
    iban: 'SK2411000000002612345678', swift: 'TATRSKBX', account: 'SK24 1100 0000 0026 1234 5678',
  },
  cz: {
    name: 'obchod s.r.o.', street: 'Obchodná 1', zip: '811 06', town: 'Bratislava', country: 'sk', companyNumber: '12345678',
    taxNumber: '2021234567', vatNumber: 'CZ682123456', register: 'Obchodný register Mestského súdu Bratislava III, oddiel Sro, vložka č. 123456/B',
    email: 'info@obchod.cz', phone: '+420 212 345 678', bankName: 'Fio banka', beneficiary: 'obchod s.r.o.',
    iban: 'CZ6020100000002400123456', swift: 'FIOBCZPP', account: '2400123456/2010',
  },
};

export const DEMO_COMPANY_NUMBER = DEMO_SUPPLIERS.sk.companyNumber;

const COLUMNS = `name, street, zip, town, country, company_number AS companyNumber, tax_number AS taxNumber, vat_number AS vatNumber,
  register, email, phone, bank_name AS bankName, beneficiary, iban, swift, account`;

const sql = perDatabase((db: Db) => ({
  get: db.$client.prepare<[number], Supplier>(`SELECT ${COLUMNS} FROM suppliers WHERE shop_id = ?`),
  insert: db.$client.prepare(
    `INSERT INTO suppliers (shop_id, name, street, zip, town, country, company_number, tax_number, vat_number, register, email, phone,
       bank_name, beneficiary, iban, swift, account, updated_at)
     VALUES (@shopId, @name, @street, @zip, @town, @country, @companyNumber, @taxNumber, @vatNumber, @register, @email, @phone,
       @bankName, @beneficiary, @iban, @swift, @account, @updatedAt)
     ON CONFLICT (shop_id) DO UPDATE SET name = excluded.name, street = excluded.street, zip = excluded.zip, town = excluded.town,
       country = excluded.country, company_number = excluded.company_number, tax_number = excluded.tax_number,
       vat_number = excluded.vat_number, register = excluded.register, email = excluded.email, phone = excluded.phone,
       bank_name = excluded.bank_name, beneficiary = excluded.beneficiary, iban = excluded.iban, swift = excluded.swift,
       account = excluded.account, updated_at = excluded.updated_at`,
  ),
  missing: db.$client.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM suppliers WHERE shop_id = ?'),
}));

export class SupplierMissingError extends Error {}

/** The storefront's supplier; every document needs one, so a missing row is a setup error that says how to fix it. */
export function supplierOf(db: Db, shopId: number): Supplier {
  const row = sql(db).get.get(shopId);
  if (!row) throw new SupplierMissingError(`No supplier data for shop ${shopId}: run npx tsx server/shops/cli.ts supplier --shop sk|cz …`);
  return row;
}

/** Writes the demo supplier of each shop that has none (start-up and the seed); an operator's data is never replaced. */
export function ensureSuppliers(db: Db, shops: readonly { id: number; code: ShopCode }[], now = new Date()): void {
  for (const shop of shops) {
    if (sql(db).missing.get(shop.id)!.n === 0) sql(db).insert.run({ shopId: shop.id, ...DEMO_SUPPLIERS[shop.code], updatedAt: now.getTime() });
  }
}

/** Validates and stores a change (the CLI, later the back office); answers the stored supplier. */
export function updateSupplier(db: Db, shopId: number, patch: Partial<SupplierInput>, now: Date): Supplier {
  const current = db.$client.prepare<[number], Supplier>(`SELECT ${COLUMNS} FROM suppliers WHERE shop_id = ?`).get(shopId);
  const next = supplierSchema.parse({ ...current, ...patch });
  sql(db).insert.run({ shopId, ...next, updatedAt: now.getTime() });
  return supplierOf(db, shopId);
}
