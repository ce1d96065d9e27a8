import { Hono } from 'hono';
import type { AppEnv, Clock } from '../http/env';
import { msg } from '../i18n/msg';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { RateLimiter, rateLimit } from '../http/rate-limit';
import { readBody } from '../http/body';
import { submitCheckout } from './orders.http';
import { logPaymentEvent, orderByDocument, orderByHash } from './order-view';
import { ordersOfUser } from './order-view';
import { checkVat, type ViesClient } from './vies';
import { TRACK_NOT_FOUND, trackErrors, trackSchema } from './orders.schemas';

/** Tracker look-ups per client address: enough for a shopper, too few to guess document numbers. */
export const TRACK_LIMIT = { windowMs: 15 * 60_000, max: 10 };

/** One limiter for every tracker look-up (this API and the form at /sledovanie-zasielky): app.ts shares it. */
export function trackLimiter(clock: Clock): RateLimiter {
  return new RateLimiter(clock, TRACK_LIMIT.windowMs, TRACK_LIMIT.max);
}

/**
 * Orders as JSON: submit, detail by hash, the signed-in user's list, the tracker, the payment log.
 * `tracker` limits POST /api/purchase/track: the one the finder page uses, so both share it.
 */
export function purchaseApi(vies: ViesClient, tracker: RateLimiter) {
  const app = new Hono<AppEnv>();
  const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
    c.header('Cache-Control', 'no-store');
    await next();
  };
  app.use('/api/purchase/*', noStore);
  app.use('/api/purchase', noStore);

  app.post('/api/cart/submit', async (c) => {
    const hash = await submitCheckout(c, await readBody(c));
    return c.json({ data: { hash } });
  });

  app.post('/api/cart/vat-check', async (c) => {
    const body = await readBody(c);
    const vat = typeof body.companyVat === 'string' ? body.companyVat : '';
    const result = await checkVat(vies, vat);
    return c.json({ status: result.status, message: c.get('i18n')._(result.message) });
  });

  app.get('/api/purchase', (c) => {
    const userId = c.get('session').userId;
    if (!userId) throw new ProblemError(401, msg('Prihláste sa'));
    return c.json({ data: ordersOfUser(c.get('deps').db, c.get('shop'), userId) });
  });

  app.post('/api/purchase/track', rateLimit(tracker), async (c) => {
    const parsed = trackSchema.safeParse(await readBody(c));
    if (!parsed.success) throw new ValidationError(trackErrors(parsed.error));
    const order = orderByDocument(c.get('deps').db, c.get('shop'), parsed.data.documentNumber, parsed.data.phone);
    if (!order) throw new NotFoundError(TRACK_NOT_FOUND);
    return c.json({ order });
  });

  app.get('/api/purchase/:hash', (c) => {
    const order = orderByHash(c.get('deps').db, c.get('shop'), c.req.param('hash'));
    if (!order) throw new NotFoundError(msg('Objednávka neexistuje'));
    return c.json({ data: order });
  });

  app.post('/api/payment/log', async (c) => {
    const body = await readBody(c);
    const hash = typeof body.hash === 'string' ? body.hash : '';
    const bank = typeof body.bank === 'string' ? body.bank.slice(0, 60) : '';
    const text = bank ? `Zvolená QR platba s bankou ${bank}` : 'Zvolená QR platba s bankou';
    if (!logPaymentEvent(c.get('deps').db, c.get('shop').id, hash, text, c.get('deps').clock.now())) throw new NotFoundError(msg('Objednávka neexistuje'));
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { logged: true } });
  });

  return app;
}
