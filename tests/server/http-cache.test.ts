import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterCountPath } from '../../server/catalog/filter';
import { securityFieldsFor } from '../../server/http/security-headers';
import { defaultsOf } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { TOKEN_PAGE } from '../setup/visitor';
import { get, post, richCategory, session, signedIn, SK, sql } from './catalog-helpers';

/**
 * HTTP caching of what every anonymous visitor sees (server/http/http-cache.ts, decision 213): the
 * shop marks those answers for shared caches (nginx, a CDN) with a validator made of the catalogue
 * version, answers a revalidation 304 without rendering, and keeps everything personal out of them.
 */
let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  root = richCategory(shop);
});
afterAll(() => shop.close());

const one = <T>(query: string, ...params: unknown[]) => sql<T>(shop, query, ...params)[0];
const header = (doc: Document) => doc.querySelector('header.site-header')!;
const SHARED = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

/** Every address the issue lists as shared for anonymous visitors, with one of each kind. */
function sharedAddresses(): string[] {
  const product = one<{ slug: string }>('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1');
  const guide = one<{ slug: string; category: string }>('SELECT b.slug, c.slug AS category FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.visible = 1 ORDER BY b.id LIMIT 1');
  const blog = one<{ slug: string }>("SELECT slug FROM categories WHERE type = 'blog' AND visible = 1 ORDER BY id LIMIT 1");
  const post = one<{ slug: string }>('SELECT slug FROM static_posts WHERE visible = 1 AND (shop_id = 1 OR shop_id IS NULL) ORDER BY id LIMIT 1');
  const brand = one<{ key: string }>("SELECT o.key FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'znacka' ORDER BY o.id LIMIT 1");
  return [
    '/',
    `/${root.slug}`,
    `/${root.slug}/2`,
    `/${product.slug}`,
    `/navody-inspiracie/${guide.category}/${guide.slug}`,
    `/${blog.slug}`,
    `/${post.slug}`,
    '/hladaj?q=hrniec',
    filterCountPath(root.id, { attributes: { znacka: [brand.key] }, price: null }, ['znacka']),
    `/api/product?category_id=${root.id}&_limit=12`,
  ];
}

