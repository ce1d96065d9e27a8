import { z } from 'zod';
import { msg } from '../i18n/msg';

import { COUNTRY, EMAIL, REQUIRED, STREET, TERMS, streetOk } from './orders.rules';

export { COUNTRY, CUSTOMER_FIELDS, EMAIL, REQUIRED, REQUIRED_FIELDS, STREET, TERMS, allowedCountries, checkoutWarnings, streetOk } from './orders.rules';

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), z.string().max(max, { message: msg('Text je príliš dlhý') }));
const required = (max: number) => text(max).refine((v) => v.length > 0, { message: REQUIRED });
const ONE_EMAIL = z.email();
const checked = z.preprocess((v) => v === true || v === 'on' || v === '1' || v === 'true' || v === 1, z.boolean());

/**
 * The step-3 customer form (spec 3 "Checkout form fields sent", spec 5 rules). The wizard uses the
 * zod-free orders.rules.ts for instant feedback. No price, total or line is read from a client.
 */
export function checkoutSchema(countries: readonly string[]) {
  return z.object({
    companyName: text(120),
    companyNumber: text(20),
    companyVat: text(20),
    companyTax: text(20),
    firstName: required(60),
    lastName: required(60),
    street: required(120).refine(streetOk, { message: STREET }),
    town: required(60),
    zip: required(12),
    country: required(2).refine((v) => countries.includes(v.toLowerCase()), { message: COUNTRY }).transform((v) => v.toLowerCase()),
    contact: required(30),
    // zod's e-mail check (one addr-spec, ASCII, a dotted domain): lists, "Name <a@b>" and "a;b" are refused.
    email: required(120).refine((v) => v === '' || ONE_EMAIL.safeParse(v).success, { message: EMAIL }),
    invoiceNumber: text(20),
    invoiceVat: text(20),
    invoiceTax: text(20),
    invoiceName: text(120),
    invoiceStreet: text(120),
    invoiceTown: text(60),
    invoiceZip: text(12),
    invoiceCountry: text(2),
    userNote: text(1000),
    voucher: text(40),
    condition: checked.refine((v) => v, { message: TERMS }),
    consentHeureka: checked,
  });
}

export type CheckoutInput = z.infer<ReturnType<typeof checkoutSchema>>;

const trackField = z.string().trim().min(1, { message: REQUIRED }).max(30, { message: msg('Text je príliš dlhý') });

/** The parcel tracker finder (spec "Tracker find"): POST /api/purchase/track and the form at /sledovanie-zasielky. */
export const trackSchema = z.object({
  documentNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), trackField),
  phone: trackField,
});

export type TrackInput = z.infer<typeof trackSchema>;

/** The tracker's answer when no order of this shop has the number and phone (the API's problem detail, the form's notice). */
export const TRACK_NOT_FOUND = msg('Objednávku s týmto číslom a telefónom sme nenašli');

/** Field → message of a failed trackSchema parse: a missing, empty or non-text field is required. */
export function trackErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.code === 'too_big' ? issue.message : REQUIRED;
  return errors;
}
