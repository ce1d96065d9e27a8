import type { ShopCode } from '../config';
import { BANK_ACCOUNTS } from './bank';

/**
 * The seller as printed on an invoice, per storefront. Constants like the bank accounts (bank.ts):
 * the operator edits them here; the registration numbers below are the demo company's.
 */
export interface Supplier {
  name: string;
  street: string;
  town: string;
  country: string;
  companyNumber: string;
  taxNumber: string;
  vatNumber: string;
  iban: string;
}

export const SUPPLIERS: Record<ShopCode, Supplier> = {
  sk: { name: 'obchod s.r.o.', street: 'Obchodná 1', town: '811 06 Bratislava', country: 'Slovensko', companyNumber: '12345678', taxNumber: '2021234567', vatNumber: 'SK2021234567', iban: BANK_ACCOUNTS.sk.iban },
  cz: { name: 'obchod s.r.o.', street: 'Obchodná 1', town: '811 06 Bratislava', country: 'Slovensko', companyNumber: '12345678', taxNumber: '2021234567', vatNumber: 'SK2021234567', iban: BANK_ACCOUNTS.cz.iban },
};
