import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { openDb } from '../../server/db/client';
import { csrfTokenFor } from '../../server/http/csrf';
import { securityHeaderList } from '../../server/http/security-headers';
import { PageTemplate } from '../../server/render/page-template';
import { cookieValue, defaultsOf, parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, richCategory, session, signedIn, SK, sql } from './catalog-helpers';

let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  root = richCategory(shop);
});
afterAll(() => shop.close());

const pageState = (r: { response: Response }) => r.response.headers.get('x-page-cache');
const nonceOf = (r: { response: Response }) => /'nonce-([^']+)'/.exec(r.response.headers.get('content-security-policy') ?? '')?.[1];
/** The page with this response's own nonce and token taken out: what every anonymous visitor shares. */
const shared = (html: string, nonce: string, csrf: string) => html.split(nonce).join('NONCE').split(csrf).join('CSRF');
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)![0];
const noSid = async (path: string, headers: Record<string, string> = {}) => get(shop, path, headers);
const mailer = { send: async () => {} };

/** The id of the first product card on an anonymous view of `path`. */
function firstCard(doc: Document): number {
  return Number(doc.querySelector('.product-card')!.getAttribute('data-product-id'));
}

describe('whole-page cache for anonymous visitors', () => {
  it('answers the second anonymous view from the cache, byte for byte the same page but for nonce and token', async () => {
    const path = `/${root.slug}/2`;
    shop.app.invalidateCatalog();
    const first = await noSid(path);
    const second = await noSid(path);
    expect(pageState(first)).toBe('miss');
    expect(pageState(second)).toBe('hit');
    const a = { nonce: nonceOf(first)!, csrf: defaultsOf(first.doc).csrf as string };
    const b = { nonce: nonceOf(second)!, csrf: defaultsOf(second.doc).csrf as string };
    expect(shared(second.html, b.nonce, b.csrf)).toBe(shared(first.html, a.nonce, a.csrf));
    expect(second.html).not.toContain('__page_nonce__');
    expect(second.html).not.toContain('__fragment_csrf_token__');
    expect(second.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000${path}`);
  });

  it('never gives one visitor another one\'s nonce or CSRF token: each is their own, in the header and in every form', async () => {
    const path = `/${root.slug}/2`;
    await noSid(path);
    const visitors = [await noSid(path), await noSid(path), await noSid(path, { cookie: `sid=${'r'.repeat(43)}` }), await noSid(path, { cookie: `sid=${'s'.repeat(43)}` })];
    const nonces = new Set<string>();
    const tokens = new Set<string>();
    for (const visitor of visitors) {
      expect(pageState(visitor)).toBe('hit');
      const sid = cookieValue(visitor.response, 'sid');
      const nonce = nonceOf(visitor)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      for (const script of visitor.doc.querySelectorAll('script[nonce]')) expect(script.getAttribute('nonce')).toBe(nonce);
      const token = defaultsOf(visitor.doc).csrf as string;
      const fields = [...visitor.doc.querySelectorAll('input[name="_csrf"]')].map((input) => input.getAttribute('value'));
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) expect(field).toBe(token);
      nonces.add(nonce);
      tokens.add(token);
      if (sid) expect(token).toBe(csrfTokenFor(shop.config.secret, sid));
    }
    // Returning visitors keep their cookie (no Set-Cookie), their token is bound to it.
    expect(defaultsOf(visitors[2].doc).csrf).toBe(csrfTokenFor(shop.config.secret, 'r'.repeat(43)));
    expect(defaultsOf(visitors[3].doc).csrf).toBe(csrfTokenFor(shop.config.secret, 's'.repeat(43)));
    expect(visitors[2].response.headers.get('set-cookie')).toBeNull();
    expect(visitors[2].response.headers.get('cache-control')).toBe('no-store');
    expect(visitors[0].response.headers.get('cache-control')).toBeNull();
    expect(nonces.size).toBe(visitors.length);
    expect(tokens.size).toBe(visitors.length);
  });

  it('sends the same headers as the normal path, and the same security headers hono/secure-headers did', async () => {
    const path = `/${root.slug}/2`;
    await noSid(path);
    const hit = await noSid(path, { cookie: `sid=${'h'.repeat(43)}` });
    // A query string always takes the normal path (and the page is still the fragment-cached one).
    const normal = await noSid(`${path}?utm_source=test`, { cookie: `sid=${'h'.repeat(43)}` });
    expect(pageState(hit)).toBe('hit');
    expect(pageState(normal)).toBeNull();
    const names = (r: Response) => [...r.headers.keys()].filter((k) => k !== 'x-page-cache').sort();
    expect(names(hit.response)).toEqual(names(normal.response));
    for (const name of names(hit.response)) {
      if (name === 'x-request-id') continue;
      const value = (r: { response: Response }) => r.response.headers.get(name)!.split(nonceOf(r)!).join('NONCE');
      expect(value(hit), name).toBe(value(normal));
    }
    expect(mainOf(hit.html)).toBe(mainOf(normal.html));

    const old = new Hono();
    old.use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          styleSrc: ["'self'", NONCE],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
      }),
    );
    old.get('/', (c) => c.text(c.get('secureHeadersNonce') ?? ''));
    const answer = await old.request('/');
    const nonce = await answer.text();
    const expected = [...answer.headers.entries()].filter(([k]) => k !== 'content-type').sort();
    expect(securityHeaderList(nonce).map(([k, v]) => [k.toLowerCase(), v]).sort()).toEqual(expected);
  });

  it('gzip and plain answers hold the same page', async () => {
    const path = `/${root.slug}/2`;
    await noSid(path);
    const response = await shop.app.request(path, { headers: { ...SK, cookie: `sid=${'g'.repeat(43)}`, 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const zipped = Buffer.from(await response.arrayBuffer());
    const html = gunzipSync(zipped).toString();
    const plain = await noSid(path, { cookie: `sid=${'g'.repeat(43)}` });
    expect(shared(html, /nonce="([^"]+)"/.exec(html)![1], 'x')).toBe(shared(plain.html, nonceOf(plain)!, 'x'));
  });

  it('is kept per locale and per consent banner state', async () => {
    const path = `/${root.slug}`;
    await noSid(path);
    const banner = await noSid(path);
    expect(pageState(banner)).toBe('hit');
    expect(banner.doc.querySelector('form.consent')).not.toBeNull();
    const agreed = await noSid(path, { cookie: 'consent=1' });
    expect(pageState(agreed)).toBe('miss');
    expect(agreed.doc.querySelector('form.consent')).toBeNull();
    expect(pageState(await noSid(path, { cookie: 'consent=1' }))).toBe('hit');
    const english = await noSid(path, { cookie: 'locale=en' });
    expect(pageState(english)).toBe('miss');
    expect(english.doc.documentElement.getAttribute('lang')).toBe('en');
    expect(english.response.headers.get('content-language')).toBe('en');
    const again = await noSid(path, { cookie: 'locale=en' });
    expect(pageState(again)).toBe('hit');
    expect(again.response.headers.get('content-language')).toBe('en');
    expect(again.doc.documentElement.getAttribute('lang')).toBe('en');
  });

  it('is not used for a shopper with a stored session (a cart) or a signed-in one; they get their own header', async () => {
    const path = `/${root.slug}`;
    await noSid(path);
    expect(pageState(await noSid(path))).toBe('hit');
    const buyer = await session(shop);
    const product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1')[0].id;
    const added = await shop.app.request('/api/cart/add', {
      method: 'POST',
      headers: { ...SK, cookie: buyer.cookie, 'x-csrf-token': buyer.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: product, quantity: 2 }),
    });
    expect(added.status).toBeLessThan(300);
    const withCart = await get(shop, path, { cookie: buyer.cookie });
    expect(pageState(withCart)).toBeNull();
    expect(withCart.response.headers.get('x-fragment-cache')).toBe('hit');
    expect(withCart.doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('2');
    expect(defaultsOf(withCart.doc).csrf).toBe(buyer.csrf);

    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const own = await get(shop, path, { cookie: consumer.cookie });
    expect(pageState(own)).toBeNull();
    expect(defaultsOf(own.doc).isLogged).toBe(true);
    expect(defaultsOf(own.doc).csrf).toBe(consumer.csrf);
  });

  it('is dropped by a price change, a stock change and a new product (even one written by another process)', async () => {
    const path = `/${root.slug}`;
    shop.app.invalidateCatalog();
    const before = await noSid(path);
    expect(pageState(await noSid(path))).toBe('hit');
    const id = firstCard(before.doc);

    await setProductPrice(shop.db, shop.clock, mailer, { productId: id, shopId: 1, priceB2c: 123_456 });
    const repriced = await noSid(path);
    expect(pageState(repriced)).toBe('miss');
    expect(repriced.doc.querySelector(`.product-card[data-product-id="${id}"]`)!.textContent).toMatch(/1\s?234,56/);
    expect(pageState(await noSid(path))).toBe('hit');

    await setProductStock(shop.db, shop.clock, mailer, { productId: id, quantity: 0 });
    const sold = await noSid(path);
    expect(pageState(sold)).toBe('miss');
    expect(pageState(await noSid(path))).toBe('hit');

    // A new product first in the list, inserted through a second connection as an import would.
    const other = openDb(shop.config.dbFile);
    const template = sql<{ category_id: number; position: number }>(shop, 'SELECT category_id, position FROM products WHERE id = ?', id)[0];
    const columns = sql<{ name: string }>(shop, 'PRAGMA table_info(products)').map((c) => c.name).filter((c) => c !== 'id');
    const values = columns.map((c) => (c === 'slug' ? "'uplne-novy-produkt'" : c === 'name' ? "'Úplne nový produkt'" : c === 'position' ? String(template.position - 1) : c === 'code_public' ? "'NEW-1'" : c));
    const created = other.$client.prepare(`INSERT INTO products (${columns.join(', ')}) SELECT ${values.join(', ')} FROM products WHERE id = ?`).run(id).lastInsertRowid;
    other.$client.prepare('INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) SELECT ?, shop_id, price_b2c, price_b2b, vat_rate FROM product_prices WHERE product_id = ?').run(created, id);
    other.$client.close();
    const fresh = await noSid(path);
    expect(pageState(fresh)).toBe('miss');
    expect(fresh.html).toContain('Úplne nový produkt');
  });

  it('fills holes in gzip pieces into a valid stream', () => {
    const page = new PageTemplate(Buffer.from('<p>__a__ and __b__, čaj __a__</p>'.repeat(50)), ['__a__', '__b__']);
    expect(page.holeCount).toBe(150);
    const values = ['nonce+/=', 'token_-'];
    const expected = '<p>nonce+/= and token_-, čaj nonce+/=</p>'.repeat(50);
    expect(gunzipSync(page.gzip(values)).toString()).toBe(expected);
    expect(page.html(values).toString()).toBe(expected);
    expect(() => page.html(['"><script>', 'x\u00e9'])).toThrow();
  });
});
