import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import type { Logger, ShopContext } from '../http/env';
import { isLocale, type Locale } from '../i18n/locales';
import type { MailTemplates } from '../mail/compose';
import type { MailAttachment, MailMessage } from '../mail/mailer';
import { mailState, type Outbox } from '../mail/outbox';
import { ROUTES } from '../render/routes';
import { supplierOf } from '../shops/supplier.service';
import { partyLines } from './document-parties';
import { invoicePdfOf, paymentQr, qrImage } from './order-documents';
import { orderSummary, printedTotals } from './order-summary';
import { orderById, type OrderView } from './order-view';
import { paymentQrPng } from './payment-qr';

/** The mails of an order's life, each queued in the transaction of its step (orders.service, order-lifecycle). */
export const ORDER_MAIL = {
  received: 'order.received',
  paid: 'order.paid',
  sent: 'order.sent',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  /** To the operator (MAIL_OPERATOR, else the supplier's address): a new order. */
  operator: 'order.operator',
} as const;

export type OrderMailKind = (typeof ORDER_MAIL)[keyof typeof ORDER_MAIL];

export interface MailEnv {
  db: Db;
  shops: ShopContext[];
  translators: Record<Locale, I18n>;
  templates: MailTemplates;
  logger: Logger;
  /** Where operator mails go (the back office's setting, else MAIL_OPERATOR); empty = the storefront supplier's e-mail. */
  readonly operator: string;
}

/** The ref every order mail carries. */
export const orderRef = (order: { id: number; shopId: number }) => ({ order: order.id, shop: order.shopId });

/** Whether the order's confirmation went, still waits, or was given up: the tracking page says it calmly. */
export function confirmationState(db: Db, hash: string, shopId: number) {
  const row = db.$client.prepare<[string, number], { id: number }>('SELECT id FROM orders WHERE hash = ? AND shop_id = ?').get(hash, shopId);
  return row ? mailState(db, ORDER_MAIL.received, orderRef({ id: row.id, shopId })) : null;
}

export function trackingUrl(shop: Pick<ShopContext, 'origin'>, hash: string): string {
  return `${shop.origin}${ROUTES.tracking}/${hash}`;
}

/** The storefront, the order and the reader's translator of a queued order mail; null when the order is gone. */
export function orderForMail(env: MailEnv, ref: Record<string, unknown>, readerLocale?: Locale) {
  const shop = env.shops.find((s) => s.id === ref.shop);
  const order = shop && typeof ref.order === 'number' ? orderById(env.db, shop, ref.order) : undefined;
  if (!shop || !order) return null;
  const locale: Locale = readerLocale ?? (isLocale(order.locale) ? order.locale : shop.locale);
  return { shop, order, locale, i18n: env.translators[locale] };
}

const QR_CID = 'payment-qr';

