import type { Context } from 'hono';
import { headerAt, shopperHeader, writesSoFar, type ShopperHeader } from './cart-summary.service';
import type { AppEnv } from '../http/env';
import { isWholesale } from '../accounts/wholesale';

/** The shopper's own JSON (server/sessions/session.api.ts): a shared page's header bits for a browser that holds a session. */
export const SESSION_PATH = '/api/session';

/** A page (any GET outside the API) and /api/session show the shopper's cart and messages: their first read brings those (server/http/session.ts). */
export function drawsHeader(c: Context<AppEnv>): boolean {
  return c.req.method === 'GET' && (!c.req.path.startsWith('/api/') || c.req.path === SESSION_PATH);
}

export const NO_HEADER: ShopperHeader = { cart: { count: 0, total: 0 }, unread: 0 };

/**
 * The cart's figures and the Správy count of this request's shopper, for a page header and
 * /api/session. None when no row was behind the id as the request began (carts reference the row)
 * unless this very request stored one (a form post that renders instead of redirecting). The
 * figures read with the session serve while nothing has been written since (the no-JS add to cart
 * is a GET that writes); otherwise they are read again.
 */
export function shopperHeaderOf(c: Context<AppEnv>): ShopperHeader {
  const session = c.get('session');
  if (!session.stored && c.req.method === 'GET') return NO_HEADER;
  const db = c.get('deps').db;
  if (session.header && session.header.writes === writesSoFar(db)) return headerAt(session.header.figures, isWholesale(c));
  return shopperHeader(db, session.hash, c.get('shop').id, isWholesale(c), session.userId);
}
