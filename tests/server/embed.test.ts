import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { EMBED_MAX_PRODUCTS } from '../../server/embed/embed.limits';
import { partnerId } from '../../server/embed/partner-origins';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { CUSTOMER } from '../setup/customer';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { CZ, SK, shopperRequests } from '../setup/visitor';

/**
 * The partner embed's server side (issue 19): GET /api/embed/products, its CORS for the partner
 * origins only, the cross-origin resource policy on the embed's answers alone, HTTP caching, the
 * /embed.js loader, and the partner recorded on the order "Do košíka" led to.
 */
const PARTNER = 'https://partner.example';
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({
    products: 80,
    env: { PARTNER_ORIGINS: `${PARTNER}, http://127.0.0.2:8080`, SHOP_SK_ORIGIN: 'https://obchod.sk', SHOP_CZ_ORIGIN: 'https://obchod.cz' },
  });
});
afterAll(() => shop.close());

const { visitor, post, form, page } = shopperRequests(() => shop.app);
const sqlite = () => shop.db.$client;
const ids = (where: string, n: number) =>
  (sqlite().prepare(`SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 2 WHERE ${where} ORDER BY p.id LIMIT ?`).all(n) as { id: number }[]).map((r) => r.id);
const sellable = (n = 3) => ids(`${SELLABLE_SQL} AND p.parent_id IS NULL`, n);

async function embed(query: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(`/api/embed/products?${query}`, { headers: { host: SK, ...headers } });
  const text = await response.text();
  return { response, status: response.status, body: text ? JSON.parse(text) : null };
}

