import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CUSTOMER } from '../setup/customer';
import { Browser } from './accounts.client';
import { SK_HOST, stockedProduct } from './payments-helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let shop: TestShop;
let jana: Browser;
let eva: Browser;
let consumer: Browser;
const voucher = (code: string) => shop.db.$client.prepare('INSERT INTO vouchers (code, type, value, amount_from, single_use, created_at) VALUES (?, 2, 10, 0, 0, ?)').run(code, Date.now());

beforeAll(async () => {
  shop = createTestShop({ products: 8 });
  voucher('JANA10');
  voucher('EVA10');
  voucher('PUBLIC5');
  for (const [email, code, percent] of [['jana@example.sk', 'JANA10', '5'], ['eva@example.sk', 'EVA10', null]] as const) {
    const b = new Browser(shop);
    await b.api('POST', '/api/security/signup', { username: email, password: 'Modrý kvetináč na balkóne 42', phone: '0905123456' });
    const lines: string[] = [];
    expect(runAccountsCli(shop.db, ['influencer', '--code', code, '--email', email, ...(percent ? ['--percent', percent] : [])], (l) => lines.push(l))).toBe(0);
    await b.form('/moje/prihlasenie', { username: email, password: 'Modrý kvetináč na balkóne 42' });
    if (email.startsWith('jana')) jana = b;
    else eva = b;
  }
  consumer = new Browser(shop);
  await consumer.signUpAndIn('kupujuci@example.sk');
});
afterAll(() => shop.close());

/** A shopper's order through the share link: goods in the cart, /kupon/{code}, courier, payment, submit. */
async function orderWith(code: string) {
  const b = new Browser(shop);
  await b.holdToken({ host: SK_HOST });
  const call = async (path: string, body: object) => {
    const response = await shop.app.request(path, { method: 'POST', body: JSON.stringify(body), headers: b.headers({ host: SK_HOST, 'x-csrf-token': b.csrf, 'content-type': 'application/json' }) });
    expect(response.status, path).toBe(200);
    return (await response.json()) as any;
  };
  await call('/api/cart/add', { product_id: stockedProduct(shop), quantity: 2 });
  const shared = await b.get(`/kupon/${code}`);
  expect([shared.status, shared.location]).toEqual([303, '/nakupny-kosik#kupon']);
  await call('/api/cart/delivery', { id: 1 });
  await call('/api/cart/payment', { id: 30 });
  const submitted = await call('/api/cart/submit', { ...CUSTOMER, country: 'sk' });
  return shop.db.$client.prepare('SELECT total, subtotal, voucher_price AS discount, voucher_text AS code FROM orders WHERE hash = ?').get(submitted.data.hash) as { total: number; subtotal: number; discount: number; code: string };
}

describe('/moje/influencer-kupony', () => {
  it('shows the influencer’s own codes only; an order through the share link counts with its total and the commission', async () => {
    const before = await jana.get('/moje/influencer-kupony');
    expect(before.status).toBe(200);
    expect([...before.doc!.querySelectorAll('.influencer-voucher')].map((li) => li.getAttribute('data-code'))).toEqual(['JANA10']);
    expect(before.doc!.querySelector('[data-field=uses]')?.textContent).toBe('0');
    expect(before.doc!.querySelector('shop-copy-button[value="JANA10"]')).not.toBeNull();
    expect(before.doc!.querySelector('shop-copy-button[value$="/kupon/JANA10"]')).not.toBeNull();

    const order = await orderWith('JANA10');
    expect(order.code).toBe('JANA10');
    expect(order.discount).toBeGreaterThan(0);
    const after = await jana.get('/moje/influencer-kupony/JANA10');
    expect(after.doc!.querySelector('[data-field=uses]')?.textContent).toBe('1');
    const euros = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');
    expect(after.doc!.querySelector('[data-field=total]')?.textContent).toContain(euros(order.total));
    expect(after.doc!.querySelector('[data-field=commission]')?.textContent).toContain(euros(Math.round(((order.subtotal - order.discount) * 5) / 100)));
    // No buyer data on the page.
    expect(after.text).not.toContain(CUSTOMER.email);
    // Eva's page has no commission row (none set) and her code is not Jana's.
    expect((await eva.get('/moje/influencer-kupony')).doc!.querySelector('[data-field=commission]')).toBeNull();
  });

  it('another influencer’s code or a public one is 404; without the role 403; anonymous to sign-in', async () => {
    expect((await jana.get('/moje/influencer-kupony/EVA10')).status).toBe(404);
    expect((await jana.get('/moje/influencer-kupony/PUBLIC5')).status).toBe(404);
    expect((await jana.get('/moje/influencer-kupony/%3Cscript%3E')).status).toBe(404);
    expect((await consumer.get('/moje/influencer-kupony')).status).toBe(403);
    expect((await consumer.get('/moje/influencer-kupony/JANA10')).status).toBe(403);
    expect((await new Browser(shop).get('/moje/influencer-kupony')).status).toBe(303);
    expect((await new Browser(shop).get('/kupon/NIEJE')).status).toBe(404);
  });

  it('a share link opened with an empty cart keeps the code for the cart’s voucher box', async () => {
    const b = new Browser(shop);
    const shared = await b.get('/kupon/JANA10');
    expect([shared.status, shared.location]).toEqual([303, '/']);
    const cookie = shared.response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/kupon=JANA10;.*HttpOnly/i);
  });
});
