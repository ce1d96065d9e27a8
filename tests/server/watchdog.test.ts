import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { openApiDocument } from '../../server/openapi/openapi.api';
import { parsePriceMinor, validateWatchdog } from '../../server/watchdog/watchdog.schemas';
import { postForm, postJson, productsOf, session, watchRows, client, type TestProduct } from './watchdog-helpers';

let shop: TestShop;
let products: TestProduct[];
let next = 0;
/** A product nobody has watched yet in this file. */
const fresh = (where: (p: TestProduct) => boolean = () => true) => {
  const index = products.findIndex((p, i) => i >= next && where(p));
  next = index + 1;
  return products[index];
};

beforeAll(() => {
  shop = createTestShop({ products: 60 });
  products = productsOf(shop);
});
afterAll(() => shop.close());

const euros = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

describe('POST /api/watchdog: validation (spec 5, verbatim)', () => {
  it('nothing chosen → "Vyberte o čom chcete byt informovaný"', async () => {
    const product = fresh();
    const response = await postJson(shop, { product: product.id, email: 'jana@example.sk' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = await response.json();
    expect(body.detail).toBe('Vyberte o čom chcete byt informovaný');
    expect(body.errors).toEqual({ available: 'Vyberte o čom chcete byt informovaný' });
    expect(watchRows(shop, product.id)).toEqual([]);
  });

  it('a price limit above the current price → "Cena je nižšia ako vyžadujete"; equal is allowed', async () => {
    const product = fresh();
    const above = await postJson(shop, { product: product.id, email: 'jana@example.sk', price: true, price_value: euros(product.price + 1) });
    expect(above.status).toBe(400);
    expect((await above.json()).errors).toEqual({ price_value: 'Cena je nižšia ako vyžadujete' });
    const equal = await postJson(shop, { product: product.id, email: 'jana@example.sk', price: true, price_value: euros(product.price) });
    expect(equal.status).toBe(201);
  });

  it('no e-mail → "Nezadali ste email"; a malformed one → "Nesprávny formát"', async () => {
    const product = fresh();
    const missing = await postJson(shop, { product: product.id, available: true, available_value: 0, email: '  ' });
    expect(await missing.json()).toMatchObject({ status: 400, detail: 'Nezadali ste email', errors: { email: 'Nezadali ste email' } });
    const bad = await postJson(shop, { product: product.id, available: true, email: 'jana@' });
    expect((await bad.json()).errors).toEqual({ email: 'Nesprávny formát' });
  });

  it('reports every broken field at once, keyed by the field names', async () => {
    const product = fresh();
    const response = await postJson(shop, { product: product.id, available: '1', available_value: '-2', price: 'on', price_value: 'lacno', email: '' });
    expect(Object.keys((await response.json()).errors).sort()).toEqual(['available_value', 'email', 'price_value']);
  });

  it('answers in the shopper locale: the detail is a string and the keys are the same', async () => {
    const product = fresh();
    const response = await postJson(shop, { product: product.id, email: 'x' }, { cookie: 'locale=en' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-language')).toBe('en');
    const body = await response.json();
    expect(typeof body.detail).toBe('string');
    expect(body.detail.length).toBeGreaterThan(0);
    expect(Object.keys(body.errors).sort()).toEqual(['available', 'email']);
  });
});

describe('POST /api/watchdog: saving', () => {
  it('form data with a decimal comma: 201 { id }, price in minor units, shop and locale stored', async () => {
    const product = fresh((p) => p.price > 1000);
    const s = await session(shop, 'locale=cs');
    const response = await shop.app.request(
      '/api/watchdog',
      {
        method: 'POST',
        headers: { host: '127.0.0.1:3000', cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ product: String(product.id), email: ' Jana@Example.sk ', price: '1', price_value: '9,90' }).toString(),
      },
      client(),
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = watchRows(shop, product.id);
    expect(row).toMatchObject({ email: 'jana@example.sk', price: 1, price_value: 990, available: 0, available_value: null, shop_id: 1, locale: 'cs', fired_at: null });
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).not.toBe(String(row.id));
  });

  it('parses decimals exactly, never through a float', () => {
    expect(parsePriceMinor('9,90')).toBe(990);
    expect(parsePriceMinor('0,29')).toBe(29);
    expect(parsePriceMinor('1 299,99')).toBe(129999);
    expect(parsePriceMinor('4.35')).toBe(435);
    expect(parsePriceMinor(1.15)).toBe(115);
    expect(parsePriceMinor('9,999')).toBeNull();
    expect(parsePriceMinor('1e3')).toBeNull();
    expect(validateWatchdog({ price: true, price_value: '0,07', email: 'a@b.sk' }, 8)).toMatchObject({ ok: true, value: { priceValue: 7 } });
  });

  it('the same address on the same product replaces its watch instead of adding a second one', async () => {
    const product = fresh();
    const first = await (await postJson(shop, { product: product.id, email: 'petra@example.sk', available: true, available_value: 3 })).json();
    const second = await (await postJson(shop, { product: product.id, email: 'PETRA@example.sk', price: true, price_value: euros(product.price) })).json();
    expect(second.id).toBe(first.id);
    const rows = watchRows(shop, product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ available: 0, price: 1, price_value: product.price });
  });

  it('unknown or hidden product → 404 problem', async () => {
    const hidden = shop.db.$client.prepare('SELECT id FROM products WHERE visible = 0 LIMIT 1').get() as { id: number } | undefined;
    for (const id of [999_999, 'abc', hidden?.id].filter((v) => v !== undefined)) {
      const response = await postJson(shop, { product: id, email: 'a@b.sk', available: true });
      expect(response.status, String(id)).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('requires the CSRF token (403 without it)', async () => {
    const product = fresh();
    const response = await postJson(shop, { product: product.id, email: 'a@b.sk', available: true }, { csrf: false });
    expect(response.status).toBe(403);
    expect(watchRows(shop, product.id)).toEqual([]);
  });

  it('rate limits per client address: the 11th save in 10 minutes gets 429 with Retry-After', async () => {
    const product = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await postJson(shop, { product: product.id, email: `r${i}@example.sk`, available: true }, { ip: '192.0.2.7' });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect((await postJson(shop, { product: product.id, email: 'other@example.sk', available: true }, { ip: '192.0.2.8' })).status).toBe(201);
    shop.clock.set(new Date(shop.clock.now().getTime() + 10 * 60_000));
    expect((await postJson(shop, { product: product.id, email: 'later@example.sk', available: true }, { ip: '192.0.2.7' })).status).toBe(201);
  });

  it('is documented in the OpenAPI document', () => {
    const path = (openApiDocument().paths as Record<string, any>)['/api/watchdog'];
    expect(Object.keys(path.post.responses).sort()).toEqual(['201', '400', '403', '404', '415', '429']);
  });
});

describe('the no-JS form page /sledovanie-ceny/{productId}', () => {
  it('GET renders the form with the product, CSRF field and the same fields as the dialog', async () => {
    const product = fresh();
    const response = await shop.app.request(`/sledovanie-ceny/${product.id}`, { headers: { host: '127.0.0.1:3000' } });
    expect(response.status).toBe(200);
    const doc = parseHtml(await response.text());
    const form = doc.querySelector('form.watchdog')!;
    expect(form.getAttribute('action')).toBe(`/sledovanie-ceny/${product.id}`);
    expect(form.getAttribute('method')).toBe('post');
    for (const name of ['_csrf', 'available', 'available_value', 'price', 'price_value', 'email']) expect(form.querySelector(`[name="${name}"]`), name).not.toBeNull();
    expect(doc.querySelector('.watchdog-page__product a')?.textContent).toBe(product.name);
    // Issue 23: never pre-filled with the stock (typed digits merged into it: "57104"); the stock is the placeholder.
    const count = form.querySelector('[name="available_value"]')!;
    expect(count.getAttribute('value')).toBe('');
    expect(count.getAttribute('placeholder')).toBe(String(Math.max(0, product.quantity)));
  });

  it('an empty "viac ako" means more than the stock now; one message per problem', async () => {
    const product = fresh((p) => p.quantity > 0);
    const saved = await postForm(shop, `/sledovanie-ceny/${product.id}`, { available: '1', available_value: '', email: 'sklad@example.sk' });
    expect(saved.status).toBe(200);
    expect(watchRows(shop, product.id)).toMatchObject([{ email: 'sklad@example.sk', available: 1, available_value: product.quantity }]);
    const refused = parseHtml(await (await postForm(shop, `/sledovanie-ceny/${product.id}`, { email: 'a@b.sk' })).text());
    expect(refused.querySelector('main')!.textContent!.split('Vyberte o čom chcete byt informovaný')).toHaveLength(2);
  });

  it('POST with errors re-renders with the messages and keeps the input', async () => {
    const product = fresh();
    const response = await postForm(shop, `/sledovanie-ceny/${product.id}`, { price: '1', price_value: euros(product.price + 100), email: 'jano@example' });
    expect(response.status).toBe(400);
    const doc = parseHtml(await response.text());
    const errors = [...doc.querySelectorAll('.watchdog__error')].map((e) => e.textContent);
    expect(errors).toEqual(['Cena je nižšia ako vyžadujete', 'Nesprávny formát']);
    expect(doc.querySelector<HTMLInputElement>('input[name="price"]')!.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector<HTMLInputElement>('input[name="price_value"]')!.getAttribute('value')).toBe(euros(product.price + 100));
    expect(doc.querySelector<HTMLInputElement>('input[name="email"]')!.getAttribute('value')).toBe('jano@example');
    expect(doc.querySelector('[name="email"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(watchRows(shop, product.id)).toEqual([]);
  });

  it('POST with nothing chosen shows the spec message', async () => {
    const product = fresh();
    const doc = parseHtml(await (await postForm(shop, `/sledovanie-ceny/${product.id}`, { email: 'a@b.sk' })).text());
    expect(doc.querySelector('#watchdog-available-error')?.textContent).toBe('Vyberte o čom chcete byt informovaný');
  });

  it('POST ok saves the watch and shows the confirmation', async () => {
    const product = fresh();
    const response = await postForm(shop, `/sledovanie-ceny/${product.id}`, { available: '1', available_value: '2', email: 'eva@example.sk' });
    expect(response.status).toBe(200);
    const doc = parseHtml(await response.text());
    expect(doc.querySelector('.watchdog__success')?.textContent).toBe('Budeme vás informovať e-mailom.');
    expect(watchRows(shop, product.id)).toMatchObject([{ email: 'eva@example.sk', available: 1, available_value: 2, locale: 'sk' }]);
  });

  it('unknown product → 404 page', async () => {
    const response = await shop.app.request('/sledovanie-ceny/999999', { headers: { host: '127.0.0.1:3000' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('the product page slot', () => {
  it('renders the tag with its props and a working fallback link', async () => {
    const { Eta } = await import('eta');
    const eta = new Eta({ views: `${process.cwd()}/templates`, autoTrim: false });
    const html = eta.render('/partials/watchdog-slot', {
      t: (s: string) => s,
      shop: { currency: 'EUR' },
      product: { id: 12, name: 'Hrnček <modrý>', price: 990, currencySymbol: '€', quantity: 0 },
    });
    const tag = parseHtml(html).querySelector('shop-watchdog-dialog')!;
    expect(tag.getAttribute('product-id')).toBe('12');
    expect(tag.getAttribute('price')).toBe('990');
    expect(tag.getAttribute('currency')).toBe('EUR');
    expect(tag.getAttribute('quantity')).toBe('0');
    expect(tag.getAttribute('name')).toBe('Hrnček <modrý>');
    expect(tag.querySelector('a')?.getAttribute('href')).toBe('/sledovanie-ceny/12');
    expect(tag.querySelector('a')?.textContent).toBe('Sledovať cenu a dostupnosť');
  });
});
