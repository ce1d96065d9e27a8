import type { Locale } from '../i18n/locales';

const BCP47: Record<Locale, string> = { sk: 'sk-SK', cs: 'cs-CZ', en: 'en-GB', de: 'de-DE', ro: 'ro-RO', hu: 'hu-HU' };
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function intlLocale(locale: Locale): string {
  return BCP47[locale];
}

/** Formats integer minor units at the edge; whole-crown prices drop the decimals. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency, minimumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 100);
}
