import type { I18n } from '@lingui/core';
import { msg } from '../i18n/msg';
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import type { VatRow } from '../cart/pricing';
import type { OrderView } from './order-view';

/**
 * The one list of what an order charged, in print order, for every document that shows it: the
 * tracking page, the order PDF, the invoice PDF, the mails and (as figures) GET /api/purchase/{hash}.
 * Items, then the lines that add to the total (shipping, COD fee, voucher discount, cent alignment);
 * the gift goes with the order at no charge. Σ items + Σ charges = total, always; the VAT summary
 * is Σ (base + vat) = total − alignment.
 */
export type ChargeKey = 'shipping' | 'fee' | 'discount' | 'alignment';

export interface SummaryItem {
  product: number | null;
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  vatRate: number;
}

export interface SummaryCharge {
  key: ChargeKey;
  /** Message id and its values: each document translates it in its reader's language. */
  label: string;
  values?: Record<string, string>;
  amount: number;
}

export interface OrderSummary {
  items: SummaryItem[];
  subtotal: number;
  charges: SummaryCharge[];
  gift: string | null;
  vatRows: VatRow[];
  totalWithoutVat: number;
  vat: number;
  total: number;
  paid: number;
}

export const SUMMARY_LABELS = {
  subtotal: msg('Medzisúčet s DPH'),
  shipping: msg('Doprava s DPH'),
  fee: msg('Poplatok za dobierku'),
  discount: msg('Zľava (kupón {code})'),
  alignment: msg('Centové dorovnanie'),
  gift: msg('Darček'),
  withoutVat: msg('Celkom bez DPH'),
  vat: msg('DPH'),
  vatRate: msg('DPH {rate} %'),
  base: msg('Základ dane {rate} %'),
  total: msg('Celkom s DPH'),
  paid: msg('Zaplatené'),
} as const;

export function orderSummary(order: OrderView): OrderSummary {
  const charges: SummaryCharge[] = [{ key: 'shipping', label: SUMMARY_LABELS.shipping, amount: order.price_shipping }];
  if (order.price_payment) charges.push({ key: 'fee', label: SUMMARY_LABELS.fee, amount: order.price_payment });
  if (order.voucher_price) charges.push({ key: 'discount', label: SUMMARY_LABELS.discount, values: { code: order.voucher_text ?? '' }, amount: -order.voucher_price });
  if (order.price_alignment) charges.push({ key: 'alignment', label: SUMMARY_LABELS.alignment, amount: order.price_alignment });
  return {
    items: order.items.map((i) => ({ product: i.product, name: i.name, quantity: i.quantity, unitPrice: i.price, amount: i.line_total, vatRate: i.vat_rate })),
    subtotal: order.subtotal,
    charges,
    gift: order.gift,
    vatRows: order.vat_rows,
    totalWithoutVat: order.total_without_vat,
    vat: order.vat,
    total: order.total,
    paid: order.price_payed,
  };
}

/** A summary line as printed: its label in the reader's language and the amount formatted. */
export interface PrintedLine {
  key: string;
  label: string;
  amount: number;
  text: string;
}

/**
 * Every printed figure line below the items, in one order for every document: subtotal, the
 * charges, then the VAT summary (base and VAT per rate), totals and the amount paid.
 */
export function printedTotals(summary: OrderSummary, i18n: I18n, currency: string, locale: Locale): PrintedLine[] {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const line = (key: string, label: string, amount: number, values?: Record<string, unknown>): PrintedLine => ({
    key,
    label: i18n._(label, values),
    amount,
    text: money(amount),
  });
  return [
    line('subtotal', SUMMARY_LABELS.subtotal, summary.subtotal),
    ...summary.charges.map((c) => line(c.key, c.label, c.amount, c.values)),
    ...summary.vatRows.flatMap((r) => [
      line(`base-${r.rate}`, SUMMARY_LABELS.base, r.base, { rate: r.rate }),
      line(`vat-${r.rate}`, SUMMARY_LABELS.vatRate, r.vat, { rate: r.rate }),
    ]),
    line('without-vat', SUMMARY_LABELS.withoutVat, summary.totalWithoutVat),
    line('vat', SUMMARY_LABELS.vat, summary.vat),
    line('total', SUMMARY_LABELS.total, summary.total),
    line('paid', SUMMARY_LABELS.paid, summary.paid),
  ];
}
