import { vatBreakdown, type VatRow } from '../cart/pricing';
import type { OrderLineRow, OrderRow } from './order-row';

/** An order's lines as a shopper sees them, and the VAT summary of orders stored before it was kept. */

export interface OrderItemView {
  product: number | null;
  name: string;
  quantity: number;
  price: number;
  vat_rate: number;
  line_total: number;
  text: string;
}

/** Items grouped by product (spec 2): one row per product with the summed quantity. */
export function groupItems(rows: OrderLineRow[]): OrderItemView[] {
  const byKey = new Map<string, OrderItemView>();
  for (const r of rows) {
    const key = `${r.productId ?? r.name}:${r.unitPrice}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.quantity += r.quantity;
      seen.line_total += r.lineTotal;
    } else {
      byKey.set(key, { product: r.productId, name: r.name, quantity: r.quantity, price: r.unitPrice, vat_rate: r.vatRate, line_total: r.lineTotal, text: '' });
    }
  }
  return [...byKey.values()];
}

/**
 * Orders stored before the VAT summary was kept (migration 0012): the summary recomputed from their
 * lines, delivery and discount by the rule that prices carts now, so every document of such an
 * order still adds up. A free-shipping voucher took exactly the shipping off.
 */
export function legacyVatRows(row: OrderRow, items: OrderItemView[]): VatRow[] {
  const delivery = row.shippingPrice + row.paymentFee;
  return vatBreakdown({
    lines: items.map((i) => ({ total: i.line_total, rate: i.vat_rate })),
    delivery,
    discount: row.voucherPrice,
    discountOnDelivery: row.voucherPrice > 0 && row.voucherPrice === row.shippingPrice,
    rate: row.servicesVatRate,
  });
}
