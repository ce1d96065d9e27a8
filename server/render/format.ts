import { LRUCache } from 'lru-cache';
import type { Locale } from '../i18n/locales';

const BCP47: Record<Locale, string> = { sk: 'sk-SK', cs: 'cs-CZ', en: 'en-GB', de: 'de-DE', ro: 'ro-RO', hu: 'hu-HU' };
const moneyFormats = new Map<string, { format: Intl.NumberFormat; zero: string }>();

export function intlLocale(locale: Locale): string {
  return BCP47[locale];
}

/**
 * Amounts already formatted: Intl formatting costs ~5 µs a call and a product page shows a few
 * dozen prices (variants, related products), the same few thousand amounts again and again.
 */
const formatted = new LRUCache<string, string>({ max: 50_000 });

/** Formats integer minor units at the edge; whole-crown prices drop the decimals. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let known = moneyFormats.get(key);
  if (!known) {
    const format = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency, minimumFractionDigits: 2 });
    known = { format, zero: format.format(0) };
    moneyFormats.set(key, known);
  }
  if (minor === 0) return known.zero;
  const amount = `${key}:${minor}`;
  let text = formatted.get(amount);
  if (text === undefined) formatted.set(amount, (text = known.format.format(minor / 100)));
  return text;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number in the locale ("4,6" in sk-SK and cs-CZ, "4.6" in en-GB), at most `decimals` decimals. */
export function formatNumber(value: number, locale: Locale, decimals = 1): string {
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits: decimals })));
  return format.format(value);
}

const longDates = new Map<Locale, Intl.DateTimeFormat>();

/** A day written out in the locale ("22. novembra 2026") in the shop's time zone. */
export function formatLongDate(date: Date, locale: Locale): string {
  let format = longDates.get(locale);
  // Made once per locale: building an Intl.DateTimeFormat costs ~0.2 ms, most of a guide page.
  if (!format) longDates.set(locale, (format = new Intl.DateTimeFormat(BCP47[locale], { dateStyle: 'long', timeZone: 'Europe/Bratislava' })));
  return format.format(date);
}
