import { existsSync } from 'node:fs';
import type { I18n } from '@lingui/core';
// pdfkit (and fontkit under it) is loaded by the first document, not at start: ~10 MB of a process that may never print one.
import type { Locale } from '../i18n/locales';
import { formatMoney } from '../render/format';
import type { Supplier } from '../shops/supplier.service';
import type { OrderView } from './order-view';
import { printedTotals, type OrderSummary } from './order-summary';
import { partyLines, supplierLines } from './document-parties';

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

export interface InvoiceFacts {
  number: string;
  /** DD.MM.YYYY in the shop's time zone. */
  issued: string;
  supplied: string;
}

/** The credit note of a cancelled paid order: its number and date, and the invoice it reverses. */
export interface CreditNoteFacts {
  number: string;
  issued: string;
  invoiceNumber: string;
}

export interface OrderPdfInput {
  order: OrderView;
  summary: OrderSummary;
  supplier: Supplier;
  i18n: I18n;
  locale: Locale;
  /** DD.MM.YYYY HH:mm of the order. */
  created: string;
  /** Present: the document is the tax invoice of the paid order. */
  invoice?: InvoiceFacts;
  /** Present: the document is the credit note; `summary` is then the reversed one (credit-note.service.ts). */
  creditNote?: CreditNoteFacts;
  /** The payment QR (PNG) of an unpaid bank transfer; null when it could not be drawn. */
  qr?: Buffer | null;
  shopName: string;
}

const LEFT = 50;
const WIDTH = 495;
/** Item table columns: quantity, unit price, VAT rate, amount (right-aligned), then the name in what is left. */
const COLUMNS = { name: { x: LEFT, w: 235 }, quantity: { x: 290, w: 40 }, unit: { x: 335, w: 70 }, rate: { x: 410, w: 45 }, amount: { x: 460, w: 85 } };

/**
 * The order as a PDF, or with `invoice` the tax invoice of the paid order: the same lines and
 * totals as every other document (order-summary.ts), the supplier and the buyer with their IDs,
 * and for an unpaid bank transfer the payment details with the QR. Within a table row the figures
 * are written before the name, so a reader of the text (and the tests) meets them in a fixed order.
 */
