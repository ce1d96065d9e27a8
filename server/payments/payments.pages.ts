import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { NotFoundError, ProblemError } from '../http/problem';
import { readBody } from '../http/body';
import { TRACKING_PATH } from '../orders/orders.pages';
import { bankOffered } from './banks';
import type { PaymentProvider, PaymentResult } from './provider';
import { applyBankResult, payableOrder, startTransaction } from './payments.service';
import { gatewayPath, NOTIFY_PATH, PAYMENT_NOTICE, PAYMENT_PATH, RETURN_PATH } from './paths';


const HASH = '{[A-Za-z0-9_-]{22}}';

const trackingUrl = (hash: string, notice?: string) => `${TRACKING_PATH}/${hash}${notice ? `?platba=${notice}` : ''}`;

function strings(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The gateway (spec 2: /payment/{orderHash}/{bankKey}, opened in a new tab from the chooser), the
 * browser's return and the bank's notification. `provider` is null when online payment is off.
 */
export function paymentsPages(provider: PaymentProvider | null) {
  const app = new Hono<AppEnv>();
  const noStore = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  app.use(`${PAYMENT_PATH}/*`, noStore);

  const log = (c: Context<AppEnv>, what: string) => c.get('deps').logger.info(`payment ${what}`);

  app.get(RETURN_PATH, (c) => {
    const result = provider?.verifyReturn(c.req.query()) ?? null;
    const applied = result ? applyBankResult(c.get('deps').db, result, 'return', c.get('deps').clock.now()) : null;
    if (!applied || applied.outcome === 'refused' || !applied.orderHash) {
      log(c, `return refused: ${result ? 'amount or reference' : 'signature'}`);
      throw new ProblemError(400, msg('Platbu sa nepodarilo overiť: údaje z banky nesedia s objednávkou. Objednávku sme nezmenili.'));
    }
    return c.redirect(trackingUrl(applied.orderHash, applied.outcome === 'failed' ? PAYMENT_NOTICE.failed : PAYMENT_NOTICE.ok), 303);
  });

  app.post(NOTIFY_PATH, async (c) => {
    const result: PaymentResult | null = provider?.verifyNotification(strings(await readBody(c))) ?? null;
    const applied = result ? applyBankResult(c.get('deps').db, result, 'notify', c.get('deps').clock.now()) : null;
    if (!applied || applied.outcome === 'refused') {
      log(c, `notification refused: ${result ? 'amount or reference' : 'signature'}`);
      return c.text('refused', 400);
    }
    // A repeated notification is answered like the first, so the bank stops retrying.
    return c.text('OK', 200);
  });

  // The chooser without JavaScript: a GET form with the bank as a radio value.
  app.get(`${PAYMENT_PATH}/:hash${HASH}`, (c) => {
    const hash = c.req.param('hash');
    const order = provider ? payableOrder(c.get('deps').db, hash, c.get('shop').id) : undefined;
    if (!order) throw new NotFoundError();
    const bank = c.req.query('bank') ?? '';
    if (!bankOffered(order.paymentId, bank)) return c.redirect(`${trackingUrl(hash, PAYMENT_NOTICE.choose)}#platba`, 303);
    return c.redirect(gatewayPath(hash, bank), 303);
  });

  app.get(`${PAYMENT_PATH}/:hash${HASH}/:bankKey`, (c) => {
    const { db, clock } = c.get('deps');
    const hash = c.req.param('hash');
    // Missing, other-shop and unpayable (offline payment, unknown bank) all answer the same 404.
    const order = provider ? payableOrder(db, hash, c.get('shop').id) : undefined;
    const bank = order ? bankOffered(order.paymentId, c.req.param('bankKey')) : undefined;
    if (!provider || !order || !bank) throw new NotFoundError();
    if (order.paidAt !== null || order.cancelledAt !== null) return c.redirect(trackingUrl(hash), 303);
    const { reference } = startTransaction(db, order, bank.key, clock.now());
    const { redirectUrl } = provider.start({
      reference,
      amount: order.total,
      currency: order.currency,
      bankKey: bank.key,
      merchant: c.get('shop').name,
      locale: c.get('locale'),
      origin: c.get('shop').origin,
      returnPath: RETURN_PATH,
      notifyPath: NOTIFY_PATH,
    });
    return c.redirect(redirectUrl, 303);
  });

  return app;
}
