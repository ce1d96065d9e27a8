import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { formatMoney } from '../render/format';
import { freeShippingFrom, shopOptions } from './shipping.service';

/**
 * The one free-shipping limit a shop states (docs/decisions/241). Its source is the shop's
 * shipping rules, the same rows the checkout prices delivery from (shipping.service.ts): the
 * smallest subtotal from which some carrier ships free to the country. Every text that states it
 * reads it here: the home page's hero, the cart, and editors' banner and overlay texts through
 * the FREE_SHIPPING_TOKEN they may write instead of a figure.
 */

/** What an editor writes in a banner's alt or an overlay's text where the limit goes: "Doprava zadarmo nad {doprava_zadarmo_od}." */
export const FREE_SHIPPING_TOKEN = '{doprava_zadarmo_od}';

/** The limit in minor units of the shop currency for the request's shop (its country, or `country`), null when nothing ships free. */
export function freeShippingLimit(c: Context<AppEnv>, country?: string): number | null {
  const shop = c.get('shop');
  return freeShippingFrom(shopOptions(c.get('deps').db, shop.id, country ?? shop.country, c.get('catalogVersion')));
}

/** The limit formatted in the shop's currency and the shopper's locale (the money formatter's), or null. */
export function freeShippingLimitText(c: Context<AppEnv>, country?: string): string | null {
  const limit = freeShippingLimit(c, country);
  return limit === null ? null : formatMoney(limit, c.get('shop').currency, c.get('locale'));
}

/** An editor's text with the token replaced by the shop's limit (removed when nothing ships free). */
export function withFreeShippingLimit(c: Context<AppEnv>, text: string): string {
  if (!text.includes(FREE_SHIPPING_TOKEN)) return text;
  return text.split(FREE_SHIPPING_TOKEN).join(freeShippingLimitText(c) ?? '');
}

/** A list of editors' items (overlays' `text`, banners' `alt` and copy) with the token filled in `field` (or each of `fields`). */
export function fillFreeShippingLimit<T extends object, K extends keyof T>(c: Context<AppEnv>, items: T[], field: K | readonly K[]): T[] {
  const fields = Array.isArray(field) ? (field as readonly K[]) : [field as K];
  return items.map((item) => {
    let out = item;
    for (const f of fields) {
      const value = item[f];
      if (typeof value === 'string' && value.includes(FREE_SHIPPING_TOKEN)) out = { ...out, [f]: withFreeShippingLimit(c, value) };
    }
    return out;
  });
}
