import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';

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

const ITEM = { name: 'Kupón 5 €', price: '500', kind: 'voucher', stock: '', oncePerUser: '', disabled: '', voucherType: '1', voucherValue: '5,00', voucherAmountFrom: '20,00', voucherDays: '30' };
const item = (id: number) => shop.db.$client.prepare('SELECT * FROM point_items WHERE id = ?').get(id) as Record<string, unknown>;

describe('point items', () => {
  it('refuses a wrong price and a voucher without its type, keeping what was typed; an editor is refused', async () => {
    const bad = await admin.form('/admin/predaj/body', { ...ITEM, price: 'veľa' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-price-error')?.textContent).toBe('Zadajte celé číslo');
    const typeless = await admin.form('/admin/predaj/body', { ...ITEM, voucherType: '' });
    expect(typeless.status).toBe(400);
    expect(typeless.doc!.querySelector('#f-voucherType-error')?.textContent).toBe('Pri kupóne vyberte typ kupónu');
    expect(bad.doc!.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Kupón 5 €');
    expect(bad.doc!.querySelector('input[name="price"]')?.getAttribute('value')).toBe('veľa');
    expect(auditRows(shop, 'selling.point-item.create')).toHaveLength(0);
    expect((await editor.get('/admin/predaj/body')).status).toBe(403);
    expect((await editor.form('/admin/predaj/body', ITEM)).status).toBe(403);
    expect((await admin.get('/admin/predaj')).doc!.querySelector('a[href="/admin/predaj/body"]')).not.toBeNull();
  });

  it('adds an item the shop offers; switched off, the shop shows it off; a stale save is refused', async () => {
    const made = await admin.form('/admin/predaj/body', ITEM);
    expect(made.status).toBe(303);
    const id = Number(auditRows(shop, 'selling.point-item.create')[0].subject);
    expect(made.location).toBe(`/admin/predaj/body/${id}?ok=created`);
    expect(item(id)).toMatchObject({ price: 500, kind: 'voucher', voucher_type: 1, voucher_value: 500, voucher_amount_from: 2000, voucher_days: 30, disabled: 0, stock: null });

    const b = new Browser(shop);
    await b.signUpAndIn('body-admin@example.sk');
    expect((await b.api('GET', `/api/consumer/point/item/${id}`)).json).toMatchObject({ id, name: 'Kupón 5 €', disabled: false });

    const version = (await admin.get(`/admin/predaj/body/${id}`)).doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const off = await admin.form(`/admin/predaj/body/${id}`, { ...ITEM, disabled: '1', stock: '3', version });
    expect(off.location).toBe(`/admin/predaj/body/${id}?ok=saved`);
    expect((await b.api('GET', `/api/consumer/point/item/${id}`)).json).toMatchObject({ id, disabled: true });

    const stale = await second.form(`/admin/predaj/body/${id}`, { ...ITEM, price: '600', version });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
    expect(stale.doc!.querySelector('input[name="price"]')?.getAttribute('value')).toBe('600');
    expect(item(id).price).toBe(500);
    const [audit] = auditRows(shop, 'selling.point-item.update');
    expect(JSON.parse(audit.before!)).toMatchObject({ disabled: 0, stock: null });
    expect(JSON.parse(audit.after!)).toMatchObject({ disabled: 1, stock: 3 });
  });
});
