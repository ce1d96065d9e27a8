import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { placeOrder } from './payments-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let shopper: Browser;
let userId: number;
let orderNumber: string;

const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  shopper = new Browser(shop);
  await shopper.signUpAndIn('zuzana.kratka@example.sk');
  userId = one<{ id: number }>('SELECT id FROM users WHERE email = ?', 'zuzana.kratka@example.sk').id;
  orderNumber = (await placeOrder(shop, shopper, { payment: 2 })).documentNumber;
  const product = one<{ id: number }>('SELECT id FROM products WHERE visible = 2 LIMIT 1').id;
  shop.db.$client
    .prepare("INSERT INTO watchdogs (product_id, shop_id, locale, email, available, token, created_at) VALUES (?, 1, 'sk', ?, 1, 'tok-zuzana', 0)")
    .run(product, 'zuzana.kratka@example.sk');
});
afterAll(() => shop.close());

describe('customer list', () => {
  it('finds a customer by e-mail, by the name on their order and by phone; a long search is refused with its message', async () => {
    for (const q of ['zuzana.kr', 'Novák', '905 123 456']) {
      const page = await admin.get(`/admin/zakaznici?q=${encodeURIComponent(q)}`);
      expect(page.status, q).toBe(200);
      expect(page.doc!.querySelector('[data-customer="zuzana.kratka@example.sk"]'), q).not.toBeNull();
    }
    const none = await admin.get('/admin/zakaznici?q=nikto-taky@');
    expect(none.doc!.querySelector('[data-field="empty"]')).not.toBeNull();
    const long = await admin.get(`/admin/zakaznici?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.doc!.querySelector('#f-q-error')?.textContent).toBe('Hľadaný text je príliš dlhý');
  });
});

describe('customer detail and points', () => {
  it('shows the orders linked to the orders section and the points balance', async () => {
    const page = await admin.get(`/admin/zakaznici/${userId}`);
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector(`[data-field="orders"] a[href="/admin/objednavky/${orderNumber}"]`)).not.toBeNull();
    expect(page.doc!.querySelector('[data-field="balance"]')?.textContent).toBe('50');
    expect((await admin.get('/admin/zakaznici/999999')).status).toBe(404);
  });

  it('credits and debits with a reason through the points rule; a debit below zero is refused with the values kept', async () => {
    const bad = await admin.form(`/admin/zakaznici/${userId}/body`, { direction: 'credit', points: '2.5', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-points-error')?.textContent).toBe('Zadajte celé číslo');
    expect(bad.doc!.querySelector('#f-reason-error')?.textContent).toBe('Napíšte dôvod');
    expect(bad.doc!.querySelector('input[name="points"]')?.getAttribute('value')).toBe('2.5');
    const credit = await admin.form(`/admin/zakaznici/${userId}/body`, { direction: 'credit', points: '100', reason: 'Ospravedlnenie za meškanie' });
    expect(credit.location).toBe(`/admin/zakaznici/${userId}?ok=points`);
    const tooMuch = await admin.form(`/admin/zakaznici/${userId}/body`, { direction: 'debit', points: '151', reason: 'Oprava' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.doc!.querySelector('#f-points-error')?.textContent).toContain('pod nulu');
    expect(tooMuch.doc!.querySelector('input[name="points"]')?.getAttribute('value')).toBe('151');
    expect((await admin.form(`/admin/zakaznici/${userId}/body`, { direction: 'debit', points: '150', reason: 'Oprava' })).status).toBe(303);
    const page = await admin.get(`/admin/zakaznici/${userId}`);
    expect(page.doc!.querySelector('[data-field="balance"]')?.textContent).toBe('0');
    expect(page.doc!.querySelector('[data-table="points"]')?.textContent).toContain('Ospravedlnenie za meškanie');
    const rows = auditRows(shop, 'customers.points');
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0].after!)).toMatchObject({ balance: 150, value: 100, reason: 'Ospravedlnenie za meškanie' });
    // The shopper's own points page shows the same balance.
    expect((await shopper.api('GET', '/api/consumer/point/count')).json).toEqual({ count: 0 });
  });
});

describe('GDPR', () => {
  it('exports everything the shop holds: account, addresses, orders with items, points, watchdogs', async () => {
    const response = await shop.app.request(`/admin/zakaznici/${userId}/export`, { headers: admin.headers() }, admin.env());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const data = JSON.parse(await response.text());
    expect(data.account.email).toBe('zuzana.kratka@example.sk');
    expect(data.orders[0].number).toBe(orderNumber);
    expect(data.orders[0].items.length).toBeGreaterThan(0);
    expect(data.points.entries.length).toBeGreaterThanOrEqual(3);
    expect(data.watchdogs).toHaveLength(1);
  });

  it('erases the account after the e-mail is typed; the order stays for accounting without contact data', async () => {
    const wrong = await admin.form(`/admin/zakaznici/${userId}/vymazat`, { confirm: 'niekto@example.sk' });
    expect(wrong.status).toBe(400);
    expect(one<{ email: string }>('SELECT email FROM users WHERE id = ?', userId).email).toBe('zuzana.kratka@example.sk');
    const done = await admin.form(`/admin/zakaznici/${userId}/vymazat`, { confirm: 'Zuzana.Kratka@example.sk' });
    expect(done.location).toBe('/admin/zakaznici?ok=erased');
    expect(one<{ email: string; deletedAt: number | null }>('SELECT email, deleted_at AS deletedAt FROM users WHERE id = ?', userId)).toMatchObject({ email: `deleted-${userId}@deleted.invalid` });
    const order = one<{ email: string; contact: string; total: number }>('SELECT email, contact, total FROM orders WHERE document_number = ?', orderNumber);
    expect(order.email).toBe(`deleted-${userId}@deleted.invalid`);
    expect(order.contact).toBe('');
    expect(order.total).toBeGreaterThan(0);
    expect(one<{ n: number }>("SELECT COUNT(*) AS n FROM watchdogs WHERE email = 'zuzana.kratka@example.sk'").n).toBe(0);
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', userId).n).toBe(0);
    expect(auditRows(shop, 'customers.erase')).toHaveLength(1);
    expect(auditRows(shop, 'customers.erase')[0].after).not.toContain('zuzana');
    expect((await admin.get(`/admin/zakaznici/${userId}`)).status).toBe(404);
  });
});
