import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import type { Render } from '../render/renderer';
import { intlLocale } from '../render/format';
import { scriptJson } from '../render/json';
import { cartView } from '../cart/cart.service';
import { cartContext, localizedView } from '../cart/cart.http';
import { readBody } from '../http/body';
import { CART_PATH, DETAILS_PATH, SHIPPING_PATH } from '../cart/cart.pages';
import { CUSTOMER_FIELDS, REQUIRED_FIELDS, checkoutWarnings } from './orders.schemas';
import { countriesFor, newSubmitToken, submitCheckout } from './orders.http';
import { orderByHash, type OrderView } from './order-view';
import { BANK_ACCOUNTS } from './bank';
import { paymentQrDataUrl, paymentQrText } from './payment-qr';
import { orderPdf } from './order-pdf';
import { banksFor } from '../payments/banks';
import { gatewayPath, PAYMENT_NOTICE, PAYMENT_PATH } from '../payments/paths';
import { payableOrder } from '../payments/payments.service';
import { checkoutPrefill } from './checkout-prefill';
import { trackerPages } from './tracker.pages';
import type { RateLimiter } from '../http/rate-limit';
import { ROUTES } from '../render/routes';

/** The tracking pages' address, the one the layout's links use (ROUTES). */
export const TRACKING_PATH = ROUTES.tracking;

interface FormState {
  status?: 200 | 400 | 409;
  notice?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  token?: string;
}

/** Shop time for dates a shopper reads: DD.MM.YYYY HH:mm (sk-SK style) in Central Europe. */
export function formatDateTime(iso: string, withTime = true): string {
  const parts = new Intl.DateTimeFormat('sk-SK', {
    timeZone: 'Europe/Bratislava', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('day')}.${get('month')}.${get('year')}`;
  return withTime ? `${date} ${get('hour')}:${get('minute')}` : date;
}

export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}.${m}.${y}`;
}

function findOrder(c: Context<AppEnv>): OrderView {
  c.header('Cache-Control', 'no-store');
  const order = orderByHash(c.get('deps').db, c.get('shop'), c.req.param('hash') ?? '');
  // Missing and foreign (another shop's) hashes answer the same 404.
  if (!order) throw new NotFoundError();
  return order;
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

/**
 * Step 3 (the customer form, a plain POST form), the tracker finder, the tracking page and the order
 * PDF. `trackLimiter`: the limiter POST /api/purchase/track uses, so the finder shares its limit.
 */
export function ordersPages(render: Render, onlinePayments: boolean, trackLimiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  app.route('/', trackerPages(render, trackLimiter));

  const detailsPage = (c: Context<AppEnv>, state: FormState = {}) => {
    const cart = localizedView(c, cartView(c.get('deps').db, cartContext(c)));
    if (cart.items.length === 0) return c.redirect(CART_PATH, 303);
    if (cart.problems.some((p) => p === 'excess' || p === 'unavailable')) return c.redirect(CART_PATH, 303);
    if (cart.problems.length) return c.redirect(SHIPPING_PATH, 303);
    const countries = countriesFor(c);
    // The delivery country is the cart's (changed only through the confirmation); a saved address never moves it.
    const defaults = { country: cart.country };
    const values: Record<string, string> = state.values ? { ...defaults, ...state.values } : { ...checkoutPrefill(c, defaults, countries), country: cart.country };
    const token = state.token ?? newSubmitToken();
    const errors = state.errors ?? {};
    const termsPath = c.get('shop').termsPath;
    return render(
      c,
      'pages/cart/order',
      {
        cartView: cart,
        cartJson: scriptJson(cart),
        customerJson: scriptJson({
          values,
          errors,
          token,
          countries,
          termsPath,
          // The wizard's "use my favourite / recent address" buttons (consumers) and the country confirmation (pickup point).
          saved: c.get('session').userId !== null && c.get('session').roles.includes('ROLE_CONSUMER'),
          pickup: cart.pickup_point ? { name: cart.pickup_point.name, address: cart.pickup_point.address, country: cart.pickup_point.country } : null,
        }),
        step: 3,
        values,
        errors,
        warnings: checkoutWarnings(values),
        notice: state.notice,
        token,
        countries,
        required: REQUIRED_FIELDS,
        termsPath,
      },
      { title: c.get('i18n')._('Údaje'), noStore: true, status: state.status ?? 200 },
    );
  };

  app.get(DETAILS_PATH, (c) => detailsPage(c));

  app.post(DETAILS_PATH, async (c) => {
    const body = await readBody(c);
    const values: Record<string, string> = {};
    for (const field of CUSTOMER_FIELDS) if (typeof body[field] === 'string') values[field] = (body[field] as string).slice(0, 1000);
    const token = typeof body._submit === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(body._submit) ? body._submit : newSubmitToken();
    try {
      const hash = await submitCheckout(c, { ...body, _submit: token });
      return c.redirect(`${TRACKING_PATH}/${hash}`, 303);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.status >= 500) throw error;
      const t = (id: string) => c.get('i18n')._(id, error.values);
      const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, t(v)]));
      return detailsPage(c, { status: error.status === 409 ? 409 : 400, notice: t(error.detail), errors, values, token });
    }
  });

  app.get(`${TRACKING_PATH}/:hash`, async (c) => {
    const order = findOrder(c);
    const bank = BANK_ACCOUNTS[c.get('shop').code];
    const qr = order.bank_transfer
      ? await paymentQrDataUrl(paymentQrText(bank, { amount: order.total, currency: order.currency.code, variableSymbol: order.document_number, note: order.document_number }))
      : null;
    return render(
      c,
      'pages/orders/tracking',
      {
        order,
        created: formatDateTime(order.purchase_created_at),
        sendDate: formatDay(order.promise_send_date),
        deliveryDate: formatDay(order.promise_delivery_date),
        bank: order.bank_transfer ? bank : null,
        qr,
        locale: intlLocale(c.get('locale')),
        payment: paymentBox(c, order, onlinePayments),
      },
      { title: c.get('i18n')._('Sledovanie zásielky'), noStore: true },
    );
  });

  app.get('/pdf/:hash', async (c) => {
    const order = findOrder(c);
    const t = (id: string) => c.get('i18n')._(id);
    const pdf = await orderPdf(order, c.get('shop'), {
      title: t('Objednávka'),
      created: t('Vytvorená'),
      delivery: t('Doručovacia adresa'),
      invoice: t('Fakturačná adresa'),
      shipping: t('Doprava'),
      payment: t('Platba'),
      item: t('Tovar'),
      quantity: t('Počet'),
      price: t('Cena'),
      alignment: t('Centové dorovnanie'),
      totalWithoutVat: t('Celkom bez DPH'),
      vat: t('DPH'),
      total: t('Celkom s DPH'),
      variableSymbol: t('Variabilný symbol'),
      gift: t('Darček'),
      companyNumber: t('IČO'),
      vatNumber: t('IČ DPH'),
    }, formatDateTime(order.purchase_created_at));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="objednavka-${order.document_number}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
