import type { I18n } from '@lingui/core';

/** How urgent the availability looks (same values as the catalogue's availability API). */
export type AvailabilitySeverity = 'success' | 'info' | 'warn' | 'danger';

/** Spec 9: 0 in stock, 1 by tomorrow, -1 unavailable, N > 1 "within N days". */
export function availabilityText(i18n: I18n, days: number): string {
  if (days === 0) return i18n._('Skladom');
  if (days === 1) return i18n._('Do zajtra');
  if (days < 0) return i18n._('Nedostupné');
  return i18n._('Do {days} dní', { days });
}

export function availabilitySeverity(days: number): AvailabilitySeverity {
  if (days === 0) return 'success';
  if (days === 1) return 'info';
  return days < 0 ? 'danger' : 'warn';
}

/** schema.org availability for JSON-LD offers. */
export function schemaAvailability(days: number): string {
  if (days === 0) return 'https://schema.org/InStock';
  if (days < 0) return 'https://schema.org/OutOfStock';
  return 'https://schema.org/BackOrder';
}

export interface Ribbon {
  type: string;
  label: string;
}

/** Ribbons from tags_public; an unknown type still shows, under its own name. */
export function ribbons(i18n: I18n, types: string[], discountPercent: number | null): Ribbon[] {
  return types.map((type) => {
    switch (type) {
      case 'novinka':
        return { type, label: i18n._('Novinka') };
      case 'zlava':
        return { type, label: discountPercent ? i18n._('Zľava {percent} %', { percent: discountPercent }) : i18n._('Zľava') };
      case 'top':
        return { type, label: i18n._('Top') };
      case 'akcia':
        return { type, label: i18n._('Akcia') };
      default:
        return { type, label: type };
    }
  });
}

/** Whole percent off the crossed-out price, or null when there is none. */
export function discountPercent(price: number, priceOld: number | null): number | null {
  if (!priceOld || priceOld <= price) return null;
  return Math.round(((priceOld - price) / priceOld) * 100);
}
