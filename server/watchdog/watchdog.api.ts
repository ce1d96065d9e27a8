import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { readBody } from '../http/body';
import { NotFoundError, ValidationError } from '../http/problem';
import { rateLimit, type RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import { validateWatchdog } from './watchdog.schemas';
import { findWatchProduct, saveWatch, type WatchProduct } from './watchdog.service';

export const WATCHDOG_API_PATH = '/api/watchdog';

/** The product of the form, in the request's shop; unknown or hidden → 404. */
export function watchedProduct(c: Context<AppEnv>, raw: unknown): WatchProduct {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,12}$/.test(raw.trim()) ? Number(raw) : NaN;
  const product = findWatchProduct(c.get('deps').db, id, c.get('shop').id);
  if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
  return product;
}

/**
 * Validates and stores a watch for the request's shop and locale. Field errors go out as a 400
 * problem whose detail is the first message, so a client that shows only `detail` (spec 8: the
 * dialog shows the server message) still shows the spec's words.
 */
export function saveFromForm(c: Context<AppEnv>, product: WatchProduct, form: Record<string, unknown>): { id: string } {
  const result = validateWatchdog(form, product.price, product.quantity);
  if (!result.ok) throw new ValidationError(result.errors as Record<string, string>, Object.values(result.errors)[0]);
  const { db, clock } = c.get('deps');
  return saveWatch(db, clock, { productId: product.id, shopId: c.get('shop').id, locale: c.get('locale'), input: result.value });
}

export function watchdogApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  app.post(WATCHDOG_API_PATH, rateLimit(limiter), async (c) => {
    // Spec 7: the watch dialog saves with form data; JSON is accepted too.
    const form = await readBody(c);
    const saved = saveFromForm(c, watchedProduct(c, form.product), form);
    return c.json(saved, 201);
  });
  return app;
}
