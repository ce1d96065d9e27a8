import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../server/http/session';
import type { AppEnv, SessionState } from '../../server/http/env';
import { shopperHeaderOf } from '../../server/cart/shopper-header';
import { findSession } from '../../server/sessions/sessions.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, session, sql, type Session } from './catalog-helpers';

/**
 * A page header's figures (the cart's count and total, the unread messages) are read in the
 * statement a request begins with (docs/decisions/270) and serve the header while this process's
 * connection has written nothing since; after a write they are read again.
 */
let shop: TestShop;
let s: Session;
let products: { id: number; price: number }[];

beforeAll(async () => {
  shop = createTestShop({ products: 40 });
  s = await session(shop);
  products = sql<{ id: number; price: number }>(
    shop,
    `SELECT p.id, pp.price_b2c AS price FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1
      WHERE p.visible = 2 AND p.parent_id IS NULL AND p.quantity > 5 ORDER BY p.id LIMIT 2`,
  );
  const added = await post(shop, s, '/api/cart/add', { product_id: products[0].id, quantity: 2 });
  expect(added.status).toBe(200);
});
afterAll(() => shop.close());

/** The context shopperHeaderOf reads: the session as the session middleware set it, in the Slovak shop. */
function contextAsBegun(method = 'GET'): Context<AppEnv> {
  const hash = hashSessionId(s.sid);
  const { session: row, header } = findSession(shop.db, hash, shop.clock.now(), 1);
  expect(row).toBeDefined();
  const state: SessionState = { id: s.sid, hash, fresh: false, stored: true, userId: row!.userId, username: row!.email, roles: row!.roles, header };
  const vars: Record<string, unknown> = { session: state, deps: { db: shop.db }, shop: { id: 1 } };
  return { get: (name: string) => vars[name], req: { method } } as unknown as Context<AppEnv>;
}

describe("a page header's figures", () => {
  it('come with the session: the first statement read the cart', () => {
    const c = contextAsBegun();
    expect(c.get('session').header?.figures).toMatchObject({ count: 2, totalB2c: 2 * products[0].price });
    expect(shopperHeaderOf(c)).toEqual({ cart: { count: 2, total: 2 * products[0].price }, unread: 0 });
  });

  it('are read again when the connection wrote after the request began (a GET that stores)', () => {
    const c = contextAsBegun();
    // The same request adds a piece of another product before its header is drawn.
    shop.db.$client
      .prepare('INSERT INTO cart_items (cart_id, product_id, quantity) SELECT id, ?, 1 FROM carts WHERE session_hash = ?')
      .run(products[1].id, hashSessionId(s.sid));
    expect(shopperHeaderOf(c)).toEqual({ cart: { count: 3, total: 2 * products[0].price + products[1].price }, unread: 0 });
  });

  it('show on the page as the cart holds them', async () => {
    const page = await get(shop, '/nakupny-kosik', { cookie: s.cookie });
    expect(page.doc.querySelector('.cart-button__count')?.textContent).toBe('3');
  });
});
