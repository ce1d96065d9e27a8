import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { openDb } from '../../server/db/client';
import { SECURITY_HEADERS } from '../../server/http/security-headers';
import { hashSessionId } from '../../server/http/session';
import { ensureSession } from '../../server/sessions/sessions.service';
import { PAGE_TTL_MS, PageCache } from '../../server/http/page-cache';
import { createGuide } from '../../server/content/blog-write.service';
import { grantGuide } from '../../server/points/guide-unlock.service';
import { CachedPage, SQUEEZE_AFTER_HITS } from '../../server/render/cached-page';
import { acceptsCoding } from '../../server/render/gzip-splice';
import { THEME_SCRIPT, THEME_SCRIPT_SOURCE } from '../../server/render/theme-script';
import { cookieValue, defaultsOf, parseHtml } from '../setup/html';
import { createTestShop, otherConnectionWrites, type TestShop } from '../setup/test-app';
import { get, richCategory, session, signedIn, SK, sql, subtreeProductIds } from './catalog-helpers';
import { filterCountPath } from '../../server/catalog/filter';

let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  root = richCategory(shop);
});
afterAll(() => shop.close());

const pageState = (r: { response: Response }) => r.response.headers.get('x-page-cache');
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)![0];
const noSid = async (path: string, headers: Record<string, string> = {}) => get(shop, path, headers);
const mailer = { send: async () => {} };

/** The id of the first product card on an anonymous view of `path`. */
function firstCard(doc: Document): number {
  return Number(doc.querySelector('.product-card')!.getAttribute('data-product-id'));
}

