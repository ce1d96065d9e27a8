import { LRUCache } from 'lru-cache';
import type { Locale } from '../i18n/locales';

const BCP47: Record<Locale, string> = { sk: 'sk-SK', cs: 'cs-CZ', en: 'en-GB', de: 'de-DE', ro: 'ro-RO', hu: 'hu-HU' };

export const intlLocale = (locale: Locale) => BCP47[locale];

/** Each Intl format made once: building one costs ~0.2 ms, most of a guide page. */
const formats = new Map<string, { format(value: number | Date): string }>();
const formatter = (key: string, make: () => { format(value: number | Date): string }) => formats.get(key) ?? formats.set(key, make()).get(key)!;

/** Amounts already formatted: Intl costs ~5 µs a call, and pages show the same few thousand amounts again and again. */
const amounts = new LRUCache<string, string>({ max: 50_000 });

/** Formats integer minor units at the edge. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}:${minor}`;
  let text = amounts.get(key);
  if (text === undefined) {
    const money = formatter(`${locale}:${currency}`, () => new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency, minimumFractionDigits: 2 }));
    amounts.set(key, (text = money.format(minor / 100)));
  }
  return text;
}

/** A plain number in the locale ("4,6" in sk-SK and cs-CZ, "4.6" in en-GB), at most `decimals` decimals. */
export const formatNumber = (value: number, locale: Locale, decimals = 1) =>
  formatter(`${locale}:${decimals}`, () => new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits: decimals })).format(value);

/** A day written out in the locale ("22. novembra 2026") in the shop's time zone. */
export const formatLongDate = (date: Date, locale: Locale) =>
  formatter(`${locale}:long`, () => new Intl.DateTimeFormat(BCP47[locale], { dateStyle: 'long', timeZone: 'Europe/Bratislava' })).format(date);
