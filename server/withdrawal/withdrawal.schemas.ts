import { z } from 'zod';
import { msg } from '../i18n/msg';
import { EMAIL, REQUIRED } from '../orders/orders.rules';

const TOO_LONG = msg('Text je príliš dlhý');

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), z.string({ message: REQUIRED }).max(max, { message: TOO_LONG }));
const required = (max: number) => text(max).refine((v) => v.length > 0, { message: REQUIRED });

/** Field limits, also the form's maxlength. */
export const LIMITS = { name: 120, documentNumber: 30, email: 120, reason: 1000 } as const;

/**
 * Step 1 asks only what identifies the contract (Art. 11a CRD): name, order number, e-mail. Nothing
 * here reads the database, so a field error tells a stranger nothing about any order.
 */
export const findSchema = z.object({
  name: required(LIMITS.name),
  // Spaces are allowed as people copy "26 1 0000042" from a mail; the number itself is digits.
  documentNumber: required(LIMITS.documentNumber)
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^\d{1,20}$/.test(v), { message: msg('Číslo objednávky obsahuje len číslice') }),
  email: required(LIMITS.email).pipe(z.email({ message: EMAIL })),
});

export type FindInput = z.infer<typeof findSchema>;

/** Step 2 besides the chosen pieces (read per line by withdrawal-form.ts): the name and an optional reason. */
export const confirmSchema = z.object({
  name: required(LIMITS.name),
  reason: text(LIMITS.reason),
});

/** Field → message of a failed parse; the first issue of each field wins. */
export function formErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message || REQUIRED;
  return errors;
}
