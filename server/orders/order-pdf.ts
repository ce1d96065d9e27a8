import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { ShopContext } from '../http/env';
import { formatMoney } from '../render/format';
import { BANK_ACCOUNTS } from './bank';
import { paymentQrPng, paymentQrText } from './payment-qr';
import type { OrderView } from './order-view';
import type { Supplier } from './supplier';
import type { VatRow } from './invoice';

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
  /** "IČO" and "IČ DPH": the buyer's company IDs on the invoice address. */
  companyNumber?: string;
  vatNumber?: string;
}

/**
 * What turns the order PDF into a tax invoice: the number, dates, the supplier and a VAT summary
 * (one document, so the order and its invoice never disagree on lines or totals).
 */
export interface InvoicePdf {
  number: string;
  issued: string;
  supplied: string;
  supplier: Supplier;
  vatRows: VatRow[];
  paid: number;
  labels: {
    title: string;
    issued: string;
    supplied: string;
    supplier: string;
    customer: string;
    order: string;
    companyNumber: string;
    taxNumber: string;
    vatNumber: string;
    rate: string;
    base: string;
    paid: string;
    discount: string;
  };
}

/**
 * The order as a PDF (order number, date, addresses, items, totals, and the payment QR for a bank
 * transfer); with `invoice`, the same document as the invoice of the paid order.
 */
export async function orderPdf(order: OrderView, shop: ShopContext, labels: PdfLabels, created: string, invoice?: InvoicePdf): Promise<Buffer> {
  const regular = FONT_CANDIDATES.find((f) => existsSync(f));
  const bold = BOLD_CANDIDATES.find((f) => existsSync(f)) ?? regular;
  const t = regular ? (s: string) => s : transliterate;
  const money = (minor: number) => t(formatMoney(minor, order.currency.code, shop.locale)).replace(/\u00a0/g, ' ');
  let qr: Buffer | null = null;
  const bank = BANK_ACCOUNTS[shop.code];
  if (order.bank_transfer && !invoice) {
    qr = await paymentQrPng(paymentQrText(bank, { amount: order.total, currency: order.currency.code, variableSymbol: order.document_number, note: order.document_number }));
  }

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: invoice ? `${invoice.labels.title} ${invoice.number}` : `${labels.title} ${order.document_number}`, Author: shop.name } });
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
  if (invoice) {
    const il = invoice.labels;
    const sup = invoice.supplier;
    doc.fontSize(18).text(t(`${il.title} ${invoice.number}`));
    font(false);
    doc.fontSize(10).text(t(`${il.issued}: ${invoice.issued}`));
    doc.text(t(`${il.supplied}: ${invoice.supplied}`));
    doc.text(t(`${il.order}: ${order.document_number} (${created})`)).moveDown();
    font(true);
    doc.text(t(il.supplier));
    font(false);
    doc.text(t([sup.name, sup.street, sup.town, sup.country, `${il.companyNumber}: ${sup.companyNumber}`, `${il.taxNumber}: ${sup.taxNumber}`, `${il.vatNumber}: ${sup.vatNumber}`, `IBAN: ${sup.iban}`].join('\n'))).moveDown();
    font(true);
    doc.text(t(il.customer));
    font(false);
    const customer = [order.invoice_name, order.invoice_company_number && `${il.companyNumber}: ${order.invoice_company_number}`, order.invoice_company_vat && `${il.vatNumber}: ${order.invoice_company_vat}`, order.invoice_street, `${order.invoice_zip} ${order.invoice_town}`, order.invoice_country.toUpperCase(), order.invoice_email];
    doc.text(t(customer.filter(Boolean).join('\n'))).moveDown();
  } else {
    doc.fontSize(18).text(t(`${labels.title} ${order.document_number}`));
    font(false);
    doc.fontSize(10).text(t(`${labels.created}: ${created}`)).moveDown();
  }
  font(true);
  doc.text(t(labels.delivery));
  font(false);
  doc.text(t([order.full_name, order.street, `${order.zip} ${order.town}`, order.country.code.toUpperCase(), order.contact, order.email].join('\n'))).moveDown();
  if (!invoice) {
    font(true);
    doc.text(t(labels.invoice));
    font(false);
    const ids = [
      order.invoice_company_number && `${labels.companyNumber ?? 'IČO'}: ${order.invoice_company_number}`,
      order.invoice_company_vat && `${labels.vatNumber ?? 'IČ DPH'}: ${order.invoice_company_vat}`,
    ];
    doc.text(t([order.invoice_name, ...ids, order.invoice_street, `${order.invoice_zip} ${order.invoice_town}`].filter(Boolean).join('\n'))).moveDown();
  }
  doc.text(t(`${labels.shipping}: ${order.delivery_type.name}`));
  doc.text(t(`${labels.payment}: ${order.payment_type.name}`)).moveDown();
  if (order.gift) doc.text(t(`${labels.gift ?? 'Darček'}: ${order.gift}`)).moveDown();

  font(true);
  doc.text(t(`${labels.item} — ${labels.quantity} — ${labels.price}`));
  font(false);
  for (const item of order.items) {
    const rate = invoice ? ` — ${item.vat_rate} %` : '';
    doc.text(t(`${item.name} — ${item.quantity} — ${money(item.line_total)}${rate}`));
  }
  doc.moveDown();
  doc.text(t(`${labels.shipping}: ${money(order.price_shipping + order.price_payment)}`));
  if (invoice && order.voucher_price) doc.text(t(`${invoice.labels.discount}: ${money(-order.voucher_price)}`));
  if (order.price_alignment) doc.text(t(`${labels.alignment}: ${money(order.price_alignment)}`));
  if (invoice) {
    doc.moveDown();
    font(true);
    doc.text(t(`${invoice.labels.rate} — ${invoice.labels.base} — ${labels.vat} — ${labels.total}`));
    font(false);
    for (const row of invoice.vatRows) doc.text(t(`${row.rate} % — ${money(row.base)} — ${money(row.vat)} — ${money(row.total)}`));
    doc.moveDown();
  }
  doc.text(t(`${labels.totalWithoutVat}: ${money(order.total_without_vat)}`));
  doc.text(t(`${labels.vat}: ${money(order.vat)}`));
  font(true);
  doc.text(t(`${labels.total}: ${money(order.total)}`));
  font(false);

  if (invoice) doc.text(t(`${invoice.labels.paid}: ${money(invoice.paid)}`));

  if (qr) {
    doc.moveDown().text(t(`${bank.bankName}\nIBAN: ${bank.iban}\nSWIFT: ${bank.swift}\n${labels.variableSymbol}: ${order.document_number}`));
    doc.image(qr, { width: 140 });
  }
  doc.end();
  return done;
}
