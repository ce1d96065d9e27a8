/**
 * The operator's supplier data until the back office edits it (docs/decisions/208):
 *   npx tsx server/shops/cli.ts supplier --shop sk                      prints it
 *   npx tsx server/shops/cli.ts supplier --shop cz --iban CZ… --swift … sets fields (validated)
 * Fields: name, street, zip, town, country, company-number, tax-number, vat-number, register, email,
 * phone, bank-name, beneficiary, iban, swift, account. Reads DB_FILE like the server does.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { SHOP_ROWS } from './shops.service';
import { supplierOf, updateSupplier } from './supplier.service';
import type { SupplierInput } from './supplier.schemas';

const FIELDS: Record<string, keyof SupplierInput> = {
  name: 'name', street: 'street', zip: 'zip', town: 'town', country: 'country', 'company-number': 'companyNumber',
  'tax-number': 'taxNumber', 'vat-number': 'vatNumber', register: 'register', email: 'email', phone: 'phone',
  'bank-name': 'bankName', beneficiary: 'beneficiary', iban: 'iban', swift: 'swift', account: 'account',
};

export function runShopCli(db: Db, argv: string[], out: (line: string) => void = console.log, now = new Date()): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { shop: { type: 'string' }, ...Object.fromEntries(Object.keys(FIELDS).map((k) => [k, { type: 'string' as const }])) },
    });
  } catch (error) {
    out((error as Error).message);
    return 2;
  }
  const shop = SHOP_ROWS.find((s) => s.code === parsed.values.shop);
  if (parsed.positionals[0] !== 'supplier' || !shop) {
    out('usage: supplier --shop sk|cz [--iban … --swift … --name … (see the file header)]');
    return 2;
  }
  const patch: Partial<SupplierInput> = {};
  for (const [flag, key] of Object.entries(FIELDS)) {
    const value = (parsed.values as Record<string, string | undefined>)[flag];
    if (value !== undefined) (patch as Record<string, string>)[key] = value;
  }
  try {
    const supplier = Object.keys(patch).length ? updateSupplier(db, shop.id, patch, now) : supplierOf(db, shop.id);
    for (const [flag, key] of Object.entries(FIELDS)) out(`${flag}: ${supplier[key]}`);
    return 0;
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const issue of error.issues) out(`${issue.path.join('.')}: ${issue.message}`);
      return 1;
    }
    throw error;
  }
}

void runAsMain(import.meta.url, (db, _config, argv) => runShopCli(db, argv));
