import type { ShopCode } from '../config';
import type { Db } from '../db/client';
import type { OrderView } from '../orders/order-view';
import { formatDateTime, formatDateTimeSeconds } from '../orders/order-dates';
import { withdrawalFormPath, withdrawalReceiptPath } from './paths';
import { withdrawalPeriod } from './withdrawal-period';
import { withdrawalOptions } from './withdrawal.service';

/**
 * How an order's own pages lead to the withdrawal function and show the withdrawals made: the
 * tracking page (the whole state) and the account's order list (one row per order, no item sums).
 */

export interface TrackingWithdrawal {
  /** Step 2 of this order while something may still be withdrawn; null otherwise. */
  href: string | null;
  entries: { when: string; url: string; items: { name: string; quantity: number }[] }[];
}

export function trackingWithdrawal(db: Db, shop: { id: number; code: ShopCode }, order: OrderView, now: Date): TrackingWithdrawal {
  const options = withdrawalOptions(db, order, shop.id, now);
  if (!options) return { href: null, entries: [] };
  return {
    href: options.state === 'open' ? withdrawalFormPath(shop.code, order.hash) : null,
    entries: options.withdrawals.map((w) => ({
      when: formatDateTimeSeconds(new Date(w.createdAt)),
      url: withdrawalReceiptPath(shop.code, w.publicId),
      items: w.items.map((i) => ({ name: i.name, quantity: i.quantity })),
    })),
  };
}

/**
 * A row of /moje/objednavky: the link to step 2 while the period runs (step 2 says when all is
 * withdrawn already) or once the order has a withdrawal (step 2 lists its receipts), and its date.
 */
export function listedWithdrawal(shop: ShopCode, order: { hash: string; deliveredAt: number | null; cancelledAt: number | null; withdrawnAt: number | null }, now: Date) {
  const open = order.cancelledAt === null && withdrawalPeriod({ deliveredAt: order.deliveredAt === null ? null : new Date(order.deliveredAt) }, now).open;
  return {
    withdrawalUrl: open || order.withdrawnAt !== null ? withdrawalFormPath(shop, order.hash) : null,
    withdrawnOn: order.withdrawnAt === null ? null : formatDateTime(new Date(order.withdrawnAt).toISOString(), false),
  };
}
