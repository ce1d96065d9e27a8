import { msg } from '../i18n/msg';
import { productImageUrl, productUrl } from './urls';
import { sellable } from './sellable';

/**
 * What a product card (home, category, search and variant lists) shows. Money is in minor units of
 * the shop currency; the price is already the one for the shopper's role (B2C or B2B).
 */
export interface ProductCard {
  id: number;
  name: string;
  url: string;
  image: string | null;
  price: number;
  priceOld: number | null;
  /** With a crossed-out price, the EU Omnibus 30-day lowest price (price-history.ts). */
  priceLowest?: number | null;
  currencySymbol?: string;
  /** 0 in stock, 1 by tomorrow, -1 unavailable, N > 1 within N days (spec 9). */
  availabilityDays: number;
  /** The translated availability line; templates fall back to the code when it is missing. */
  availabilityText?: string;
  /** Ribbon types ("novinka", "zlava", "top", "akcia"). */
  tagsPublic?: string[];
  /** Whether the card gets the cart button: the shop sells this very product (sellable.ts). */
  sellable?: boolean;
  codePublic?: string;
}

/** A product's prices in one shop, as the price rows hold them (minor units, with VAT). */
export interface RolePrices {
  b2c: number;
  b2cOld: number | null;
  b2b: number;
  b2bOld: number | null;
}

/** The price a shopper sees: B2B for wholesale buyers, B2C for everyone else (spec 1). */
export function priceForRole(row: RolePrices, wholesale: boolean): { price: number; priceOld: number | null } {
  return wholesale ? { price: row.b2b, priceOld: row.b2bOld } : { price: row.b2c, priceOld: row.b2cOld };
}

export type AvailabilitySeverity = 'success' | 'info' | 'warn' | 'danger';

export interface Availability {
  /** Slovak source text (a message id); translate with i18n._(text, values). */
  text: string;
  values?: Record<string, unknown>;
  severity: AvailabilitySeverity;
}

/** Spec 9 availability codes: 0 "Skladom", 1 "Do zajtra", -1 "Nedostupné", N > 1 "Do N dní". */
export function availabilityOf(days: number): Availability {
  if (days === 0) return { text: msg('Skladom'), severity: 'success' };
  if (days === 1) return { text: msg('Do zajtra'), severity: 'info' };
  if (days < 0) return { text: msg('Nedostupné'), severity: 'danger' };
  return { text: msg('Do {days} dní'), values: { days }, severity: 'warn' };
}

/** What a card is made from: a listed product row (ListedProduct has these and more). */
type CardSource = { id: number; name: string; slug: string; imageFilename: string | null; price: number; priceOld: number | null; priceLowest?: number | null; availabilityDays: number; tagsPublic: string[]; visible: number; childrenCount: number; codePublic: string };

/** The fields every card of a listed product carries, untranslated: the search API's cards are these. */
export function listedCard(p: CardSource): ProductCard & { codePublic: string; tagsPublic: string[] } {
  return {
    id: p.id,
    name: p.name,
    url: productUrl(p.slug),
    image: p.imageFilename ? productImageUrl(p.imageFilename) : null,
    price: p.price,
    priceOld: p.priceOld,
    priceLowest: p.priceLowest ?? null,
    availabilityDays: p.availabilityDays,
    codePublic: p.codePublic,
    tagsPublic: p.tagsPublic,
  };
}

/** A listed product as a card; `t` translates the availability line for the shopper's locale. */
export function toProductCard(p: CardSource, currencySymbol: string, t: (id: string, values?: Record<string, unknown>) => string): ProductCard {
  const availability = availabilityOf(p.availabilityDays);
  return Object.assign(listedCard(p), {
    currencySymbol,
    availabilityText: t(availability.text, availability.values),
    sellable: sellable(p),
  });
}
