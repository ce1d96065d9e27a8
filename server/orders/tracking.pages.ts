import { purchase } from '../render/analytics';
import { scriptJson } from '../render/json';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError } from '../http/problem';
import type { Render } from '../render/renderer';
import { intlLocale } from '../render/format';
import { ROUTES } from '../render/routes';
import { banksFor } from '../payments/banks';
import { gatewayPath, PAYMENT_NOTICE, PAYMENT_PATH } from '../payments/paths';
import { payableOrder } from '../payments/payments.service';
import { supplierOf } from '../shops/supplier.service';
import { orderByHash, type OrderView } from './order-view';
import { formatDateTime, formatDay } from './order-dates';
import { invoicePdfOf, orderPdfOf, paymentQr, qrDataUrl, type DocumentContext } from './order-documents';
import { orderSummary, printedTotals } from './order-summary';
import { partyLines } from './document-parties';
import { confirmationState } from './order-mails';
import { trackingWithdrawal } from '../withdrawal/withdrawal-links';

/** The tracking pages' address, the one the layout's links use (ROUTES). */
export const TRACKING_PATH = ROUTES.tracking;

function findOrder(c: Context<AppEnv>): OrderView {
  c.header('Cache-Control', 'no-store');
  const order = orderByHash(c.get('deps').db, c.get('shop'), c.req.param('hash') ?? '');
  // Missing and foreign (another shop's) hashes answer the same 404.
  if (!order) throw new NotFoundError();
  return order;
}

export function documentContext(c: Context<AppEnv>): DocumentContext {
  const { db, logger } = c.get('deps');
  return { db, logger, i18n: c.get('i18n'), locale: c.get('locale'), shop: c.get('shop') };
}

/**
 * The tracking page's payment box: "Zaplatené" once paid; for an unpaid, not cancelled order with
 * an online payment (10, 30) the chooser of its banks; the notice after the gateway, only when the
 * order's state agrees with it (a hand-typed ?platba=ok on an unpaid order shows nothing).
 */
function paymentBox(c: Context<AppEnv>, order: OrderView, onlinePayments: boolean) {
  const state = payableOrder(c.get('deps').db, order.hash, c.get('shop').id)!;
  const paid = state.paidAt !== null;
  const open = onlinePayments && !paid && state.cancelledAt === null;
  const banks = open ? banksFor(order.payment_type.id).map((b) => ({ key: b.key, name: c.get('i18n')._(b.name), href: gatewayPath(order.hash, b.key) })) : [];
  const asked = c.req.query('platba');
  const notice = paid && asked === PAYMENT_NOTICE.ok ? 'paid' : banks.length && asked === PAYMENT_NOTICE.failed ? 'failed' : null;
  return { paid, cancelled: state.cancelledAt !== null, banks, notice, choose: banks.length > 0 && asked === PAYMENT_NOTICE.choose, action: `${PAYMENT_PATH}/${order.hash}` };
}

/** A PDF shown in the browser (also the back office's documents of an order). */
export const pdfAnswer = (c: Context, body: Buffer, name: string) =>
  c.body(new Uint8Array(body), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name}.pdf"`, 'Cache-Control': 'no-store' });

/** The tracking page, the order PDF and, once paid, the invoice PDF: whoever holds the order's hash. */
export function trackingPages(render: Render, onlinePayments: boolean) {
  const app = new Hono<AppEnv>();

  app.get(`${TRACKING_PATH}/:hash`, async (c) => {
    const order = findOrder(c);
    const { db, logger } = c.get('deps');
    const supplier = supplierOf(db, c.get('shop').id);
    const qrText = paymentQr(order, supplier, logger);
    const summary = orderSummary(order);
    return render(
      c,
      'pages/orders/tracking',
      {
        order,
        created: formatDateTime(order.purchase_created_at),
        sendDate: formatDay(order.promise_send_date),
        deliveryDate: formatDay(order.promise_delivery_date),
        // Bank details stay on the page even when the QR could not be drawn.
        bank: order.bank_transfer && order.price_payed < order.total && !order.cancelled_at ? supplier : null,
        qr: await qrDataUrl(qrText, logger),
        summary,
        totals: printedTotals(summary, c.get('i18n'), order.currency.code, c.get('locale')),
        invoiceLines: partyLines(order, c.get('i18n')),
        confirmation: confirmationState(db, order.hash, c.get('shop').id),
        locale: intlLocale(c.get('locale')),
        payment: paymentBox(c, order, onlinePayments),
        withdrawal: trackingWithdrawal(db, c.get('shop'), order, c.get('deps').clock.now()),
        analyticsJson: scriptJson(
          purchase(order.currency.code, { number: order.document_number, total: summary.total, vat: summary.vat, shipping: order.price_shipping, coupon: order.voucher_text }, summary.items.map((i) => ({ id: i.product ?? i.name, name: i.name, price: i.unitPrice, quantity: i.quantity }))),
        ),
      },
      { title: c.get('i18n')._('Sledovanie zásielky'), noStore: true },
    );
  });

  app.get('/pdf/:hash', async (c) => {
    const order = findOrder(c);
    return pdfAnswer(c, await orderPdfOf(documentContext(c), order), `objednavka-${order.document_number}`);
  });

  app.get('/pdf/:hash/faktura', async (c) => {
    const order = findOrder(c);
    const invoice = order.invoices[0];
    if (!invoice) throw new NotFoundError();
    return pdfAnswer(c, await invoicePdfOf(documentContext(c), order, invoice), `faktura-${invoice.number}`);
  });

  return app;
}
