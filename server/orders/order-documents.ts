import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import type { Logger } from '../http/env';
import type { Locale } from '../i18n/locales';
import { supplierOf, type Supplier } from '../shops/supplier.service';
import { orderPdf, type InvoiceFacts } from './order-pdf';
import { reversedSummary, type CreditNote } from './credit-note.service';
import { orderSummary } from './order-summary';
import type { OrderView } from './order-view';
import { paymentQrDataUrl, paymentQrPng, paymentQrText } from './payment-qr';
import { formatDateTime } from './order-dates';

/**
 * What the documents of one order are made from, made once per document: the supplier, the
 * summary, the payment QR. Drawing a QR may fail (a library refusing a value): the payment details
 * are still printed and the document still answers, so the shopper's page never breaks for it.
 */

/** The QR an unpaid bank transfer shows: its text (PAY by square / SPAYD), or null when the order needs none or it failed. */
export function paymentQr(order: OrderView, supplier: Supplier, logger: Logger): string | null {
  if (!order.bank_transfer || order.price_payed >= order.total || order.cancelled_at) return null;
  try {
    return paymentQrText(supplier, { amount: order.total, currency: order.currency.code, variableSymbol: order.variable_symbol, note: order.document_number });
  } catch (error) {
    logger.error(`order ${order.document_number}: payment QR could not be made`, error);
    return null;
  }
}

export async function qrImage<T>(text: string | null, draw: (text: string) => Promise<T>, logger: Logger): Promise<T | null> {
  if (text === null) return null;
  try {
    return await draw(text);
  } catch (error) {
    logger.error('payment QR could not be drawn', error);
    return null;
  }
}

export const qrDataUrl = (text: string | null, logger: Logger) => qrImage(text, paymentQrDataUrl, logger);

export interface DocumentContext {
  db: Db;
  logger: Logger;
  i18n: I18n;
  locale: Locale;
  shop: { id: number; name: string };
}

/** The order PDF (/pdf/{hash}); with the payment details and QR while a bank transfer is unpaid. */
export async function orderPdfOf(ctx: DocumentContext, order: OrderView): Promise<Buffer> {
  const supplier = supplierOf(ctx.db, ctx.shop.id);
  const qrText = paymentQr(order, supplier, ctx.logger);
  return orderPdf({
    order,
    summary: orderSummary(order),
    supplier,
    i18n: ctx.i18n,
    locale: ctx.locale,
    created: formatDateTime(order.purchase_created_at),
    qr: order.bank_transfer && qrText !== null ? await qrImage(qrText, paymentQrPng, ctx.logger) : undefined,
    shopName: ctx.shop.name,
  });
}

/** The tax invoice of a paid order: issued when it was paid, supplied when delivered (or paid, if earlier). */
export function invoiceFacts(number: string, issuedAt: number, order: OrderView): InvoiceFacts {
  const issued = formatDateTime(new Date(issuedAt).toISOString(), false);
  const supplied = order.delivered_at && Date.parse(order.delivered_at) < issuedAt ? formatDateTime(order.delivered_at, false) : issued;
  return { number, issued, supplied };
}

export async function invoicePdfOf(ctx: DocumentContext, order: OrderView, invoice: { number: string; issuedAt: number }): Promise<Buffer> {
  return orderPdf({
    order,
    summary: orderSummary(order),
    supplier: supplierOf(ctx.db, ctx.shop.id),
    i18n: ctx.i18n,
    locale: ctx.locale,
    created: formatDateTime(order.purchase_created_at),
    invoice: invoiceFacts(invoice.number, invoice.issuedAt, order),
    shopName: ctx.shop.name,
  });
}

/** The credit note of a cancelled paid order: the invoice's lines reversed, the invoice named. */
export async function creditNotePdfOf(ctx: DocumentContext, order: OrderView, note: CreditNote): Promise<Buffer> {
  return orderPdf({
    order,
    summary: reversedSummary(orderSummary(order)),
    supplier: supplierOf(ctx.db, ctx.shop.id),
    i18n: ctx.i18n,
    locale: ctx.locale,
    created: formatDateTime(order.purchase_created_at),
    creditNote: { number: note.number, issued: formatDateTime(new Date(note.issuedAt).toISOString(), false), invoiceNumber: note.invoiceNumber },
    shopName: ctx.shop.name,
  });
}
