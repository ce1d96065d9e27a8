import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { CZ, SK, shopperRequests } from '../setup/visitor';
import { CUSTOMER } from '../setup/customer';
import { TRACK_LIMIT } from '../../server/orders/purchase.api';

vi.setConfig({ testTimeout: 30_000 });

let shop: TestShop;
let hash: string;
let documentNumber: string;

const { visitor, post, page, form } = shopperRequests(() => shop.app);
const FINDER = '/sledovanie-zasielky';
const input = (doc: Document, name: string) => doc.querySelector(`input[name="${name}"]`) as HTMLInputElement;

/** The shop's own rate-limit window starts afresh: the clock moves past TRACK_LIMIT.windowMs. */
function nextWindow() {
  shop.clock.set(new Date(shop.clock.now().getTime() + TRACK_LIMIT.windowMs + 1000));
}

beforeAll(async () => {
  shop = createTestShop({ products: 20 });
  const [{ id }] = shop.db.$client
    .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT 1')
    .all() as { id: number }[];
  shop.db.$client.prepare('UPDATE products SET quantity = 50, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(id);
  const v = await visitor(SK);
  expect((await post(v, '/api/cart/add', { product_id: id, quantity: 1 })).response.status).toBe(200);
  expect((await post(v, '/api/cart/delivery', { id: 1 })).response.status).toBe(200);
  expect((await post(v, '/api/cart/payment', { id: 1 })).response.status).toBe(200);
  const { response, body } = await post(v, '/api/cart/submit', CUSTOMER);
  expect(response.status).toBe(200);
  hash = body.data.hash;
  documentNumber = (shop.db.$client.prepare('SELECT document_number FROM orders WHERE hash = ?').get(hash) as { document_number: string }).document_number;
});
afterAll(() => shop.close());

describe('GET /sledovanie-zasielky (the parcel tracker finder)', () => {
  it('is the target of the footer link and renders the form without JavaScript, no-store', async () => {
    const v = await visitor(SK);
    const home = await page(v, '/');
    const link = [...home.doc.querySelectorAll('.site-footer a')].find((a) => a.textContent === 'Sledovanie zásielky')!;
    expect(link.getAttribute('href')).toBe(FINDER);

    const { response, doc } = await page(v, link.getAttribute('href')!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(doc.title).toContain('Sledovanie zásielky');
    expect(doc.querySelector('h1')!.textContent).toBe('Sledovanie zásielky');
    const f = doc.querySelector('form.auth-form')!;
    expect(f.getAttribute('method')).toBe('post');
    expect(f.getAttribute('action')).toBe(FINDER);
    expect((f.querySelector('input[name="_csrf"]') as HTMLInputElement).value).toBe(v.csrf);
    expect(f.querySelector('label[for="f-documentNumber"]')!.textContent).toBe('Číslo objednávky');
    expect(f.querySelector('label[for="f-phone"]')!.textContent).toBe('Telefón');
    expect(input(doc, 'phone').getAttribute('type')).toBe('tel');
    expect(f.querySelector('button[type="submit"]')!.textContent).toBe('Vyhľadať objednávku');
  });

  it('speaks the shop language (Czech shop)', async () => {
    const v = await visitor(CZ);
    const { response, doc } = await page(v, FINDER);
    expect(response.status).toBe(200);
    expect(doc.querySelector('h1')!.textContent).not.toBe('Sledovanie zásielky');
    expect(doc.querySelector('form.auth-form button[type="submit"]')!.textContent).toBe('Vyhledat objednávku');
    expect(doc.querySelector('label[for="f-documentNumber"]')!.textContent).toBe('Číslo objednávky');
  });
});

describe('POST /sledovanie-zasielky', () => {
  it('redirects 303 to the order tracking page for the right number and phone', async () => {
    nextWindow();
    const v = await visitor(SK);
    const response = await form(v, FINDER, { documentNumber: ` ${documentNumber} `, phone: '0900 123 456' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${FINDER}/${hash}`);
    const tracking = await page(v, response.headers.get('location')!);
    expect(tracking.response.status).toBe(200);
    expect(tracking.doc.querySelector('h1')!.textContent).toContain(documentNumber);
  });

  it('answers 404 with the API message and keeps what was typed for a wrong phone', async () => {
    const v = await visitor(SK);
    const response = await form(v, FINDER, { documentNumber, phone: '0900 000 000' });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const doc = parseHtml(await response.text());
    expect(doc.querySelector('[role="alert"]')!.textContent).toBe('Objednávku s týmto číslom a telefónom sme nenašli');
    expect(input(doc, 'documentNumber').value).toBe(documentNumber);
    expect(input(doc, 'phone').value).toBe('0900 000 000');
    expect(doc.querySelector('form.auth-form')!.getAttribute('action')).toBe(FINDER);
  });

  it('answers 400 with the field error for an empty field, escaping what was typed', async () => {
    const v = await visitor(SK);
    const response = await form(v, FINDER, { documentNumber: '"><b>x', phone: '  ' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('"><b>x');
    const doc = parseHtml(html);
    expect(doc.querySelector('#f-phone-error')!.textContent).toBe('Toto pole je povinné');
    expect(input(doc, 'phone').getAttribute('aria-invalid')).toBe('true');
    expect(doc.querySelector('#f-documentNumber-error')).toBeNull();
    expect(input(doc, 'documentNumber').value).toBe('"><b>x');
  });

  it('refuses a post without the CSRF token, as every form', async () => {
    const v = await visitor(SK);
    const response = await shop.app.request(FINDER, {
      method: 'POST',
      body: new URLSearchParams({ documentNumber, phone: '0900 123 456' }),
      headers: { host: SK, cookie: `sid=${v.sid}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });

  it('shares the limit with POST /api/purchase/track: TRACK_LIMIT.max look-ups between them, then 429 on both', async () => {
    nextWindow();
    const v = await visitor(SK);
    const half = Math.floor(TRACK_LIMIT.max / 2);
    for (let i = 0; i < half; i += 1) expect((await form(v, FINDER, { documentNumber, phone: '0900 000 000' })).status).toBe(404);
    for (let i = half; i < TRACK_LIMIT.max; i += 1) expect((await post(v, '/api/purchase/track', { documentNumber, phone: '0900 000 000' })).response.status).toBe(404);

    // Even the right phone is refused now, by the page (with the form and the message) and by the API.
    const limited = await form(v, FINDER, { documentNumber, phone: '0900 123 456' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const doc = parseHtml(await limited.text());
    expect(doc.querySelector('[role="alert"]')!.textContent).toMatch(/^Príliš veľa pokusov\. Skúste to znova o \d+ s\.$/);
    expect(input(doc, 'documentNumber').value).toBe(documentNumber);
    expect(doc.querySelector('form.auth-form')!.getAttribute('action')).toBe(FINDER);
    expect((await post(v, '/api/purchase/track', { documentNumber, phone: '0900 123 456' })).response.status).toBe(429);

    // The other way round: the API spends the window, the page is limited.
    nextWindow();
    for (let i = 0; i < TRACK_LIMIT.max; i += 1) expect((await post(v, '/api/purchase/track', { documentNumber: 'x', phone: '1' })).response.status).toBe(404);
    expect((await form(v, FINDER, { documentNumber, phone: '0900 123 456' })).status).toBe(429);

    // A new window: the page finds the order again.
    nextWindow();
    expect((await form(v, FINDER, { documentNumber, phone: '0900 123 456' })).status).toBe(303);
  });
});
