import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { ShopContext } from '../http/env';
import { formatMoney } from '../render/format';
import { BANK_ACCOUNTS } from './bank';
import { paymentQrPng, paymentQrText } from './payment-qr';
import type { OrderView } from './order-view';

/**
 * A TTF with Slovak and Czech diacritics when the machine has one (DejaVu ships with most Linux
 * images); otherwise pdfkit's standard Helvetica, whose WinAnsi encoding lacks č, ľ, ť, ň, so the
 * text is transliterated to plain letters rather than printed as garbage.
 */
const FONT_CANDIDATES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans.ttf'];
const BOLD_CANDIDATES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf'];

export function transliterate(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, '?');
}

export interface PdfLabels {
  title: string;
  created: string;
  delivery: string;
  invoice: string;
  shipping: string;
  payment: string;
  item: string;
  quantity: string;
  price: string;
  alignment: string;
  totalWithoutVat: string;
  vat: string;
  total: string;
  variableSymbol: string;
  /** "Darček": the gift that goes with the order. */
  gift?: string;
}

/** The order as a PDF (order number, date, addresses, items, totals, and the payment QR for a bank transfer). */
export async function orderPdf(order: OrderView, shop: ShopContext, labels: PdfLabels, created: string): Promise<Buffer> {
  const regular = FONT_CANDIDATES.find((f) => existsSync(f));
  const bold = BOLD_CANDIDATES.find((f) => existsSync(f)) ?? regular;
  const t = regular ? (s: string) => s : transliterate;
  const money = (minor: number) => t(formatMoney(minor, order.currency.code, shop.locale)).replace(/\u00a0/g, ' ');
  let qr: Buffer | null = null;
  const bank = BANK_ACCOUNTS[shop.code];
  if (order.bank_transfer) {
    qr = await paymentQrPng(paymentQrText(bank, { amount: order.total, currency: order.currency.code, variableSymbol: order.document_number, note: order.document_number }));
  }

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${labels.title} ${order.document_number}`, Author: shop.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = (heavy: boolean) => {
    if (regular) doc.font(heavy ? bold! : regular);
    else doc.font(heavy ? 'Helvetica-Bold' : 'Helvetica');
  };

  font(true);
  doc.fontSize(18).text(t(`${labels.title} ${order.document_number}`));
  font(false);
  doc.fontSize(10).text(t(`${labels.created}: ${created}`)).moveDown();
  font(true);
  doc.text(t(labels.delivery));
  font(false);
  doc.text(t([order.full_name, order.street, `${order.zip} ${order.town}`, order.country.code.toUpperCase(), order.contact, order.email].join('\n'))).moveDown();
  font(true);
  doc.text(t(labels.invoice));
  font(false);
  doc.text(t([order.invoice_name, order.company_number, order.company_vat, order.invoice_street, `${order.invoice_zip} ${order.invoice_town}`].filter(Boolean).join('\n'))).moveDown();
  doc.text(t(`${labels.shipping}: ${order.delivery_type.name}`));
  doc.text(t(`${labels.payment}: ${order.payment_type.name}`)).moveDown();
  if (order.gift) doc.text(t(`${labels.gift ?? 'Darček'}: ${order.gift}`)).moveDown();

  font(true);
  doc.text(t(`${labels.item} — ${labels.quantity} — ${labels.price}`));
  font(false);
  for (const item of order.items) doc.text(t(`${item.name} — ${item.quantity} — ${money(item.line_total)}`));
  doc.moveDown();
  doc.text(t(`${labels.shipping}: ${money(order.price_shipping + order.price_payment)}`));
  if (order.price_alignment) doc.text(t(`${labels.alignment}: ${money(order.price_alignment)}`));
  doc.text(t(`${labels.totalWithoutVat}: ${money(order.total_without_vat)}`));
  doc.text(t(`${labels.vat}: ${money(order.vat)}`));
  font(true);
  doc.text(t(`${labels.total}: ${money(order.total)}`));
  font(false);

  if (qr) {
    doc.moveDown().text(t(`${bank.bankName}\nIBAN: ${bank.iban}\nSWIFT: ${bank.swift}\n${labels.variableSymbol}: ${order.document_number}`));
    doc.image(qr, { width: 140 });
  }
  doc.end();
  return done;
}
