import type { Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { ValidationError } from '../http/problem';
import { returnPath } from '../http/return-path';
import { formatMoney } from '../render/format';
import { catalogueLang } from '../catalog/catalogue-texts';
import { cartView, type CartContext, type CartView } from './cart.service';
import { fieldErrors } from './cart.schemas';

/** Shared by cart.api.ts and cart.pages.ts: request → service context, body → schema, view → text. */
export function cartContext(c: Context<AppEnv>): CartContext {
  return { sessionHash: c.get('session').hash, shop: c.get('shop'), wholesale: isWholesale(c), userId: c.get('session').userId, lang: catalogueLang(c), now: c.get('deps').clock.now() };
}

export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

/** The page the shopper added from: an explicit local `return_to`, else a same-origin Referer. */
export function returnPathOf(c: Context<AppEnv>, body: Record<string, unknown>): string | null {
  // Coming back to the cart itself is not "back to shopping".
  return returnPath(c, body.return_to, ['/nakupny-kosik']);
}

function voucherValues(c: Context<AppEnv>, values?: Record<string, unknown>) {
  if (!values || typeof values.amountFrom !== 'number') return undefined;
  return { amount: formatMoney(values.amountFrom, c.get('shop').currency, c.get('locale')) };
}

/** Carrier and payment names are Slovak source texts in the database, translated here. */
export function localizedView(c: Context<AppEnv>, view: CartView): CartView {
  const t = (id: string) => (id ? c.get('i18n')._(id) : id);
  return {
    ...view,
    voucher: view.voucher ? { ...view.voucher, message: c.get('i18n')._(view.voucher.message, voucherValues(c, view.voucher.values)) } : null,
    shipping_options: view.shipping_options.map((o) => ({ ...o, name: t(o.name), description: t(o.description) })),
    payment_options: view.payment_options.map((o) => ({ ...o, name: t(o.name), description: t(o.description) })),
  };
}

/** The cart view plus the header summary `{ count, total, totalFormatted }` that widgets/stores/cart.ts takes. */
export function cartAnswer(c: Context<AppEnv>) {
  const view = localizedView(c, cartView(c.get('deps').db, cartContext(c)));
  return {
    count: view.count,
    total: view.subtotal,
    totalFormatted: formatMoney(view.subtotal, c.get('shop').currency, c.get('locale')),
    cart: view,
  };
}
