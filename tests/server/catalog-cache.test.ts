import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../server/http/session';
import { Lru, priceRole } from '../../server/catalog/fragment-cache';
import { FRAGMENT_CSRF } from '../../server/render/renderer';
import { csrfTokenFor } from '../../server/http/csrf';
import { cookieValue, defaultsOf } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, richCategory, session, signedIn, sql } from './catalog-helpers';

let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  root = richCategory(shop);
});
afterAll(() => shop.close());

const cacheState = (r: { response: Response }) => r.response.headers.get('x-fragment-cache');

/** A session with a cart of `pieces` of one product, as the cart would leave it. */
async function shopperWithCart(pieces: number) {
  const s = await session(shop);
  const hash = hashSessionId(s.sid);
  const now = Date.now();
  const sqlite = shop.db.$client;
  sqlite.prepare('INSERT INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').run(hash, now, now + 86_400_000);
  const cartId = sqlite.prepare('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, 1, ?)').run(hash, now).lastInsertRowid;
  const product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 ORDER BY id LIMIT 1')[0].id;
  sqlite.prepare('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)').run(cartId, product, pieces);
  return s;
}

describe('category fragment cache', () => {
  it('serves the second anonymous request from the cache with the same list', async () => {
    const path = `/${root.slug}/2`;
    const first = await get(shop, path);
    const second = await get(shop, path);
    expect(cacheState(first)).toBe('miss');
    expect(cacheState(second)).toBe('hit');
    const main = (html: string) => html.match(/<main[\s\S]*<\/main>/)![0];
    expect(main(second.html)).toBe(main(first.html));
    expect(second.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000${path}`);
    expect(second.doc.querySelector('link[rel="prev"]')).not.toBeNull();
  });

  it('keeps per-shopper parts out of it: another shopper sees their own cart and CSRF token', async () => {
    const path = `/${root.slug}/1/znacka:${sql<{ key: string }>(shop, "SELECT o.key FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'znacka' ORDER BY o.position LIMIT 1")[0].key}`;
    const anonymous = await get(shop, path);
    const buyer = await shopperWithCart(3);
    const page = await get(shop, path, { cookie: buyer.cookie });
    expect(cacheState(anonymous)).toBe('miss');
    expect(cacheState(page)).toBe('hit');
    expect(page.doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('3');
    expect(defaultsOf(page.doc).cart.count).toBe(3);
    expect(defaultsOf(page.doc).csrf).toBe(buyer.csrf);
    expect(page.html).not.toContain(FRAGMENT_CSRF);
    // The anonymous page is shared (no token at all, decision 181); the buyer's has only theirs.
    expect(defaultsOf(anonymous.doc).csrf).toBe('');
    expect(page.html).not.toContain(csrfTokenFor(shop.config.secret, cookieValue(anonymous.response, 'sid')!));
    expect(page.response.headers.get('cache-control')).toBe('no-store');
  });

  it('is keyed by shop and locale', async () => {
    const path = `/${root.slug}/2`;
    shop.app.invalidateCatalog();
    expect(cacheState(await get(shop, path))).toBe('miss');
    const english = await get(shop, path, { cookie: 'locale=en' });
    expect(cacheState(english)).toBe('miss');
    expect(english.doc.documentElement.getAttribute('lang')).toBe('en');
    const czech = await get(shop, path, { host: 'cz.localhost:3000' });
    expect(cacheState(czech)).toBe('miss');
    expect(czech.doc.querySelector('.product-card__price')?.textContent).toContain('Kč');
  });

  it('is dropped by invalidateCatalog() after a catalogue change, and expires after a minute', async () => {
    const path = `/${root.slug}`;
    const before = await get(shop, path);
    const id = Number(before.doc.querySelector('.product-card')!.getAttribute('data-product-id'));
    shop.db.$client.prepare('UPDATE products SET name = ? WHERE id = ?').run('Premenovaný produkt', id);
    const stale = await get(shop, path);
    expect(cacheState(stale)).toBe('hit');
    expect(stale.html).not.toContain('Premenovaný produkt');
    shop.app.invalidateCatalog();
    const fresh = await get(shop, path);
    expect(cacheState(fresh)).toBe('miss');
    expect(fresh.html).toContain('Premenovaný produkt');
    expect(cacheState(await get(shop, path))).toBe('hit');
    shop.clock.set(new Date(shop.clock.now().getTime() + 61_000));
    expect(cacheState(await get(shop, path))).toBe('miss');
  });

  it('is shared per price role: signed-in consumers get the B2C list, wholesale buyers their own with B2B prices', async () => {
    const path = `/${root.slug}`;
    shop.app.invalidateCatalog();
    await get(shop, path);
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const own = await get(shop, path, { cookie: consumer.cookie });
    expect(cacheState(own)).toBe('hit');
    expect(own.response.headers.get('x-page-cache')).toBeNull();
    expect(defaultsOf(own.doc).csrf).toBe(consumer.csrf);
    expect(defaultsOf(own.doc).isLogged).toBe(true);
    const wholesale = await signedIn(shop, ['ROLE_WHOLESALE']);
    const b2b = await get(shop, path, { cookie: wholesale.cookie });
    expect(cacheState(b2b)).toBe('miss');
    expect(cacheState(await get(shop, path, { cookie: wholesale.cookie }))).toBe('hit');
    const id = Number(b2b.doc.querySelector('.product-card')!.getAttribute('data-product-id'));
    const price = sql<{ b2b: number }>(shop, 'SELECT price_b2b AS b2b FROM product_prices WHERE product_id = ? AND shop_id = 1', id)[0].b2b;
    const shown = b2b.doc.querySelector('.product-card__price strong')!.textContent!;
    expect(Number(shown.replace(/[^\d,]/g, '').replace(',', '.'))).toBe(price / 100);
    expect(priceRole({ roles: ['ROLE_WHOLESALE'] })).toBe('b2b');
    expect(priceRole({ roles: ['ROLE_CONSUMER'] })).toBe('b2c');
  });

  it('is a bounded LRU', () => {
    const lru = new Lru<number>(3);
    for (const k of ['a', 'b', 'c']) lru.set(k, 1);
    lru.get('a');
    lru.set('d', 1);
    expect(lru.size).toBe(3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
  });

  it('forgets exactly what a Map-ordered LRU forgets, over a long random mix of calls', () => {
    // The reference: re-inserting into a Map keeps the least recently used key first.
    const reference = new Map<string, number>();
    const touch = (k: string, v: number) => {
      reference.delete(k);
      reference.set(k, v);
    };
    const lru = new Lru<number>(7);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const key = `k${Math.floor(random() * 12)}`;
      const roll = random();
      if (roll < 0.5) {
        const expected = reference.get(key);
        if (expected !== undefined) touch(key, expected);
        expect(lru.get(key)).toBe(expected);
      } else if (roll < 0.9) {
        touch(key, i);
        while (reference.size > 7) reference.delete(reference.keys().next().value!);
        lru.set(key, i);
      } else if (roll < 0.98) {
        reference.delete(key);
        lru.delete(key);
      } else {
        reference.clear();
        lru.clear();
      }
      expect(lru.size).toBe(reference.size);
    }
    for (const [key, value] of [...reference]) expect(lru.get(key)).toBe(value);
  });
});