describe('whole-page cache for anonymous visitors', () => {
  it('answers the second anonymous view from the cache, byte for byte the same page', async () => {
    const path = `/${root.slug}/2`;
    shop.app.invalidateCatalog();
    const first = await noSid(path);
    const second = await noSid(path);
    expect(pageState(first)).toBe('miss');
    expect(pageState(second)).toBe('hit');
    expect(second.html).toBe(first.html);
    expect(second.html).not.toContain('__fragment_csrf_token__');
    expect(second.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000${path}`);
  });

  it('holds nothing of one visitor: no nonce, no CSRF token; its forms are proven by the browser instead', async () => {
    const path = `/${root.slug}/2`;
    await noSid(path);
    const visitors = [await noSid(path), await noSid(path, { cookie: `sid=${'r'.repeat(43)}` })];
    for (const visitor of visitors) {
      expect(pageState(visitor)).toBe('hit');
      const csp = visitor.response.headers.get('content-security-policy')!;
      expect(csp).not.toContain('nonce');
      expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_SOURCE};`);
      expect(visitor.doc.querySelectorAll('script[nonce]')).toHaveLength(0);
      expect(visitor.doc.querySelector('head script:not([src])')!.textContent).toBe(THEME_SCRIPT);
      expect(defaultsOf(visitor.doc).csrf).toBe('');
      const fields = [...visitor.doc.querySelectorAll('input[name="_csrf"]')].map((input) => input.getAttribute('value'));
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) expect(field).toBe('');
    }
    // Returning visitors keep their cookie (no Set-Cookie) and are told not to store the page.
    expect(visitors[1].response.headers.get('set-cookie')).toBeNull();
    expect(visitors[1].response.headers.get('cache-control')).toBe('no-store');
    expect(visitors[0].response.headers.get('cache-control')).toBeNull();

    // The banner's form as the page sends it (empty token): a browser posting it from our page says
    // same-origin and is let through; from another site, or saying nothing, it is refused.
    const sid = cookieValue(visitors[0].response, 'sid')!;
    const consent = (headers: Record<string, string>) =>
      shop.app.request('/suhlas-cookies', {
        method: 'POST',
        headers: { ...SK, cookie: `sid=${sid}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ _csrf: '', r: path }).toString(),
      });
    expect((await consent({ 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000' })).status).toBe(303);
    expect((await consent({ origin: 'http://127.0.0.1:3000' })).status).toBe(303);
    expect((await consent({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await consent({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await consent({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await consent({})).status).toBe(403);
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
      expect(hit.response.headers.get(name), name).toBe(normal.response.headers.get(name));
    }
    expect(mainOf(hit.html)).toBe(mainOf(normal.html));

    const old = new Hono();
    old.use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_SCRIPT_SOURCE],
          styleSrc: ["'self'"],
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
    old.get('/', (c) => c.text(''));
    const answer = await old.request('/');
    const expected = [...answer.headers.entries()].filter(([k]) => k !== 'content-type').sort();
    expect(SECURITY_HEADERS.map(([k, v]) => [k.toLowerCase(), v]).sort()).toEqual(expected);
  });

  it('gzip, brotli and plain answers hold the same page', async () => {
    const path = `/${root.slug}/2`;
    await noSid(path);
    const response = await shop.app.request(path, { headers: { ...SK, cookie: `sid=${'g'.repeat(43)}`, 'accept-encoding': 'gzip, deflate' } });
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const zipped = Buffer.from(await response.arrayBuffer());
    const html = gunzipSync(zipped).toString();
    const plain = await noSid(path, { cookie: `sid=${'g'.repeat(43)}` });
    expect(html).toBe(plain.html);
    const brotli = await shop.app.request(path, { headers: { ...SK, cookie: `sid=${'g'.repeat(43)}`, 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('x-page-cache')).toBe('hit');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(plain.html);
    const refused = await shop.app.request(path, { headers: { ...SK, cookie: `sid=${'g'.repeat(43)}`, 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
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
    const noticed = otherConnectionWrites(shop.db);
    const other = openDb(shop.config.dbFile);
    const template = sql<{ category_id: number; position: number }>(shop, 'SELECT category_id, position FROM products WHERE id = ?', id)[0];
    const columns = sql<{ name: string }>(shop, 'PRAGMA table_info(products)').map((c) => c.name).filter((c) => c !== 'id');
    const values = columns.map((c) => (c === 'slug' ? "'uplne-novy-produkt'" : c === 'name' ? "'Úplne nový produkt'" : c === 'position' ? String(template.position - 1) : c === 'code_public' ? "'NEW-1'" : c));
    const created = other.$client.prepare(`INSERT INTO products (${columns.join(', ')}) SELECT ${values.join(', ')} FROM products WHERE id = ?`).run(id).lastInsertRowid;
    other.$client.prepare('INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) SELECT ?, shop_id, price_b2c, price_b2b, vat_rate FROM product_prices WHERE product_id = ?').run(created, id);
    other.$client.close();
    await noticed();
    const fresh = await noSid(path);
    expect(pageState(fresh)).toBe('miss');
    expect(fresh.html).toContain('Úplne nový produkt');
  });

  it('shares product pages too: one page for anonymous visitors, dropped by a stock change, its no-JS purchase proven by the browser', async () => {
    const product = sql<{ id: number; slug: string }>(shop, 'SELECT id, slug FROM products WHERE visible = 2 AND parent_id IS NULL AND quantity > 3 ORDER BY id LIMIT 1')[0];
    const path = `/${product.slug}`;
    const first = await noSid(path);
    const second = await noSid(path, { cookie: `sid=${'p'.repeat(43)}` });
    expect(pageState(first)).toBe('miss');
    expect(pageState(second)).toBe('hit');
    expect(second.html).toBe(first.html);
    expect(second.doc.querySelector('h1')).not.toBeNull();
    // A query string, a signed-in shopper: rendered for them.
    expect(pageState(await noSid(`${path}?utm_source=x`))).toBeNull();
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const own = await get(shop, path, { cookie: consumer.cookie });
    expect(pageState(own)).toBeNull();
    expect(defaultsOf(own.doc).csrf).toBe(consumer.csrf);

    await setProductStock(shop.db, shop.clock, mailer, { productId: product.id, quantity: 2 });
    const restocked = await noSid(path);
    expect(pageState(restocked)).toBe('miss');
    expect(restocked.html).toContain('Dostupné 2 ks');
    expect(pageState(await noSid(path))).toBe('hit');

    // The shared page's add-to-cart form (no token in it) works from a browser that says same-origin.
    const form = restocked.doc.querySelector('form.add-to-cart[method="post"]')!;
    expect(form.querySelector('input[name="_csrf"]')!.getAttribute('value')).toBe('');
    const fields = new URLSearchParams([...form.querySelectorAll('input')].map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']));
    const sid = cookieValue(restocked.response, 'sid')!;
    const buy = (headers: Record<string, string>) =>
      shop.app.request(form.getAttribute('action')!, { method: 'POST', body: fields.toString(), headers: { ...SK, cookie: `sid=${sid}`, 'content-type': 'application/x-www-form-urlencoded', ...headers } });
    expect((await buy({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const bought = await buy({ 'sec-fetch-site': 'same-origin' });
    expect(bought.status).toBe(303);
    // Now the visitor has a cart: they get their own page with their count.
    const mine = await get(shop, path, { cookie: `sid=${sid}` });
    expect(pageState(mine)).toBeNull();
    expect(mine.doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('1');
  });

  it('shares the home page too: dropped by a catalogue change; guides, which are not catalogue writes, show within the page TTL', async () => {
    shop.app.invalidateCatalog();
    const first = await noSid('/');
    const second = await noSid('/', { cookie: `sid=${'h'.repeat(43)}` });
    expect(pageState(first)).toBe('miss');
    expect(pageState(second)).toBe('hit');
    expect(second.html).toBe(first.html);
    expect(defaultsOf(second.doc).csrf).toBe('');
    // Signed-in shoppers get the page's own HTML from the fragment cache, inside their own layout.
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    await get(shop, '/', { cookie: consumer.cookie });
    const again = await get(shop, '/', { cookie: consumer.cookie });
    expect(pageState(again)).toBeNull();
    expect(again.response.headers.get('x-fragment-cache')).toBe('hit');
    expect(mainOf(again.html)).toBe(mainOf(first.html));
    expect(defaultsOf(again.doc)).toMatchObject({ isLogged: true, csrf: consumer.csrf });
    // A wholesale buyer sees wholesale prices: a fragment of their own.
    const wholesale = await signedIn(shop, ['ROLE_WHOLESALE']);
    const trade = await get(shop, '/', { cookie: wholesale.cookie });
    expect(pageState(trade)).toBeNull();
    expect(trade.response.headers.get('x-fragment-cache')).toBe('miss');
    expect(mainOf(trade.html)).not.toBe(mainOf(first.html));
    const card = firstCard(first.doc);
    const b2b = sql<{ price_b2b: number }>(shop, 'SELECT price_b2b FROM product_prices WHERE product_id = ? AND shop_id = 1', card)[0].price_b2b;
    const euros = (minor: number) => new RegExp((minor / 100).toFixed(2).replace('.', ','));
    expect(trade.doc.querySelector(`.product-card[data-product-id="${card}"] .product-card__price`)!.textContent).toMatch(euros(b2b));

    const id = firstCard(first.doc);
    await setProductPrice(shop.db, shop.clock, mailer, { productId: id, shopId: 1, priceB2c: 98_765 });
    const repriced = await noSid('/');
    expect(pageState(repriced)).toBe('miss');
    expect(repriced.doc.querySelector(`.product-card[data-product-id="${id}"]`)!.textContent).toMatch(/987,65/);

    const blog = sql<{ id: number }>(shop, "SELECT c.id FROM categories c JOIN categories p ON p.id = c.parent_id WHERE p.type = 'blog' ORDER BY c.position LIMIT 1")[0];
    createGuide(shop.db, { categoryId: blog.id, title: 'Čerstvý návod z domovskej stránky', slug: 'cerstvy-navod-z-domovskej-stranky', publishedAt: new Date(Date.UTC(2030, 0, 1)) });
    const kept = await noSid('/');
    expect(pageState(kept)).toBe('hit');
    expect(kept.html).not.toContain('Čerstvý návod z domovskej stránky');
    const started = shop.clock.now();
    shop.clock.set(new Date(started.getTime() + PAGE_TTL_MS));
    try {
      const later = await noSid('/');
      expect(pageState(later)).toBe('miss');
      expect(later.html).toContain('Čerstvý návod z domovskej stránky');
    } finally {
      shop.clock.set(started);
    }
  });

  it('shares guides, blog category lists and static pages; a guide locked for points stays locked in the shared page', async () => {
    shop.app.invalidateCatalog();
    const blog = sql<{ id: number; slug: string }>(shop, "SELECT c.id, c.slug FROM categories c JOIN categories p ON p.id = c.parent_id WHERE p.type = 'blog' ORDER BY c.position LIMIT 1")[0];
    const secret = 'Tajný postup len pre toho, kto návod získal.';
    const id = createGuide(shop.db, { categoryId: blog.id, title: 'Návod za body', slug: 'navod-za-body-v-cache', body: `<p>${secret}</p>`, obtainMode: 'points', obtainPrice: 50, publishedAt: new Date(Date.UTC(2029, 0, 1)) });
    const guidePath = `/navody-inspiracie/${blog.slug}/navod-za-body-v-cache`;
    const staticPath = `/${sql<{ slug: string }>(shop, "SELECT slug FROM static_posts WHERE visible = 1 AND (shop_id = 1 OR shop_id IS NULL) ORDER BY id LIMIT 1")[0].slug}`;
    for (const path of [guidePath, `/${blog.slug}`, staticPath]) {
      const first = await noSid(path);
      const second = await noSid(path, { cookie: `sid=${'g'.repeat(43)}` });
      expect(first.response.status, path).toBe(200);
      expect([pageState(first), pageState(second)], path).toEqual(['miss', 'hit']);
      expect(second.html).toBe(first.html);
      expect(defaultsOf(second.doc).csrf).toBe('');
    }
    expect((await noSid(guidePath)).html).not.toContain(secret);
    // A reader who obtained it gets the page rendered for them, with the body.
    const reader = await signedIn(shop, ['ROLE_CONSUMER']);
    const userId = sql<{ user_id: number }>(shop, 'SELECT user_id FROM sessions WHERE user_id IS NOT NULL ORDER BY rowid DESC LIMIT 1')[0].user_id;
    grantGuide(shop.db, { userId, blogId: id, now: new Date() });
    const read = await get(shop, guidePath, { cookie: reader.cookie });
    expect(pageState(read)).toBeNull();
    expect(read.html).toContain(secret);
    // Another address for the same guide (a tracking parameter) is rendered, not kept.
    const odd = await noSid(`${guidePath}?utm_source=x`);
    expect(pageState(odd)).toBeNull();
  });

  it('keeps a search results page once the same query is asked again, and only its canonical address', async () => {
    const name = sql<{ name: string }>(shop, 'SELECT name FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1')[0].name;
    const word = name.split(' ')[0].toLowerCase();
    const path = `/hladaj?q=${encodeURIComponent(word)}`;
    shop.app.invalidateCatalog();
    const once = await noSid(path);
    expect(once.status).toBe(200);
    expect(pageState(once)).toBeNull();
    const twice = await noSid(path);
    expect(pageState(twice)).toBe('miss');
    const thrice = await noSid(path, { cookie: `sid=${'q'.repeat(43)}` });
    expect(pageState(thrice)).toBe('hit');
    expect(thrice.html).toBe(once.html.replace(/value="[^"]*" name="_csrf"|name="_csrf" value="[^"]*"/g, 'name="_csrf" value=""').replace(/"csrf":"[^"]*"/, '"csrf":""'));
    expect(thrice.doc.querySelector('#search-q')!.getAttribute('value')).toBe(word);
    // Another spelling of the address is rendered, never stored.
    expect(pageState(await noSid(`${path}&utm_source=x`))).toBeNull();
    expect(pageState(await noSid(`${path}&utm_source=x`))).toBeNull();
    // A catalogue change drops it with the rest: rendered again (and kept again, the query is known).
    shop.app.invalidateCatalog();
    expect(pageState(await noSid(path))).toBe('miss');
    expect(pageState(await noSid(path))).toBe('hit');
  });

  it('keeps a filter count asked again at its canonical address, with the API\'s headers, dropped by a catalogue change', async () => {
    const filter = (await shop.app.request('/api/product/filter', { method: 'POST', headers: { ...SK, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ category_id: root.id }) })).json();
    const { order, attributes } = (await filter) as { order: string[]; attributes: Record<string, { options: Record<string, string> }> };
    const [a, b] = Object.keys(attributes.znacka.options);
    const path = filterCountPath(root.id, { attributes: { znacka: [b, a] }, price: null }, order);
    expect(path).toBe(`/api/product/filter-count?category_id=${root.id}&filter=znacka:${[a, b].sort().join(',')}`);
    const ask = (address: string, headers: Record<string, string> = {}) => shop.app.request(address, { headers: { ...SK, ...headers } });
    shop.app.invalidateCatalog();
    const { counts } = shop.app.pages.stats;
    const once = await ask(path);
    expect(once.headers.get('x-page-cache')).toBeNull();
    const twice = await ask(path, { cookie: `sid=${'j'.repeat(43)}` });
    expect(twice.headers.get('x-page-cache')).toBe('miss');
    const thrice = await ask(path, { cookie: `sid=${'j'.repeat(43)}` });
    expect(thrice.headers.get('x-page-cache')).toBe('hit');
    expect(shop.app.pages.stats.counts).toBe(counts + 2);
    const count = (await once.json()).count as number;
    expect(count).toBeGreaterThan(0);
    expect((await twice.json()).count).toBe(count);
    expect((await thrice.json()).count).toBe(count);
    // Counted and kept before Hono (decision 200) with the headers of an answer through Hono (a
    // signed-in retail shopper's, the same count), but for the request id and the cache's own.
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const counted = shop.app.pages.stats.counts;
    const throughHono = await ask(path, { cookie: consumer.cookie });
    expect(shop.app.pages.stats.counts).toBe(counted);
    expect((await throughHono.json()).count).toBe(count);
    const names = (r: Response) => [...r.headers.keys()].filter((k) => k !== 'x-page-cache').sort();
    for (const answer of [once, twice, thrice]) {
      expect(names(answer).filter((k) => k !== 'set-cookie')).toEqual(names(throughHono));
      for (const name of names(throughHono)) if (name !== 'x-request-id') expect(answer.headers.get(name), name).toBe(throughHono.headers.get(name));
    }
    expect(thrice.headers.get('content-type')).toBe('application/json');
    expect(thrice.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // A first visit gets its session cookie from the cache too.
    const first = await ask(path);
    expect(first.headers.get('x-page-cache')).toBe('hit');
    expect(cookieValue(first, 'sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Another spelling is counted and never stored; a signed-in shopper is counted for them, by Hono.
    const other = `/api/product/filter-count?filter=znacka:${b},${a}&category_id=${root.id}`;
    for (let i = 0; i < 3; i++) {
      const answer = await ask(other);
      expect(answer.headers.get('x-page-cache')).toBeNull();
      expect((await answer.json()).count).toBe(count);
    }
    const wholesale = await signedIn(shop, ['ROLE_WHOLESALE']);
    const before = shop.app.pages.stats.counts;
    expect((await ask(path, { cookie: wholesale.cookie })).headers.get('x-page-cache')).toBeNull();
    expect(shop.app.pages.stats.counts).toBe(before);
    // A bad question is left to Hono for its problem answer: 404 for a category, 400 for a filter.
    const unknown = await ask('/api/product/filter-count?category_id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    const malformed = await ask(`/api/product/filter-count?category_id=${root.id}&filter=znacka`);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors).toEqual({ filter: 'Filter má nesprávny tvar' });
    expect(shop.app.pages.stats.counts).toBe(before);

    // A product of brand a or b moved out of the category's brands: the next count is asked anew.
    const product = sql<{ id: number }>(
      shop,
      `SELECT v.product_id AS id FROM product_attribute_values v JOIN attribute_options o ON o.id = v.option_id JOIN attributes t ON t.id = o.attribute_id
        WHERE t.code = 'znacka' AND o.key IN (?, ?) AND v.product_id IN (SELECT value FROM json_each(?)) LIMIT 1`,
      a, b, JSON.stringify(subtreeProductIds(shop, root.id)),
    )[0].id;
    await setProductStock(shop.db, shop.clock, mailer, { productId: product, quantity: 7 });
    const after = await ask(path);
    expect(after.headers.get('x-page-cache')).toBe('miss');
  });

  it('counts an anonymous filter question before Hono with the caches off too (HTML_CACHE=false), and keeps none', async () => {
    const uncached = createTestShop({ products: 60, env: { HTML_CACHE: 'false' } });
    try {
      const category = richCategory(uncached);
      const path = `/api/product/filter-count?category_id=${category.id}`;
      const consumer = await signedIn(uncached, ['ROLE_CONSUMER']);
      const { count } = await (await uncached.app.request(path, { headers: { ...SK, cookie: consumer.cookie } })).json();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < 3; i++) {
        const answer = await uncached.app.request(path, { headers: { ...SK, cookie: `sid=${'k'.repeat(43)}` } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('x-page-cache')).toBeNull();
        expect((await answer.json()).count).toBe(count);
      }
      expect(uncached.app.pages.stats).toMatchObject({ counts: 3, stores: 0, hits: 0 });
    } finally {
      uncached.close();
    }
  });

  it("renders an anonymous visitor's search results before Hono, caches off too: Hono's page and headers, without a CSRF token", async () => {
    const uncached = createTestShop({ products: 60, env: { HTML_CACHE: 'false' } });
    try {
      const name = sql<{ name: string }>(uncached, 'SELECT name FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1')[0].name;
      const path = `/hladaj?q=${encodeURIComponent(name.split(' ')[0].toLowerCase())}`;
      const sid = 'v'.repeat(43);
      const ask = (to: string, headers: Record<string, string> = { cookie: `sid=${sid}` }) => uncached.app.request(to, { headers: { ...SK, 'accept-encoding': 'gzip', ...headers } });
      const fast = await ask(path);
      expect(fast.status).toBe(200);
      expect(uncached.app.pages.stats.rendered).toBe(1);
      // The same visitor once something is stored under their session goes through Hono's middleware.
      ensureSession(uncached.db, hashSessionId(sid), new Date());
      const normal = await ask(path);
      expect(uncached.app.pages.stats.rendered).toBe(1);
      const names = (r: Response) => [...r.headers.keys()].sort();
      expect(names(fast)).toEqual(names(normal));
      for (const header of names(fast).filter((h) => h !== 'x-request-id')) expect(fast.headers.get(header), header).toBe(normal.headers.get(header));
      const html = async (r: Response) => gunzipSync(Buffer.from(await r.arrayBuffer())).toString();
      const withoutToken = (page: string) => page.replace(/name="_csrf" value="[^"]*"/g, 'name="_csrf" value=""').replace(/"csrf":"[^"]*"/, '"csrf":""');
      const fastHtml = await html(fast);
      expect(fastHtml).toBe(withoutToken(await html(normal)));
      expect(fastHtml).toContain('name="_csrf" value=""');
      expect(parseHtml(fastHtml).querySelectorAll('.product-card').length).toBeGreaterThan(0);

      // A first visit gets its session cookie; a page past the last one is Hono's 404.
      const first = await ask(path, {});
      expect(cookieValue(first, 'sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.headers.get('cache-control')).toBeNull();
      expect(uncached.app.pages.stats.rendered).toBe(2);
      const past = await ask(path.replace('/hladaj', '/hladaj/999'), { cookie: `sid=${'w'.repeat(43)}` });
      expect(past.status).toBe(404);
      expect(uncached.app.pages.stats.rendered).toBe(2);
      expect(uncached.app.pages.stats).toMatchObject({ stores: 0, hits: 0 });
    } finally {
      uncached.close();
    }
  });

  it('keeps a page as plain, gzip and brotli bytes, picks what the client accepts, squeezes a page in demand', async () => {
    const html = Buffer.from('<p>čaj a káva</p>'.repeat(500));
    const page = new CachedPage(html);
    expect(gunzipSync(page.gzip).equals(html)).toBe(true);
    expect(page.body({ br: false, gzip: true })).toEqual({ bytes: page.gzip, encoding: 'gzip' });
    expect(page.body({ br: false, gzip: false })).toEqual({ bytes: html, encoding: null });
    const quick = page.body({ br: true, gzip: true });
    expect(quick.encoding).toBe('br');
    expect(brotliDecompressSync(quick.bytes).equals(html)).toBe(true);
    for (let i = 1; i < SQUEEZE_AFTER_HITS; i++) page.body({ br: true, gzip: true });
    await expect.poll(() => page.squeezed, { timeout: 10_000 }).toBe(true);
    const best = page.body({ br: true, gzip: true });
    expect(best.bytes.length).toBeLessThanOrEqual(quick.bytes.length);
    expect(brotliDecompressSync(best.bytes).equals(html)).toBe(true);
  });

  it('looks up an address with a query only under a path some query page was stored for', () => {
    const pages = new PageCache({ now: () => new Date() }, true);
    expect(pages.mayHold('/kuchyna/2')).toBe(true);
    expect(pages.mayHold('/hladaj?q=hrniec')).toBe(false);
    pages.store('sk|sk|-|/hladaj?q=hrniec', '/hladaj?q=hrniec', new CachedPage(Buffer.from('<p>x</p>')));
    expect(pages.mayHold('/hladaj?q=iny')).toBe(true);
    expect(pages.mayHold('/api/product?_limit=1')).toBe(false);
    pages.clear();
    expect(pages.mayHold('/hladaj?q=hrniec')).toBe(false);
  });

  it('reads Accept-Encoding as RFC 9110 says: a coding\'s own entry, then *, q=0 refuses', () => {
    expect(acceptsCoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsCoding('gzip, deflate, br;q=0', 'br')).toBe(false);
    expect(acceptsCoding('gzip', 'br')).toBe(false);
    expect(acceptsCoding('*', 'br')).toBe(true);
    expect(acceptsCoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsCoding('*;q=0, gzip;q=0.5', 'gzip')).toBe(true);
    expect(acceptsCoding('identity', 'gzip')).toBe(false);
    expect(acceptsCoding(undefined, 'gzip')).toBe(false);
  });

});
