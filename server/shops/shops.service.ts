import type { Config, ShopCode } from '../config';
import type { Db } from '../db/client';
import { shops } from '../db/schema';
import type { ShopContext } from '../http/env';
import { isLocale } from '../i18n/locales';
import { ensureSuppliers } from './supplier.service';
import { ensureClaimTypes } from '../claims/claim-types.service';
import { CLAIM_PATH } from '../claims/paths';
import { WITHDRAWAL_PATHS } from '../withdrawal/paths';

/** The two storefronts; written by the seed and by start-up when missing. */
export const SHOP_ROWS = [
  { id: 1, code: 'sk', name: 'obchod.sk', locale: 'sk', country: 'sk', currency: 'EUR', currencySymbol: '€', rounding: 5, vatRate: 23, email: 'info@obchod.sk', termsSlug: 'podmienky', codFee: 100 },
  { id: 2, code: 'cz', name: 'obchod.cz', locale: 'cs', country: 'cz', currency: 'CZK', currencySymbol: 'Kč', rounding: 100, vatRate: 21, email: 'info@obchod.cz', termsSlug: 'obchodni-podminky', codFee: 4000 },
] as const;

export function ensureShops(db: Db): void {
  db.insert(shops).values([...SHOP_ROWS]).onConflictDoNothing().run();
  ensureSuppliers(db, SHOP_ROWS);
  // Claim types are rows the claim form needs from the first request on, demo shop or not.
  ensureClaimTypes(db);
}

export function loadShops(db: Db, config: Config): Record<ShopCode, ShopContext> {
  const out = {} as Record<ShopCode, ShopContext>;
  for (const row of db.select().from(shops).all()) {
    if (!isLocale(row.locale)) throw new Error(`Shop ${row.code} has an unknown locale ${row.locale}`);
    out[row.code] = {
      id: row.id,
      code: row.code,
      name: row.name,
      locale: row.locale,
      country: row.country,
      currency: row.currency,
      currencySymbol: row.currencySymbol,
      rounding: row.rounding,
      vatRate: row.vatRate,
      email: row.email,
      termsPath: `/${row.termsSlug}`,
      claimPath: CLAIM_PATH[row.code],
      withdrawalPath: WITHDRAWAL_PATHS[row.code].form,
      origin: config.origins[row.code],
    };
  }
  if (!out.sk || !out.cz) throw new Error('Both shops (sk, cz) must exist in the database');
  return out;
}
