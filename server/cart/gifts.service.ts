import type { Db } from '../db/client';
import { contentText } from '../catalog/content-texts';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';
import { perDatabase } from '../db/prepared';
import { giftProgress } from './pricing';

/** Spec 3, "Gift": value (plus its picture and threshold, which the cart shows). */
export interface GiftView {
  id: number;
  value: string;
  image: string | null;
  amount_min: number;
}

/** Spec 3, "Gift motivation": amount_min, item (image, value); plus progress in whole percent. */
export interface GiftMotivationView {
  amount_min: number;
  item: { image: string | null; value: string };
  progress: number;
}

interface Row {
  id: number;
  value: string;
  image: string | null;
  amountMin: number;
}

/**
 * The one rule of which gifts a cart is offered: active, of its shop, within their dates (valid_from
 * inclusive, valid_to exclusive, either open), and, when a gift names products (gift_products), only
 * with a cart holding one of them or a variant of one.
 */
const sql = perDatabase((db: Db) =>
  db.$client.prepare<[{ shop: number; now: number; cart: number; locale: Locale }], Row>(
    `SELECT g.id, ${contentText('gift', 'value', 'g')} AS value, g.image, g.amount_min AS amountMin FROM gifts g
      WHERE g.shop_id = @shop AND g.active = 1
        AND (g.valid_from IS NULL OR g.valid_from <= @now) AND (g.valid_to IS NULL OR g.valid_to > @now)
        AND (NOT EXISTS (SELECT 1 FROM gift_products gp WHERE gp.gift_id = g.id)
             OR EXISTS (SELECT 1 FROM cart_items ci JOIN products p ON p.id = ci.product_id
                          JOIN gift_products gp ON gp.gift_id = g.id AND gp.product_id IN (p.id, p.parent_id)
                         WHERE ci.cart_id = @cart))
      ORDER BY g.amount_min, g.id`,
  ),
);

/** The shop's gifts offered to this cart (null: no cart yet) at `now`, cheapest threshold first. */
export function shopGifts(db: Db, shopId: number, now: Date, cartId: number | null, locale: Locale = SOURCE_LOCALE): GiftView[] {
  return sql(db)
    .all({ shop: shopId, now: now.getTime(), cart: cartId ?? 0, locale })
    .map((row) => ({ id: row.id, value: row.value, image: row.image, amount_min: row.amountMin }));
}

/** Gifts the subtotal reached (amount_min ≤ subtotal; an empty cart reaches none). */
export function reachedGifts(gifts: readonly GiftView[], amount: number): GiftView[] {
  return amount > 0 ? gifts.filter((g) => g.amount_min <= amount) : [];
}

/** Gifts still above the subtotal, with how far the subtotal is towards each. */
export function giftMotivations(gifts: readonly GiftView[], amount: number): GiftMotivationView[] {
  return gifts
    .filter((g) => g.amount_min > amount || amount <= 0)
    .map((g) => ({ amount_min: g.amount_min, item: { image: g.image, value: g.value }, progress: giftProgress(amount, g.amount_min) }));
}

/**
 * What the cart promises and the order records: the best (highest threshold) gift the subtotal
 * reached, alone, as a list of zero or one. A gift voucher's item (type 5) comes on top of it,
 * shown in the voucher box. Listing every reached gift promised gifts the order never kept.
 */
export function giftWithOrder(gifts: readonly GiftView[], amount: number): GiftView[] {
  return reachedGifts(gifts, amount).slice(-1);
}