async function composeOrderMail(env: MailEnv, kind: OrderMailKind, ref: Record<string, unknown>): Promise<MailMessage | null> {
  const operator = kind === ORDER_MAIL.operator;
  const found = orderForMail(env, ref, operator ? 'sk' : undefined);
  if (!found) return null;
  const { shop, order, locale, i18n } = found;
  const supplier = supplierOf(env.db, shop.id);
  const summary = orderSummary(order);
  const attachments: MailAttachment[] = [];
  const texts = textsFor(kind, order, i18n);
  let bank = null;
  let qrCid: string | null = null;
  if (kind === ORDER_MAIL.received && order.bank_transfer && !order.cancelled_at) {
    bank = supplier;
    const png = await qrImage(paymentQr(order, supplier, env.logger), paymentQrPng, env.logger);
    if (png) {
      attachments.push({ filename: 'qr-platba.png', content: png, contentType: 'image/png', cid: QR_CID });
      qrCid = QR_CID;
    }
  }
  const invoice = order.invoices[0];
  if (kind === ORDER_MAIL.delivered && invoice) {
    const pdf = await invoicePdfOf({ db: env.db, logger: env.logger, i18n, locale, shop }, order, invoice);
    attachments.push({ filename: `faktura-${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' });
  }
  const { html, text } = env.templates.render(
    'order',
    {
      subject: texts.subject,
      preheader: texts.intro[0],
      shopName: shop.name,
      footer: [supplier.name, `${supplier.street}, ${supplier.zip} ${supplier.town}`, supplier.email, supplier.phone].filter(Boolean),
      heading: texts.heading,
      intro: texts.intro,
      outro: texts.outro,
      order,
      summary,
      totals: printedTotals(summary, i18n, order.currency.code, locale),
      invoiceLines: partyLines(order, i18n),
      showLines: kind === ORDER_MAIL.received || operator,
      trackingNumber: kind === ORDER_MAIL.sent ? order.tracking_number : '',
      bank,
      qrCid,
      action: { href: trackingUrl(shop, order.hash), label: operator ? i18n._('Otvoriť objednávku') : i18n._('Sledovať objednávku') },
    },
    { i18n, locale, currency: order.currency.code },
  );
  const to = operator ? env.operator || supplier.email : order.email;
  return { to, subject: texts.subject, text, html, ...(attachments.length ? { attachments } : {}) };
}

/** Subject, heading and paragraphs of each order mail, in the reader's language. */
function textsFor(kind: OrderMailKind, order: OrderView, i18n: I18n) {
  const number = order.document_number;
  const withdrawal = i18n._('Od zmluvy môžete odstúpiť do 14 dní od prevzatia tovaru, bez udania dôvodu, formulárom Odstúpiť od zmluvy v pätičke každej stránky obchodu.');
  switch (kind) {
    case ORDER_MAIL.received:
      return {
        subject: i18n._('Potvrdenie objednávky č. {number}', { number }),
        heading: i18n._('Ďakujeme za objednávku č. {number}.', { number }),
        intro: [
          i18n._('Objednávku sme prijali. O každom ďalšom kroku vám pošleme e-mail.'),
          ...(order.bank_transfer ? [i18n._('Objednávku odošleme, keď prijmeme platbu. Platobné údaje a QR kód nájdete nižšie.')] : []),
        ],
        outro: [],
      };
    case ORDER_MAIL.paid:
      return {
        subject: i18n._('Platba za objednávku č. {number} prijatá', { number }),
        heading: i18n._('Platbu sme prijali'),
        intro: [i18n._('Objednávka č. {number} je zaplatená. Pripravujeme ju na odoslanie.', { number })],
        outro: [],
      };
    case ORDER_MAIL.sent:
      return {
        subject: i18n._('Objednávka č. {number} je na ceste', { number }),
        heading: i18n._('Objednávka je na ceste'),
        intro: [i18n._('Objednávku č. {number} sme odovzdali dopravcovi {carrier}.', { number, carrier: i18n._(order.delivery_type.name) })],
        outro: [],
      };
    case ORDER_MAIL.delivered:
      return {
        subject: i18n._('Objednávka č. {number} je doručená', { number }),
        heading: i18n._('Objednávka je doručená'),
        intro: [
          i18n._('Objednávka č. {number} bola doručená. Ďakujeme za nákup!', { number }),
          ...(order.invoices.length ? [i18n._('Faktúru nájdete v prílohe.')] : []),
        ],
        outro: [withdrawal],
      };
    case ORDER_MAIL.cancelled:
      return {
        subject: i18n._('Objednávka č. {number} je zrušená', { number }),
        heading: i18n._('Objednávka je zrušená'),
        intro: [i18n._('Objednávku č. {number} sme zrušili. Ak ste ju už zaplatili, peniaze vám vrátime na váš účet.', { number })],
        outro: [],
      };
    case ORDER_MAIL.operator:
      return {
        subject: i18n._('Nová objednávka č. {number}', { number }),
        heading: i18n._('Nová objednávka č. {number}', { number }),
        intro: [`${order.full_name}, ${order.email}, ${order.contact}`],
        outro: [],
      };
  }
}

/** Registers every order mail with the outbox. */
export function registerOrderMails(outbox: Outbox, env: MailEnv): void {
  for (const kind of Object.values(ORDER_MAIL)) outbox.register(kind, (ref) => composeOrderMail(env, kind, ref));
}
