import { Hono } from 'hono';
import { SESSION_PATH, shopperHeaderOf } from '../cart/shopper-header';
import type { AppEnv } from '../http/env';
import { markPrivate } from '../http/http-cache';
import { answer } from '../http/response-head';
import { formatMoney } from '../render/format';

/**
 * GET /api/session: what a shared page leaves out for the shopper who holds a session (the names
 * and order of the #shop-defaults block: sign-in, name, roles, cart, CSRF token), never cached
 * (decision 213). A visitor without a session gets the anonymous answer and no cookie.
 */
export function sessionApi() {
  const app = new Hono<AppEnv>();
  app.get(SESSION_PATH, (c) => {
    const session = c.get('session');
    const shop = c.get('shop');
    const { cart, unread } = shopperHeaderOf(c);
    markPrivate(c);
    const body = {
      isLogged: session.userId !== null,
      loggedUsername: session.username,
      loggedRoles: session.roles,
      cart: { ...cart, totalFormatted: formatMoney(cart.total, shop.currency, c.get('locale')) },
      csrf: c.get('csrfToken'),
      unreadMessages: unread,
    };
    return answer(c, JSON.stringify(body), 200, 'application/json');
  });
  return app;
}
