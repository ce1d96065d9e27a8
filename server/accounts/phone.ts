import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * Spec 5: the phone must be a valid MOBILE number. The full ("max") metadata is needed to tell
 * mobile from fixed-line ranges; numbers without a prefix are read in the shop's country.
 * Answers E.164 (+421905123456) or null.
 */
export function normalizeMobile(raw: string, shopCountry: string): string | null {
  const country = (shopCountry.toUpperCase() === 'CZ' ? 'CZ' : 'SK') as CountryCode;
  const phone = parsePhoneNumberFromString(raw, country);
  if (!phone || !phone.isValid()) return null;
  const type = phone.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? phone.number : null;
}
