import { msg } from '../i18n/msg';

/**
 * The step-3 rules without zod, so the wizard bundles them cheaply (the server's zod schema in
 * orders.schemas.ts builds on these same texts and checks).
 */
export const REQUIRED = msg('Toto pole je povinné');
export const STREET = msg('Musí obsahovať názov a čislo!');
/** The confirmation goes to exactly one address: never a list, a display name or anything else. */
export const EMAIL = msg('Zadajte jednu platnú e-mailovú adresu');
export const TERMS = msg('Pre dokončenie objednávky musíte súhlasiť s obchodnými podmienkami');
export const COUNTRY = msg('Do tejto krajiny nedoručujeme');
/** A pickup point fixes the delivery country (spec 4 "a field bound to a carrier", docs/decisions/122). */
export const PICKUP_COUNTRY = msg('Zvolené výdajné miesto je v inej krajine. Krajinu doručenia zmeníte zmenou dopravy.');

/** Spec 5: at least one letter and at least one digit. */
export function streetOk(value: string): boolean {
  return /\p{L}/u.test(value) && /\d/.test(value);
}

export const CUSTOMER_FIELDS = [
  'companyName', 'companyNumber', 'companyVat', 'companyTax', 'firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact',
  'email', 'invoiceNumber', 'invoiceVat', 'invoiceTax', 'invoiceName', 'invoiceStreet', 'invoiceTown', 'invoiceZip', 'invoiceCountry',
  'userNote', 'voucher', 'condition', 'consentHeureka',
] as const;

export const REQUIRED_FIELDS = ['firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact', 'email', 'condition'] as const;

/** Countries a buyer may choose: the shop's own, or sk and cz for ROLE_WHOLESALE (spec 5). */
export function allowedCountries(shopCountry: string, wholesale: boolean): string[] {
  return wholesale ? ['sk', 'cz'] : [shopCountry];
}

/** One field's blocking message for instant feedback, or '' (the server re-checks everything). */
export function fieldMessage(name: string, value: string | boolean, countries: readonly string[]): string {
  if (name === 'condition') return value === true ? '' : TERMS;
  const text = typeof value === 'string' ? value.trim() : '';
  if ((REQUIRED_FIELDS as readonly string[]).includes(name) && !text) return REQUIRED;
  if (name === 'street' && !streetOk(text)) return STREET;
  if (name === 'country' && !countries.includes(text.toLowerCase())) return COUNTRY;
  return '';
}

/** The non-blocking warning on the invoice street (spec 5): shown, never stops the order. */
export function checkoutWarnings(input: { invoiceStreet?: unknown }): Record<string, string> {
  const street = typeof input.invoiceStreet === 'string' ? input.invoiceStreet.trim() : '';
  return street && !streetOk(street) ? { invoiceStreet: STREET } : {};
}
