import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { placeOrder, stockedProduct } from './payments-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let second: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  second = await signedInStaff(shop, 'ROLE_ADMIN');
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
});
afterAll(() => shop.close());

const pairs = (payment: number) =>
  (shop.db.$client.prepare("SELECT s.code || ':' || sp.company_id AS k FROM shipping_payments sp JOIN shops s ON s.id = sp.shop_id WHERE sp.payment_id = ? ORDER BY 1").all(payment) as { k: string }[]).map((r) => r.k);
const version = async (path: string) => (await admin.get(path)).doc!.querySelector('input[name="version"]')!.getAttribute('value')!;

describe('payments', () => {
  it('lists the methods with their carriers and the COD fee; an editor is refused', async () => {
    const page = await admin.get('/admin/predaj/platba');
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('[data-payment="1"] [data-field="cod-fee"]')?.textContent).toMatch(/1,00\s€ \/ 40,00\sCZK/);
    expect((await admin.get('/admin/predaj')).doc!.querySelector('a[href="/admin/predaj/platba"]')).not.toBeNull();
    expect((await editor.get('/admin/predaj/platba/1')).status).toBe(403);
    expect((await editor.form('/admin/predaj/platba/1', { name: 'x' })).status).toBe(403);
  });

  it('refuses a wrong fee and an empty name, keeping what was typed and the checked carriers', async () => {
    const v = await version('/admin/predaj/platba/1');
    const bad = await admin.form('/admin/predaj/platba/1', { name: '', description: 'Popis', countries: '', carriers: 'sk:1\nsk:10', codFeeSk: 'veľa', codFeeCz: '', version: v });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-name-error')?.textContent).toBe('Toto pole je povinné');
    expect(bad.doc!.querySelector('#f-codFeeSk-error')?.textContent).toBe('Zadajte sumu, napríklad 2,49');
    expect(bad.doc!.querySelector('input[name="codFeeSk"]')?.getAttribute('value')).toBe('veľa');
    expect(bad.doc!.querySelector('input[name="description"]')?.getAttribute('value')).toBe('Popis');
    expect([...bad.doc!.querySelectorAll('input[name="carriers"][checked]')].map((x) => x.getAttribute('value'))).toEqual(['sk:1', 'sk:10']);
    expect(auditRows(shop, 'selling.payment.update')).toHaveLength(0);
  });

  it('a new COD fee is what the cart and the order total add; carriers follow the boxes; a stale save is refused', async () => {
    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: stockedProduct(shop), quantity: 1 }, { json: true });
    await b.api('POST', '/api/cart/delivery', { id: 1 }, { json: true });
    const before = (await b.api('POST', '/api/cart/payment', { id: 1 }, { json: true })).json.cart;
    expect(before.payment_fee).toBe(100);

    const v = await version('/admin/predaj/platba/1');
    const carriers = pairs(1).filter((k) => k !== 'cz:8');
    const fields = { name: 'Dobierka', description: 'Zaplatíte pri prevzatí zásielky.', countries: '', carriers: carriers.join('\n'), codFeeSk: '1,50', codFeeCz: '45,00', version: v };
    const saved = await admin.form('/admin/predaj/platba/1', fields);
    expect(saved.location).toBe('/admin/predaj/platba/1?ok=saved');
    expect(pairs(1)).toEqual(carriers);
    expect(shop.db.$client.prepare('SELECT code, cod_fee AS fee FROM shops ORDER BY id').all()).toEqual([{ code: 'sk', fee: 150 }, { code: 'cz', fee: 4500 }]);

    const after = (await b.api('GET', '/api/cart')).json.cart;
    expect(after.payment_fee).toBe(150);
    expect(after.total - before.total).toBe(50);
    expect(after.payment_options.find((p: { id: number }) => p.id === 1).fee).toBe(150);
    const order = await placeOrder(shop, new Browser(shop), { payment: 1 });
    expect(shop.db.$client.prepare('SELECT payment_fee AS fee FROM orders WHERE id = ?').get(order.id)).toEqual({ fee: 150 });

    const stale = await second.form('/admin/predaj/platba/1', { ...fields, codFeeSk: '2,00' });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
    expect(stale.doc!.querySelector('input[name="codFeeSk"]')?.getAttribute('value')).toBe('2,00');

    const [audit] = auditRows(shop, 'selling.payment.update');
    expect(JSON.parse(audit.before!).codFees).toEqual({ sk: 100, cz: 4000 });
    expect(JSON.parse(audit.after!).codFees).toEqual({ sk: 150, cz: 4500 });
  });
});