describe('GET /api/embed/products', () => {
  it('answers the Czech shop in Czech: Kč prices, Czech texts, absolute addresses of the Czech origin, in the asked order', async () => {
    const [a, b, c] = sellable();
    const { status, body, response } = await embed(`shop=cz&locale=cs&ids=${c},${a},999999,${b},${a}`);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ shop: 'cz', locale: 'cs', currency: 'CZK' });
    // Unknown ids are left out, repeats once, the partner's order kept.
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
    // The Czech name and the Czech shop's slug (decision 240: the demo seed writes both).
    const row = sqlite()
      .prepare(
        `SELECT t.slug, t.name, p.image_filename AS image, pr.price_b2c AS price FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 2
           JOIN product_texts t ON t.product_id = p.id AND t.locale = 'cs' WHERE p.id = ?`,
      )
      .get(c) as { slug: string; name: string; image: string; price: number };
    const card = body.products[0];
    expect(card.price).toBe(row.price);
    expect(card.price_formatted).toMatch(/Kč$/);
    expect(card.url).toBe(`https://obchod.cz/${row.slug}`);
    expect(card.name).toBe(row.name);
    expect(card.image).toBe(`https://obchod.cz/data/product/image/medium/sk/${row.image}`);
    expect(card.cart_url).toBe(`https://obchod.cz/nakupny-kosik/pridat?product_id=${c}`);
    expect(['Skladem', 'Do zítra', 'Nedostupné'].includes(card.availability) || /^Do \d+ dní$/.test(card.availability)).toBe(true);
    expect(card.availability_severity).toMatch(/^(success|info|warn|danger)$/);
    expect(Array.isArray(card.ribbons)).toBe(true);
  });

  it('prices the Slovak shop in euros and words it in the asked language (the shop’s own by default)', async () => {
    const [a] = sellable(1);
    const sk = await embed(`shop=sk&ids=${a}`);
    expect(sk.body).toMatchObject({ shop: 'sk', locale: 'sk', currency: 'EUR' });
    expect(sk.body.products[0].price_formatted).toMatch(/€$/);
    expect(sk.body.products[0].url).toMatch(/^https:\/\/obchod\.sk\//);
    sqlite().prepare('UPDATE products SET availability_days = 0 WHERE id = ?').run(a);
    const words = { sk: 'Skladom', cs: 'Skladem', en: 'In stock', de: 'Auf Lager' } as const;
    for (const [locale, text] of Object.entries(words)) {
      const { body } = await embed(`shop=sk&locale=${locale}&ids=${a}`);
      expect(body.products[0].availability, locale).toBe(text);
      expect(body.locale).toBe(locale);
    }
    expect((await embed(`shop=cz&ids=${a}`)).body.locale).toBe('cs');
  });

  it('leaves out hidden, unsellable and unpriced products', async () => {
    const [shown, hidden, noButton, unavailable] = sellable(4);
    sqlite().prepare('UPDATE products SET visible = 0 WHERE id = ?').run(hidden);
    sqlite().prepare('UPDATE products SET visible = 4 WHERE id = ?').run(noButton);
    sqlite().prepare('UPDATE products SET availability_days = -1 WHERE id = ?').run(unavailable);
    const parent = ids('p.children_count > 0', 1);
    const { body } = await embed(`shop=cz&ids=${[shown, hidden, noButton, unavailable, ...parent].join(',')}`);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([shown]);
  });

  it('lists a category’s first sellable products up to the limit', async () => {
    const category = sqlite()
      .prepare(`SELECT c.slug, count(*) AS n FROM categories c JOIN products p ON p.category_id = c.id WHERE c.visible = 1 AND c.type = 'product' AND p.parent_id IS NULL AND ${SELLABLE_SQL.replace(/(visible|availability_days|children_count)/g, 'p.$1')} GROUP BY c.id ORDER BY n DESC LIMIT 1`)
      .get() as { slug: string; n: number };
    expect(category.n).toBeGreaterThanOrEqual(2);
    const two = await embed(`shop=sk&category=${category.slug}&limit=2`);
    expect(two.status).toBe(200);
    expect(two.body.products).toHaveLength(2);
    const all = await embed(`shop=sk&category=${category.slug}`);
    expect(all.body.products.slice(0, 2)).toEqual(two.body.products);
    expect((await embed('shop=sk&category=no-such-category')).body.products).toEqual([]);
  });

  it('refuses more than 48 ids, an unknown shop or locale and a query without products, as problems with per-field errors', async () => {
    const many = Array.from({ length: EMBED_MAX_PRODUCTS }, (_, i) => i + 1);
    expect((await embed(`shop=sk&ids=${many.join(',')}`)).status).toBe(200);
    const over = await embed(`shop=sk&ids=${[...many, 49].join(',')}`);
    expect(over.status).toBe(400);
    expect(over.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(over.body.errors.ids).toBe('Najviac 48 produktov naraz');
    expect(over.body.detail).toBeTruthy();
    expect((await embed(`shop=sk&ids=${Array.from({ length: 500 }, (_, i) => i + 1).join(',')}`)).status).toBe(400);
    expect((await embed('shop=pl&ids=1')).body.errors.shop).toBe('Obchod je sk alebo cz');
    expect(Object.keys((await embed('shop=sk&locale=xx&ids=1')).body.errors)).toEqual(['locale']);
    expect(Object.keys((await embed('shop=sk')).body.errors)).toEqual(['ids']);
    expect(Object.keys((await embed('shop=sk&ids=1&category=x')).body.errors)).toEqual(['ids']);
    expect(Object.keys((await embed('shop=sk&ids=%3Cimg%20onerror%3E')).body.errors)).toEqual(['ids']);
    expect(Object.keys((await embed('shop=sk&ids=99999999999999999999')).body.errors)).toEqual(['ids']);
    expect(Object.keys((await embed('shop=sk&category=..%2Fadmin')).body.errors)).toEqual(['category']);
    expect(Object.keys((await embed('shop=sk&category=a&limit=49')).body.errors)).toEqual(['limit']);
    // In the asked language when it is one of ours.
    expect((await embed('shop=pl&locale=cs&ids=1')).body.errors.shop).not.toBe('Obchod je sk alebo cz');
  });

  it('is shared by HTTP caches: public, an ETag of the catalogue version, 304 while nothing changed', async () => {
    const [a] = sellable(1);
    const first = await embed(`shop=cz&locale=cs&ids=${a}`);
    expect(first.response.headers.get('cache-control')).toMatch(/^public, max-age=60, s-maxage=\d+/);
    const tag = first.response.headers.get('etag')!;
    expect(tag).toMatch(/^"embed-\d+-/);
    expect(first.response.headers.getSetCookie()).toEqual([]);
    const again = await embed(`shop=cz&locale=cs&ids=${a}`, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.response.headers.get('etag')).toBe(tag);
    // A cookie changes nothing: the answer does not depend on the visitor.
    expect((await embed(`shop=cz&locale=cs&ids=${a}`, { 'if-none-match': tag, cookie: 'locale=de; sid=x' })).status).toBe(304);
    // A Czech name edited in product_texts moves the catalogue version too (its trigger).
    sqlite().prepare("UPDATE product_texts SET name = name || ' (nový)' WHERE product_id = ? AND locale = 'cs'").run(a);
    const changed = await embed(`shop=cz&locale=cs&ids=${a}`, { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.body.products[0].name).toMatch(/\(nový\)$/);
    expect(changed.response.headers.get('etag')).not.toBe(tag);
  });
});

describe('CORS and resource policy', () => {
  it('allows the configured partner origins only, without credentials, and says Vary: Origin', async () => {
    const [a] = sellable(1);
    const allowed = await embed(`shop=sk&ids=${a}`, { origin: PARTNER });
    expect(allowed.response.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(allowed.response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(allowed.response.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect((await embed(`shop=sk&ids=${a}`, { origin: 'http://127.0.0.2:8080' })).response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.2:8080');
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'null']) {
      const refused = await embed(`shop=sk&ids=${a}`, { origin });
      expect(refused.response.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(refused.response.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
    // A problem is readable by the partner's page too (its message tells what was wrong).
    expect((await embed('shop=xx', { origin: PARTNER })).response.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });

  it('answers a preflight for allowed origins only', async () => {
    const preflight = (origin: string) =>
      shop.app.request('/api/embed/products?shop=sk&ids=1', { method: 'OPTIONS', headers: { host: SK, origin, 'access-control-request-method': 'GET' } });
    const ok = await preflight(PARTNER);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    const no = await preflight('https://evil.example');
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    expect(no.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('says Cross-Origin-Resource-Policy: cross-origin on the embed’s answers and product images, same-origin elsewhere', async () => {
    const [a] = sellable(1);
    const corp = async (path: string) => (await shop.app.request(path, { headers: { host: SK } })).headers.get('cross-origin-resource-policy');
    expect(await corp(`/api/embed/products?shop=sk&ids=${a}`)).toBe('cross-origin');
    expect(await corp('/api/embed/products?shop=xx')).toBe('cross-origin');
    const image = sqlite().prepare('SELECT image_filename AS f FROM products WHERE id = ?').get(a) as { f: string };
    expect(await corp(`/data/product/image/medium/sk/${image.f}`)).toBe('cross-origin');
    expect(await corp(`/api/product?product_id=${a}`)).toBe('same-origin');
    expect(await corp('/')).toBe('same-origin');
    expect(await corp('/api/session')).toBe('same-origin');
    // Not on the API's other answers, even for a partner.
    const other = await shop.app.request(`/api/product?product_id=${a}`, { headers: { host: SK, origin: PARTNER } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('/embed.js', () => {
  const manifest = existsSync('static/build/manifest.json') ? (JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as { embed?: { bundles: Record<string, string> } }) : {};
  const built = manifest.embed !== undefined;

  it.runIf(built)('is the short-lived loader of this release’s hashed bundles, CORS for partners, cross-origin', async () => {
    const response = await shop.app.request('/embed.js', { headers: { host: SK, origin: PARTNER } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await response.text();
    for (const bundle of Object.values(manifest.embed!.bundles)) expect(text).toContain(bundle.replace(/^\/build\//, ''));
    const again = await shop.app.request('/embed.js', { headers: { host: SK, 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // The bundles are immutable and may be loaded by partners' isolated pages.
    const bundle = await shop.app.request(manifest.embed!.bundles.cs, { headers: { host: SK } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('the partner on the order', () => {
  it('accepts a host name or slug up to 64 characters, nothing else', () => {
    expect(partnerId('Blog.Partner.example')).toBe('blog.partner.example');
    expect(partnerId('varenie-s-janou')).toBe('varenie-s-janou');
    for (const bad of ['', '-x', 'a b', '<script>', 'x'.repeat(65), 'https://partner.example', undefined, ['a']]) expect(partnerId(bad), String(bad)).toBeNull();
  });

  it('is kept from the add-to-cart page the embed opens, through the cart, onto the order; the next order has none', async () => {
    const [a] = sellable(1);
    sqlite().prepare('UPDATE products SET quantity = 50, cart_limit = NULL WHERE id = ?').run(a);
    const v = await visitor(SK);
    // What "Do košíka" opens in a new tab: the product ready to add, the partner kept in the form.
    const landing = await page(v, `/nakupny-kosik/pridat?product_id=${a}&quantity=1&partner=partner.example`);
    expect(landing.response.status).toBe(200);
    const fields = Object.fromEntries([...landing.doc.querySelectorAll('form.cart-add__form input[type=hidden]')].map((i) => [i.getAttribute('name'), i.getAttribute('value')]));
    expect(fields).toMatchObject({ product_id: String(a), partner: 'partner.example' });
    const hostile = await page(v, `/nakupny-kosik/pridat?product_id=${a}&partner=%3Cb%3E`);
    expect(hostile.doc.querySelector('input[name=partner]')).toBeNull();

    const added = await form(v, '/nakupny-kosik/pridat', { product_id: String(a), quantity: '1', partner: fields.partner! });
    expect(added.status).toBe(303);
    expect((await post(v, '/api/cart/delivery', { id: 1 })).response.status).toBe(200);
    expect((await post(v, '/api/cart/payment', { id: 1 })).response.status).toBe(200);
    const order = await post(v, '/api/cart/submit', CUSTOMER, { 'idempotency-key': 'partner-1' });
    expect(order.response.status).toBe(200);
    const row = sqlite().prepare('SELECT partner FROM orders WHERE hash = ?').get(order.body.data.hash) as { partner: string | null };
    expect(row.partner).toBe('partner.example');
    // The tracking JSON a shopper reads does not show it.
    expect(JSON.stringify(order.body)).not.toContain('partner.example');

    expect((await post(v, '/api/cart/add', { product_id: a, quantity: 1 })).response.status).toBe(200);
    const next = await post(v, '/api/cart/submit', CUSTOMER, { 'idempotency-key': 'partner-2' });
    expect(next.response.status).toBe(200);
    expect((sqlite().prepare('SELECT partner FROM orders WHERE hash = ?').get(next.body.data.hash) as { partner: string | null }).partner).toBeNull();
  });
});

describe('/pre-partnerov', () => {
  const open = async (path: string, host = SK) => {
    const response = await shop.app.request(path, { headers: { host } });
    const html = await response.text();
    return { response, html, doc: parseHtml(html) };
  };

  it('shows the snippet for a few products the shop sells, a live preview drawn by the embed, and the CSP lines; linked from the footer', async () => {
    const { response, doc } = await open('/pre-partnerov');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    expect(doc.querySelector('h1')!.textContent).toBe('Pre partnerov');
    const code = doc.querySelector('.partners__code code')!.textContent!;
    expect(code).toMatch(/^<script src="https:\/\/obchod\.sk\/embed\.js" data-shop="sk" data-locale="sk" async blocking="render"><\/script>\n<shop-product-carousel product-ids="\d+(,\d+){3}"><\/shop-product-carousel>$/);
    const manifest = JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as { embed?: { bundles: Record<string, string> } };
    const preview = doc.querySelector('.partners__preview')!;
    expect(preview.querySelector('script')!.getAttribute('src')).toBe(manifest.embed?.bundles.sk);
    expect(preview.querySelector('shop-product-carousel')!.getAttribute('product-ids')).toMatch(/^\d+(,\d+){3}$/);
    expect(doc.body.textContent).toContain('script-src https://obchod.sk;');
    expect(doc.body.textContent).toContain('connect-src https://obchod.sk;');
    expect(doc.body.textContent).toContain('img-src https://obchod.sk;');
    const home = await open('/');
    expect(home.doc.querySelector('.site-footer a[href="/pre-partnerov"]')!.textContent).toBe('Pre partnerov');
  });

  it('writes the snippet from its GET form for a category, shop and language, escaping what the partner typed', async () => {
    const category = sqlite().prepare("SELECT slug FROM categories WHERE type = 'product' AND visible = 1 AND parent_id IS NULL ORDER BY position LIMIT 1").get() as { slug: string };
    const { doc } = await open(`/pre-partnerov?ids=&category=${category.slug}&limit=8&shop=cz&locale=cs&label=%22%3E%3Cb%3EN%C3%A1%C5%A1%3C%2Fb%3E`, CZ);
    expect(doc.querySelector('h1')!.textContent).toBe('Pro partnery');
    const code = doc.querySelector('.partners__code code')!.textContent!;
    expect(code).toContain('<script src="https://obchod.cz/embed.js" data-shop="cz" data-locale="cs"');
    expect(code).toContain(`<shop-product-carousel category="${category.slug}" limit="8" label="&quot;>&lt;b>Náš&lt;/b>"></shop-product-carousel>`);
    expect(doc.querySelector('.partners__preview b')).toBeNull();
    expect(doc.querySelector<HTMLSelectElement>('#partners-shop')!.value).toBe('cz');
  });

  it('shows what is wrong instead of a snippet', async () => {
    const { response, doc } = await open('/pre-partnerov?ids=1,x&shop=sk&locale=sk');
    expect(response.status).toBe(200);
    expect(doc.querySelector('#partners-ids-error')!.textContent).toBe('Neplatné ID');
    expect(doc.querySelector('.partners__preview')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PARTNER_ORIGINS', () => {
  it('takes a comma-separated list of origins and refuses anything else', () => {
    expect(loadConfig({ PARTNER_ORIGINS: 'https://a.example, http://127.0.0.2:8080/' }).partnerOrigins).toEqual(['https://a.example', 'http://127.0.0.2:8080']);
    expect(loadConfig({}).partnerOrigins).toEqual([]);
    for (const bad of ['a.example', 'https://a.example/path', 'ftp://a.example', '*']) expect(() => loadConfig({ PARTNER_ORIGINS: bad }), bad).toThrow(/PARTNER_ORIGINS/);
  });
});
