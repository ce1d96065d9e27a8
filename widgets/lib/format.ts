import { getDefaults } from './defaults';

const formats = new Map<string, Intl.NumberFormat>();

/** Money arrives as integer minor units with its currency; it becomes text only here, at the edge. */
export function formatMoney(minor: number, currency = getDefaults().currency.code, locale = getDefaults().intlLocale): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    // Same rule as server/render/format.ts, so a widget and the page print a price identically.
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(minor / 100);
}
