import type { ShopCode } from '../config';

/**
 * The shop's own bank account per storefront, shown in the bank-transfer dialog, the e-mail and
 * the PDF. Constants for now (the operator edits them here); IBANs are the demo accounts.
 */
export interface BankAccount {
  bankName: string;
  beneficiary: string;
  iban: string;
  swift: string;
  /** Account number as Czech banks write it (QR Platba still carries the IBAN). */
  account: string;
}

export const BANK_ACCOUNTS: Record<ShopCode, BankAccount> = {
  sk: { bankName: 'Tatra banka', beneficiary: 'obchod s.r.o.', iban: 'SK2411000000002612345678', swift: 'TATRSKBX', account: 'SK24 1100 0000 0026 1234 5678' },
  cz: { bankName: 'Fio banka', beneficiary: 'obchod s.r.o.', iban: 'CZ6020100000002400123456', swift: 'FIOBCZPP', account: '2400123456/2010' },
};
