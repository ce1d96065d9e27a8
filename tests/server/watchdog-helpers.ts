import type { TestShop } from '../setup/test-app';
import { session as firstVisit } from './catalog-helpers';

export interface TestProduct {
  id: number;
  name: string;
  slug: string;
  quantity: number;
  price: number;
}

/** Visible products with a price in the Slovak shop, each test taking its own so watches never mix. */
export function productsOf(shop: Pick<TestShop, 'db'>, shopId = 1): TestProduct[] {
  return shop.db.$client
    .prepare(
      `SELECT p.id, p.name, p.slug, p.quantity, pp.price_b2c AS price FROM products p
         JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE p.visible = 2 ORDER BY p.id`,
    )
    .all(shopId) as TestProduct[];
}

let address = 0;
/** A client address per call unless one is given: the limiter counts per address. */
export function client(ip = `10.0.${Math.floor(++address / 250)}.${address % 250}`) {
  return { incoming: { socket: { remoteAddress: ip } } };
}

/** A session cookie and its CSRF token, as a browser gets them on its first page. */
export async function session(shop: TestShop, cookie = ''): Promise<{ sid: string; csrf: string; cookie: string }> {
  const { sid, csrf } = await firstVisit(shop, { cookie });
  return { sid, csrf, cookie: [`sid=${sid}`, cookie].filter(Boolean).join('; ') };
}

export async function postJson(shop: TestShop, body: unknown, options: { ip?: string; cookie?: string; csrf?: boolean } = {}) {
  const s = await session(shop, options.cookie);
  const headers: Record<string, string> = { host: '127.0.0.1:3000', cookie: s.cookie, 'content-type': 'application/json' };
  if (options.csrf !== false) headers['x-csrf-token'] = s.csrf;
  return shop.app.request('/api/watchdog', { method: 'POST', headers, body: JSON.stringify(body) }, client(options.ip));
}

export async function postForm(shop: TestShop, path: string, fields: Record<string, string>, options: { ip?: string } = {}) {
  const s = await session(shop);
  return shop.app.request(
    path,
    {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, _csrf: s.csrf }).toString(),
    },
    client(options.ip),
  );
}

export function watchRows(shop: Pick<TestShop, 'db'>, productId: number) {
  return shop.db.$client.prepare('SELECT * FROM watchdogs WHERE product_id = ? ORDER BY id').all(productId) as Array<Record<string, any>>;
}
