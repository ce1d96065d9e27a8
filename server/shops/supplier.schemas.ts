import { z } from 'zod';

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

/** The supplier's data as the operator enters it; the documents print exactly this. */
export const supplierSchema = z.object({
  name: line(120),
  street: line(120),
  zip: line(12),
  town: line(60),
  country: z.enum(['sk', 'cz']),
  companyNumber: z.string().trim().regex(/^\d{6,8}$/, 'IČO: 6 to 8 digits'),
  taxNumber: z.string().trim().regex(/^(CZ)?\d{8,10}$/, 'DIČ: 8 to 10 digits'),
  vatNumber: z.string().trim().regex(/^([A-Z]{2}[0-9A-Z]{8,12})?$/, 'IČ DPH: country prefix and number, or empty'),
  register: z.string().trim().max(200),
  email: z.email(),
  phone: z.string().trim().max(30),
  bankName: line(60),
  beneficiary: line(70),
  iban: z.string().transform((v) => v.replace(/\s+/g, '').toUpperCase()).refine(ibanValid, 'IBAN: not a valid IBAN'),
  swift: z.string().trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'SWIFT: 8 or 11 characters'),
  account: line(40),
});

export type SupplierInput = z.infer<typeof supplierSchema>;