describe('answers shared by anonymous visitors', () => {
  it('say public with s-maxage, stale-while-revalidate and a strong ETag, set no cookie, and keep the security headers', async () => {
    const addresses = sharedAddresses();
    for (const path of addresses) {
      const { response } = await get(shop, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toMatch(SHARED);
      expect(response.headers.get('etag'), path).toMatch(/^"[^"]+"$/);
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding, Cookie');
      expect(response.headers.getSetCookie(), path).toEqual([]);
      if (!path.startsWith('/api/')) for (const [name, value] of Object.entries(securityFieldsFor(path))) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
    // The same page for a visitor holding a session id with nothing stored under it.
    const visitor = await session(shop);
    expect((await get(shop, `/${root.slug}`, { cookie: visitor.cookie })).response.headers.get('cache-control')).toMatch(SHARED);
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('hold nothing of one visitor: no CSRF token, an empty cart, nobody signed in', async () => {
    const visitor = await session(shop);
    for (const cookie of ['', visitor.cookie]) {
      const { doc, html } = await get(shop, `/${root.slug}`, { cookie });
      expect(defaultsOf(doc)).toMatchObject({ csrf: '', isLogged: false, loggedUsername: null, cart: { count: 0, total: 0 } });
      expect(html).not.toContain(visitor.csrf);
      for (const input of doc.querySelectorAll<HTMLInputElement>('input[name="_csrf"]')) expect(input.getAttribute('value')).toBe('');
    }
  });

  it('answer a revalidation with the current tag 304 before rendering, also a weak one; any other tag gets the page', async () => {
    for (const path of [`/${root.slug}/2`, '/hladaj?q=hrniec', `/api/product?category_id=${root.id}&_limit=3`]) {
      const first = (await get(shop, path)).response;
      const tag = first.headers.get('etag')!;
      for (const sent of [tag, `W/${tag}`, `"other", ${tag}`]) {
        const again = await shop.app.request(path, { headers: { ...SK, 'if-none-match': sent } });
        expect(again.status, `${path} ${sent}`).toBe(304);
        expect(again.headers.get('etag')).toBe(tag);
        expect(again.headers.get('cache-control')).toMatch(SHARED);
        expect(await again.text()).toBe('');
      }
      const stale = await shop.app.request(path, { headers: { ...SK, 'if-none-match': '"1-stale-sk-sk-n"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('get a new tag with every catalogue change, and the page shows it', async () => {
    const product = one<{ id: number; slug: string }>('SELECT id, slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1 OFFSET 3');
    const path = `/${product.slug}`;
    const before = (await get(shop, path)).response.headers.get('etag')!;
    shop.db.$client.prepare('UPDATE product_prices SET price_b2c = 424_242 WHERE product_id = ? AND shop_id = 1').run(product.id);
    const after = await get(shop, path);
    expect(after.response.headers.get('etag')).not.toBe(before);
    expect(after.doc.querySelector('.product-detail__price')?.textContent?.replace(/\s/g, '')).toContain('4242,42');
    const revalidated = await shop.app.request(path, { headers: { ...SK, 'if-none-match': before } });
    expect(revalidated.status).toBe(200);
  });

  it('are told apart by language, never by the cookie choice: the bar is in every page, shown by the site entry (decision 243)', async () => {
    const path = `/${root.slug}`;
    const tags = new Set<string>();
    for (const cookie of ['', 'locale=en', 'consent=a1m1', 'locale=en; consent=a0m0']) {
      const { response, doc } = await get(shop, path, { cookie });
      tags.add(response.headers.get('etag')!);
      expect(doc.documentElement.getAttribute('lang')).toBe(cookie.includes('locale=en') ? 'en' : 'sk');
      expect(doc.querySelector('form.consent')?.hasAttribute('hidden')).toBe(true);
    }
    expect(tags.size).toBe(2);
  });

  it('are only the canonical address: another spelling of it is this visitor\'s own', async () => {
    const { response } = await get(shop, `/${root.slug}?utm_source=news`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('answers for one shopper', () => {
  it('are no-store with their own header: cart count and total, name, token; never a 304', async () => {
    const product = one<{ id: number }>('SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 1').id;
    const buyer = await session(shop);
    expect((await post(shop, buyer, '/api/cart/add', { product_id: product, quantity: 3 })).status).toBeLessThan(300);
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const anonymous = await get(shop, `/${root.slug}`);
    const tag = anonymous.response.headers.get('etag')!;
    for (const [who, s] of [['cart', buyer], ['signed in', consumer]] as const) {
      const page = await get(shop, `/${root.slug}`, { cookie: s.cookie, 'if-none-match': tag });
      expect(page.status, who).toBe(200);
      expect(page.response.headers.get('cache-control'), who).toBe('no-store');
      expect(page.response.headers.get('etag'), who).toBeNull();
      expect(header(page.doc).querySelector<HTMLInputElement>('form.search input[name="_csrf"]')!.getAttribute('value')).toBe(s.csrf);
      expect(defaultsOf(page.doc).csrf).toBe(s.csrf);
    }
    const mine = await get(shop, `/${root.slug}`, { cookie: buyer.cookie });
    const cart = defaultsOf(mine.doc).cart as { count: number; totalFormatted: string };
    expect(cart.count).toBe(3);
    expect(header(mine.doc).querySelector('shop-cart-button')!.getAttribute('count')).toBe('3');
    expect(header(mine.doc).querySelector('shop-cart-button')!.getAttribute('total')).toBe(cart.totalFormatted);
    const theirs = await get(shop, `/${root.slug}`, { cookie: consumer.cookie });
    expect(header(theirs.doc).querySelector('.profile-menu__name')!.textContent).not.toBe('Profil');
    expect(header(theirs.doc).querySelector('.profile-menu form.sign-out-form')).not.toBeNull();
    expect(defaultsOf(theirs.doc).isLogged).toBe(true);
  });

  it('GET /api/session gives a shared page\'s missing bits: the cart, the name, the token; never cached', async () => {
    const product = one<{ id: number }>('SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 1 OFFSET 1').id;
    const nobody = await shop.app.request('/api/session', { headers: SK });
    expect(nobody.headers.get('cache-control')).toBe('no-store');
    expect(nobody.headers.getSetCookie()).toEqual([]);
    expect(await nobody.json()).toMatchObject({ isLogged: false, loggedUsername: null, loggedRoles: [], cart: { count: 0, total: 0 }, csrf: '' });
    const buyer = await session(shop);
    await post(shop, buyer, '/api/cart/add', { product_id: product, quantity: 2 });
    const cart = await (await shop.app.request('/api/session', { headers: { ...SK, cookie: buyer.cookie } })).json();
    expect(cart).toMatchObject({ isLogged: false, cart: { count: 2 }, csrf: buyer.csrf });
    expect(cart.cart.total).toBeGreaterThan(0);
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const signed = await (await shop.app.request('/api/session', { headers: { ...SK, cookie: consumer.cookie } })).json();
    expect(signed).toMatchObject({ isLogged: true, loggedRoles: ['ROLE_CONSUMER'], csrf: consumer.csrf });
    expect(signed.loggedUsername).toMatch(/@example\.sk$/);
  });
});

describe('the layout', () => {
  it('puts the search text back into the search box, escaped', async () => {
    const query = 'hrniec "<b>" & \'čaj\'';
    const page = await get(shop, `/hladaj?q=${encodeURIComponent(query)}`);
    expect(page.status).toBe(200);
    expect(header(page.doc).querySelector('#search-q')!.getAttribute('value')).toBe(query);
    expect(page.html).not.toContain('"<b>"');
    expect(header((await get(shop, '/')).doc).querySelector('#search-q')!.getAttribute('value')).toBe('');
  });

  it('follows a renamed category in the menu and the shopper\'s language on the next request', async () => {
    const category = one<{ id: number; name: string }>("SELECT id, name FROM categories WHERE type = 'product' AND parent_id IS NULL AND visible = 1 AND visible_menu = 1 ORDER BY position LIMIT 1");
    shop.db.$client.prepare('UPDATE categories SET name = ? WHERE id = ?').run('Premenovaná kategória', category.id);
    const page = await get(shop, TOKEN_PAGE);
    expect(page.doc.querySelector('.mega-menu')!.textContent).toContain('Premenovaná kategória');
    const english = await get(shop, TOKEN_PAGE, { cookie: 'locale=en' });
    expect(english.doc.documentElement.getAttribute('lang')).toBe('en');
    expect(english.doc.querySelector('.mega-menu')!.getAttribute('aria-label')).not.toBe(page.doc.querySelector('.mega-menu')!.getAttribute('aria-label'));
    shop.db.$client.prepare('UPDATE categories SET name = ? WHERE id = ?').run(category.name, category.id);
  });
});

describe('compression by the shop itself (COMPRESS, npm start without a proxy)', () => {
  it('gzips pages at level 6 for a client that takes gzip; behind a proxy (COMPRESS=false) sends them as they are', async () => {
    const path = `/${root.slug}`;
    const plain = await (await shop.app.request(path, { headers: SK })).text();
    const zipped = await shop.app.request(path, { headers: { ...SK, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).toMatch(/-gz"$/);
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plain);
    const proxied = createTestShop({ products: 40, env: { COMPRESS: 'false' } });
    try {
      const response = await proxied.app.request('/', { headers: { ...SK, 'accept-encoding': 'gzip, deflate, br' } });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    } finally {
      proxied.close();
    }
  });
});
