import { requestHeader } from '../http/request-header';
import { isWholesale } from '../accounts/wholesale';
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { ProblemError, ValidationError } from '../http/problem';
import { fieldErrors } from '../cart/cart.schemas';
import { cartContext } from '../cart/cart.http';
import { allowedCountries, checkoutSchema, type CheckoutInput } from './orders.schemas';
import { submitOrder } from './orders.service';

export function countriesFor(c: Context<AppEnv>): string[] {
  return allowedCountries(c.get('shop').country, isWholesale(c));
}

/** A fresh form token for the step-3 page: the no-JS submit's idempotency key. */
export function newSubmitToken(): string {
  return randomBytes(16).toString('base64url');
}

export function parseCheckout(c: Context<AppEnv>, body: Record<string, unknown>): CheckoutInput {
  const parsed = checkoutSchema(countriesFor(c)).safeParse(body);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

/** `Idempotency-Key` header, else the form's `_submit` token; none at all = a one-off key. */
function submitKey(c: Context<AppEnv>, body: Record<string, unknown>): string {
  const key = requestHeader(c, 'idempotency-key') ?? (typeof body._submit === 'string' ? body._submit : undefined);
  if (key === undefined || key === '') return newSubmitToken();
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw new ProblemError(400, msg('Nesprávny formát požiadavky'));
  return key;
}

/**
 * Validates and creates the order (one synchronous transaction that also queues its mails; the
 * outbox sends them after the response, server/app.ts). A mail that cannot go now stays queued and
 * is retried (server/mail/outbox.ts); it never fails the order or the shopper's next page.
 */
export async function submitCheckout(c: Context<AppEnv>, body: Record<string, unknown>): Promise<string> {
  const input = parseCheckout(c, body);
  const { db, clock } = c.get('deps');
  const shop = c.get('shop');
  const result = submitOrder(
    db,
    { ...cartContext(c), userId: c.get('session').userId ?? null, locale: c.get('locale'), shopVatRate: shop.vatRate },
    input,
    submitKey(c, body),
    clock.now(),
  );
  return result.hash;
}
