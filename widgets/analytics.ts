import { pushEvent } from './lib/data-layer';

/**
 * GA4's recommended e-commerce events on `window.dataLayer`, pushed where they happen (issue 22):
 * view_item_list and view_item from the page's own data block (entries/site.ts pushes
 * `#shop-analytics`), add_to_cart, remove_from_cart, begin_checkout, add_shipping_info and
 * add_payment_info from the widgets, purchase from the order's thank-you page. Amounts are in major
 * units as GA4 expects (our minor units / 100). Each event first clears the previous `ecommerce`
 * object, as Google's data-layer guide asks. No tag is loaded: the operator adds theirs (README), and
 * Consent Mode v2 (entries/consent.ts) tells it what it may store.
 */
export type EcommerceEvent =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

export interface Ga4Item {
  item_id: string;
  item_name: string;
  /** Unit price in major units. */
  price: number;
  quantity: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

export interface Ecommerce {
  currency: string;
  /** Sum of the items (price × quantity), major units. */
  value: number;
  items: Ga4Item[];
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  shipping_tier?: string;
  payment_type?: string;
  coupon?: string;
  item_list_id?: string;
  item_list_name?: string;
}

/** Minor units (cents) → GA4's major units. */
export const major = (minor: number) => Math.round(minor) / 100;

/** One item from a product or cart line given in minor units. */
export function ga4Item(id: number | string, name: string, priceMinor: number, quantity = 1): Ga4Item {
  return { item_id: String(id), item_name: name, price: major(priceMinor), quantity };
}

/** Builds `ecommerce` (value = Σ price × quantity unless given) and pushes the event. */
export function track(event: EcommerceEvent, currency: string, items: Ga4Item[], extra: Partial<Omit<Ecommerce, 'currency' | 'items'>> = {}): void {
  const value = extra.value ?? Math.round(items.reduce((sum, item) => sum + item.price * 100 * item.quantity, 0)) / 100;
  (window.dataLayer ??= []).push({ ecommerce: null });
  pushEvent({ event, ecommerce: { currency, ...extra, value, items } });
}

/** The cart's lines as GA4 items (the checkout wizard's events). */
export function cartItems(lines: { id: number; name: string; price_active: number; quantity: number }[]): Ga4Item[] {
  return lines.map((line) => ga4Item(line.id, line.name, line.price_active, line.quantity));
}
