import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { cancelOrder } from '../../server/orders/order-lifecycle';
import { formatMoney } from '../../server/render/format';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CUSTOMER } from '../setup/customer';
import { Browser, STRONG } from './accounts.client';
import { placeOrder, stockedProduct, type PlacedOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

/**
 * Predaje (/moje/predaje, issue 21, docs/decisions/247): orders placed through the shop's own cart
 * API with products of seller A and seller B; A sees only A's lines, with no buyer's personal data.
 */
let shop: TestShop;
const b: Record<'a' | 'b' | 'consumer', Browser> = {} as never;
const p: Record<'a' | 'b' | 'a2', number> = {} as never;
let october: PlacedOrder;
let november: PlacedOrder;
let cancelled: PlacedOrder;

const names = (id: number) => shop.db.$client.prepare('SELECT name FROM products WHERE id = ?').pluck().get(id) as string;
const lineTotal = (orderId: number, productId: number) =>
  shop.db.$client.prepare('SELECT line_total FROM order_items WHERE order_id = ? AND product_id = ?').pluck().get(orderId, productId) as number;
const rows = (html: string) => [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((m) => [...m[1].matchAll(/<tr[\s>]/g)]).length;

beforeAll(async () => {
  shop = createTestShop({ products: 8 });
  for (const who of ['a', 'b', 'consumer'] as const) {
    const browser = new Browser(shop);
    const email = `${who}@example.sk`;
    await browser.api('POST', '/api/security/signup', { username: email, password: STRONG, phone: '0905123456', type: who === 'consumer' ? 'consumer' : 'seller' });
    if (who !== 'consumer') runAccountsCli(shop.db, ['approve', '--email', email, '--role', 'seller'], () => {});
    await browser.form('/moje/prihlasenie', { username: email, password: STRONG });
    await browser.get(who === 'consumer' ? '/moje/konto' : '/moje/udaje-obchodu');
    b[who] = browser;
  }
  const sellerOf = (email: string) => shop.db.$client.prepare('SELECT s.id FROM sellers s JOIN users u ON u.id = s.user_id WHERE u.email = ?').pluck().get(email) as number;
  [p.a, p.b, p.a2] = [stockedProduct(shop, 1, 0), stockedProduct(shop, 1, 1), stockedProduct(shop, 1, 2)];
  const own = shop.db.$client.prepare('UPDATE products SET seller_id = ? WHERE id = ?');
  own.run(sellerOf('a@example.sk'), p.a);
  own.run(sellerOf('a@example.sk'), p.a2);
  own.run(sellerOf('b@example.sk'), p.b);
  // A guest buys: Ján Novák of CUSTOMER is the name, e-mail and address on every order.
  const buyer = new Browser(shop);
  shop.clock.set(new Date('2026-10-15T10:00:00Z'));
  october = await placeOrder(shop, buyer, { lines: [[p.a, 2], [p.b, 1]] });
  shop.clock.set(new Date('2026-11-20T10:00:00Z'));
  november = await placeOrder(shop, buyer, { lines: [[p.a2, 1], [p.b, 3]] });
  cancelled = await placeOrder(shop, buyer, { lines: [[p.a, 5]] });
  expect(cancelOrder(shop.db, { orderId: cancelled.id, now: new Date('2026-11-20T11:00:00Z') })).toBe(true);
  shop.clock.set(new Date('2026-11-22T10:00:00Z'));
});
afterAll(() => shop.close());

describe('Predaje', () => {
  it("lists only the seller's own lines, totals without the cancelled order, no buyer's data", async () => {
    const page = await b.a.get('/moje/predaje');
    expect(page.status).toBe(200);
    expect(page.response.headers.get('cache-control')).toContain('no-store');
    const html = page.text;
    expect(rows(html)).toBe(3);
    for (const o of [october, november, cancelled]) expect(html).toContain(o.documentNumber);
    expect(html).toContain(names(p.a));
    expect(html).toContain(names(p.a2));
    expect(html).not.toContain(`>${names(p.b)}<`);
    for (const personal of [CUSTOMER.email, CUSTOMER.lastName, CUSTOMER.street, '900 123', 'consumer@example.sk']) expect(html).not.toContain(personal);
    expect(html).toContain('Zrušená');
    const total = lineTotal(october.id, p.a) + lineTotal(november.id, p.a2);
    const totals = page.doc!.querySelector('.seller-sales__totals')!;
    expect(totals.querySelector('[data-total-quantity]')!.textContent).toBe('3');
    expect(totals.querySelector('[data-total-amount]')!.textContent).toBe(formatMoney(total, 'EUR', 'sk'));
    // The months with sales, newest first.
    const options = [...page.doc!.querySelectorAll('#sales-month option')].map((o) => o.getAttribute('value'));
    expect(options).toEqual(['', '2026-11', '2026-10']);
    // Seller B sees B's lines only.
    const other = await b.b.get('/moje/predaje');
    expect(rows(other.text)).toBe(2);
    expect(other.text).not.toContain(names(p.a2));
  });

  it('filters by month and exports the same lines as CSV', async () => {
    const page = await b.a.get('/moje/predaje?mesiac=2026-11');
    expect(rows(page.text)).toBe(2);
    expect(page.text).not.toContain(october.documentNumber);
    expect(page.doc!.querySelector('[data-total-quantity]')!.textContent).toBe('1');
    expect(page.doc!.querySelector('#sales-month option[selected]')!.getAttribute('value')).toBe('2026-11');
    // A month that is no month is every month.
    expect(rows((await b.a.get('/moje/predaje?mesiac=2026-13')).text)).toBe(3);

    const csv = await b.a.get('/moje/predaje.csv?mesiac=2026-11');
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.response.headers.get('content-disposition')).toBe('attachment; filename="predaje-2026-11.csv"');
    expect(csv.response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await (await shop.app.request('/moje/predaje.csv?mesiac=2026-11', { headers: b.a.headers() })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Číslo objednávky');
    expect(lines.slice(1).map((l) => l.split(';')[1]).sort()).toEqual([november.documentNumber, cancelled.documentNumber].sort());
    expect(csv.text).toContain('Zrušená');
    for (const personal of [CUSTOMER.email, CUSTOMER.lastName, CUSTOMER.street, names(p.b)]) expect(csv.text).not.toContain(personal);
    const all = await b.a.get('/moje/predaje.csv');
    expect(all.response.headers.get('content-disposition')).toBe('attachment; filename="predaje.csv"');
    expect(all.text.trim().split('\r\n')).toHaveLength(4);
  });

  it('refuses a consumer (403) and sends an anonymous visitor to sign in', async () => {
    expect((await b.consumer.get('/moje/predaje')).status).toBe(403);
    expect((await b.consumer.get('/moje/predaje.csv')).status).toBe(403);
    const anonymous = await new Browser(shop).get('/moje/predaje');
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.location).toContain('/moje/prihlasenie');
    expect([302, 303]).toContain((await new Browser(shop).get('/moje/predaje.csv')).status);
  });
});
