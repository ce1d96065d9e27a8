import { z } from 'zod';
import { msg } from '../i18n/msg';

/** A valid IBAN by ISO 13616: two letters, two check digits, the BBAN; mod 97 of the rearranged number is 1. */
export function ibanValid(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const line = (max: number) => z.string().trim().min(1).max(max);

/** The supplier's data as the operator enters it (the CLI, the back office); the documents print exactly this. */
export const supplierSchema = z.object({
  name: line(120),
  street: line(120),
  zip: line(12),
  town: line(60),
  country: z.enum(['sk', 'cz']),
  companyNumber: z.string().trim().regex(/^\d{6,8}$/, msg('IČO má 6 až 8 číslic')),
  taxNumber: z.string().trim().regex(/^(CZ)?\d{8,10}$/, msg('DIČ má 8 až 10 číslic')),
  vatNumber: z.string().trim().regex(/^([A-Z]{2}[0-9A-Z]{8,12})?$/, msg('IČ DPH je kód krajiny a číslo, alebo nič')),
  register: z.string().trim().max(200),
  email: z.email(),
  phone: z.string().trim().max(30),
  bankName: line(60),
  beneficiary: line(70),
  iban: z.string().transform((v) => v.replace(/\s+/g, '').toUpperCase()).refine(ibanValid, msg('Toto nie je platný IBAN')),
  swift: z.string().trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, msg('SWIFT má 8 alebo 11 znakov')),
  account: line(40),
});

export type SupplierInput = z.infer<typeof supplierSchema>;