export async function orderPdf(input: OrderPdfInput): Promise<Buffer> {
  const { order, summary, supplier, i18n, locale, invoice, creditNote } = input;
  const regular = FONT_CANDIDATES.find((f) => existsSync(f));
  const bold = BOLD_CANDIDATES.find((f) => existsSync(f)) ?? regular;
  const t = regular ? (s: string) => s : transliterate;
  const money = (minor: number) => t(formatMoney(minor, order.currency.code, locale)).replace(/\u00a0/g, ' ');
  const title = creditNote
    ? i18n._('Dobropis – opravný daňový doklad č. {number}', { number: creditNote.number })
    : invoice
      ? i18n._('Faktúra – daňový doklad č. {number}', { number: invoice.number })
      : i18n._('Objednávka č. {number}', { number: order.document_number });

  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: t(title), Author: t(input.shopName) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = (heavy: boolean) => (regular ? doc.font(heavy ? bold! : regular) : doc.font(heavy ? 'Helvetica-Bold' : 'Helvetica'));
  const heading = (text: string) => {
    font(true);
    doc.fontSize(10).text(t(text), LEFT);
    font(false);
  };
  const lines = (rows: string[]) => {
    for (const row of rows) doc.text(t(row), LEFT);
  };

  font(true);
  doc.fontSize(16).text(t(title), LEFT);
  font(false);
  doc.fontSize(10);
  const facts = creditNote
    ? [
        `${i18n._('Dátum vystavenia')}: ${creditNote.issued}`,
        i18n._('K faktúre č. {number}', { number: creditNote.invoiceNumber }),
        `${i18n._('Dôvod')}: ${i18n._('zrušenie objednávky')}`,
        `${i18n._('Objednávka č. {number}', { number: order.document_number })} (${input.created})`,
      ]
    : invoice
      ? [
          `${i18n._('Dátum vystavenia')}: ${invoice.issued}`,
          `${i18n._('Dátum dodania')}: ${invoice.supplied}`,
          `${i18n._('Objednávka č. {number}', { number: order.document_number })} (${input.created})`,
        ]
      : [`${i18n._('Vytvorená')}: ${input.created}`];
  facts.push(`${i18n._('Variabilný symbol')}: ${order.variable_symbol}`, `${i18n._('Spôsob platby')}: ${i18n._(order.payment_type.name)}`, `${i18n._('Doprava')}: ${i18n._(order.delivery_type.name)}`);
  lines(facts);
  doc.moveDown();

  heading(i18n._('Dodávateľ'));
  lines(supplierLines(supplier, i18n));
  doc.moveDown();
  heading(invoice || creditNote ? i18n._('Odberateľ') : i18n._('Fakturačná adresa'));
  lines(partyLines(order, i18n));
  doc.moveDown();
  heading(i18n._('Doručovacia adresa'));
  lines([order.full_name, order.street, `${order.zip} ${order.town}`, order.country.code.toUpperCase(), order.contact, order.email]);
  if (order.package) lines([`${i18n._('Výdajné miesto')}: ${order.package.place}`]);
  doc.moveDown();

  itemTable(doc, summary, i18n, t, money, font);
  doc.moveDown(0.5);
  if (summary.gift) lines([`${i18n._('Darček')}: ${summary.gift}`]);
  for (const line of printedTotals(summary, i18n, order.currency.code, locale)) {
    const y = doc.y;
    font(line.key === 'total');
    doc.text(t(line.label), LEFT, y, { width: 330 });
    const after = doc.y;
    doc.text(money(line.amount), 390, y, { width: 155, align: 'right' });
    doc.y = Math.max(after, doc.y);
  }
  font(false);

  if (input.qr !== undefined && !invoice && !creditNote) {
    doc.moveDown();
    heading(i18n._('Platobné údaje'));
    lines([supplier.bankName, `${i18n._('Číslo účtu')}: ${supplier.account}`, `IBAN: ${supplier.iban}`, `SWIFT: ${supplier.swift}`, `${i18n._('Variabilný symbol')}: ${order.variable_symbol}`, `${i18n._('Suma')}: ${money(order.total)}`]);
    if (input.qr) doc.image(input.qr, { width: 140 });
  }
  if (creditNote) {
    doc.moveDown();
    lines([i18n._('Sumu {amount} vrátime na účet, z ktorého bola objednávka zaplatená.', { amount: money(-summary.total) })]);
  }
  if (invoice) {
    doc.moveDown();
    lines([order.price_payed >= order.total ? i18n._('Faktúra je uhradená, neplaťte.') : `${i18n._('K úhrade')}: ${money(order.total - order.price_payed)}`]);
  }
  doc.end();
  return done;
}

function itemTable(doc: PDFKit.PDFDocument, summary: OrderSummary, i18n: I18n, t: (s: string) => string, money: (m: number) => string, font: (heavy: boolean) => void): void {
  const row = (cells: { quantity: string; unit: string; rate: string; amount: string; name: string }) => {
    const y = doc.y;
    let bottom = y;
    for (const key of ['quantity', 'unit', 'rate', 'amount'] as const) {
      doc.text(t(cells[key]), COLUMNS[key].x, y, { width: COLUMNS[key].w, align: 'right' });
      bottom = Math.max(bottom, doc.y);
    }
    doc.text(t(cells.name), COLUMNS.name.x, y, { width: COLUMNS.name.w });
    doc.y = Math.max(bottom, doc.y) + 2;
  };
  font(true);
  row({ quantity: i18n._('Počet'), unit: i18n._('Cena za kus'), rate: i18n._('DPH'), amount: i18n._('Spolu'), name: i18n._('Tovar') });
  font(false);
  doc.moveTo(LEFT, doc.y).lineTo(LEFT + WIDTH, doc.y).stroke();
  doc.y += 3;
  for (const item of summary.items) {
    row({ quantity: String(item.quantity), unit: money(item.unitPrice), rate: `${item.vatRate} %`, amount: money(item.amount), name: item.name });
  }
}
