import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { requireUser } from '../accounts/roles';
import { otherDeviceCart, resolveOtherCart } from './cart-owner.service';
import { continueSchema } from './cart-owner.schemas';
import { scriptJson } from '../render/json';
import { cartAnswer, parseInput } from './cart.http';
import { readBody } from '../http/body';

export const CONTINUE_PATH = '/nakupny-kosik/pokracovat';

/** The cart page's question, with the other cart's lines and when it last changed (DD.MM.YYYY HH:mm, shop time). */
export function continueQuestion(c: Context<AppEnv>) {
  const other = otherDeviceCart(c.get('deps').db, c.get('session').hash, c.get('session').userId, c.get('shop').id, c.get('deps').clock.now());
  if (!other) return null;
  const updated = new Intl.DateTimeFormat('sk-SK', {
    timeZone: 'Europe/Bratislava', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
  }).format(new Date(other.updatedAt));
  return { ...other, updated };
}

/** The question and its JSON block for the wizard (templates/partials/cart-continue.eta), or null. */
export function continueView(c: Context<AppEnv>) {
  const question = continueQuestion(c);
  return question ? { ...question, json: scriptJson(question) } : null;
}

function apply(c: Context<AppEnv>, body: Record<string, unknown>): void {
  const input = parseInput(continueSchema, body);
  const { db, clock } = c.get('deps');
  resolveOtherCart(db, c.get('session').hash, c.get('session').userId!, c.get('shop').id, input.cart_id, input.choice, clock.now());
}

/**
 * Spec 4 "continuing a cart started on another device": the no-JS form on the cart page and the
 * wizard's call. Signed-in only; the answer is applied in one transaction (cart-owner.service.ts).
 */
export function cartOwnerRoutes() {
  const app = new Hono<AppEnv>();
  app.use(CONTINUE_PATH, requireUser);
  app.use('/api/cart/continue', requireUser);

  app.post(CONTINUE_PATH, async (c) => {
    try {
      apply(c, await readBody(c));
    } catch (error) {
      // The question is gone (answered on another device) or the form was tampered with: the cart page shows what is true now.
      if (!(error instanceof ProblemError) || error.status >= 500) throw error;
    }
    return c.redirect('/nakupny-kosik', 303);
  });

  app.post('/api/cart/continue', async (c) => {
    apply(c, await readBody(c));
    c.header('Cache-Control', 'no-store');
    return c.json(cartAnswer(c));
  });

  return app;
}
