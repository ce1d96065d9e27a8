import { vatOf } from './orders.service';
import type { OrderView } from './order-view';

export interface VatRow {
  rate: number;
  base: number;
  vat: number;
  total: number;
}

/**
 * The invoice's VAT summary, computed the way the order's VAT was (orders.service.ts): each line at
 * its own rate, shipping and the payment fee at the shop's rate, a voucher taken off at the shop's
 * rate. So the rows add up to the order's `vat` exactly; the cash rounding is outside VAT.
 */
export function vatSummary(order: OrderView, shopVatRate: number): VatRow[] {
  const rows = new Map<number, { gross: number; vat: number }>();
  const add = (rate: number, gross: number, vat: number) => {
    const row = rows.get(rate) ?? { gross: 0, vat: 0 };
    row.gross += gross;
    row.vat += vat;
    rows.set(rate, row);
  };
  for (const item of order.items) add(item.vat_rate, item.line_total, vatOf(item.line_total, item.vat_rate));
  const services = order.price_shipping + order.price_payment;
  if (services) add(shopVatRate, services, vatOf(services, shopVatRate));
  if (order.voucher_price) add(shopVatRate, -order.voucher_price, -vatOf(order.voucher_price, shopVatRate));
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, r]) => ({ rate, base: r.gross - r.vat, vat: r.vat, total: r.gross }));
}
