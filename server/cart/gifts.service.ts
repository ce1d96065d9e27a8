import type { Db } from '../db/client';
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

const sql = perDatabase((db: Db) =>
  db.$client.prepare<[number], Row>('SELECT id, value, image, amount_min AS amountMin FROM gifts WHERE shop_id = ? AND active = 1 ORDER BY amount_min, id'),
);

/** The shop's active gifts, cheapest threshold first. */
export function shopGifts(db: Db, shopId: number): GiftView[] {
  return sql(db)
    .all(shopId)
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
