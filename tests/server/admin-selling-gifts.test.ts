import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { stockedProduct } from './payments-helpers';

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

const GIFT = { shop: 'sk', value: 'Hrnček s logom', amountMin: '0,01', active: '1' };
const gift = (id: number) => shop.db.$client.prepare('SELECT * FROM gifts WHERE id = ?').get(id) as Record<string, unknown>;

describe('gifts', () => {
  it('refuses an empty gift and a wrong threshold, keeping what was typed; an editor is refused', async () => {
    const bad = await admin.form('/admin/predaj/darceky', { ...GIFT, value: '', amountMin: 'päť' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-value-error')?.textContent).toBe('Toto pole je povinné');
    expect(bad.doc!.querySelector('#f-amountMin-error')?.textContent).toBe('Zadajte sumu, napríklad 2,49');
    expect(bad.doc!.querySelector('input[name="amountMin"]')?.getAttribute('value')).toBe('päť');
    expect(auditRows(shop, 'selling.gift.create')).toHaveLength(0);
    expect((await editor.get('/admin/predaj/darceky')).status).toBe(403);
    expect((await editor.form('/admin/predaj/darceky', GIFT)).status).toBe(403);
    expect((await admin.get('/admin/predaj')).doc!.querySelector('a[href="/admin/predaj/darceky"]')).not.toBeNull();
  });

  it('a new gift goes with the next cart as the best one reached; switched off, it is gone; a stale save is refused', async () => {
    const made = await admin.form('/admin/predaj/darceky', { ...GIFT, amountMin: '0,01' });
    expect(made.location).toBe('/admin/predaj/darceky?ok=created');
    const [audit] = auditRows(shop, 'selling.gift.create');
    const id = Number(audit.subject);
    expect(gift(id)).toMatchObject({ shop_id: 1, value: 'Hrnček s logom', amount_min: 1, active: 1 });
    expect((await admin.get('/admin/predaj/darceky')).doc!.querySelector(`[data-gift="${id}"]`)).not.toBeNull();

    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: stockedProduct(shop), quantity: 1 }, { json: true });
    const cart = async () => (await b.api('GET', '/api/cart')).json.cart as { subtotal: number; gifts: { value: string }[]; gift_motivations: { item: { value: string } }[] };
    // The best gift reached is the one with the highest threshold: set this one's to the cart's subtotal.
    const subtotal = (await cart()).subtotal;
    const page = await admin.get(`/admin/predaj/darceky/${id}`);
    const version = page.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const amountMin = (subtotal / 100).toFixed(2).replace('.', ',');
    const top = await admin.form(`/admin/predaj/darceky/${id}`, { ...GIFT, amountMin, version });
    expect(top.location).toBe(`/admin/predaj/darceky/${id}?ok=saved`);
    expect((await cart()).gifts.map((g) => g.value)).toEqual(['Hrnček s logom']);

    const stale = await second.form(`/admin/predaj/darceky/${id}`, { ...GIFT, value: 'Pero', version });
    expect(stale.status).toBe(409);
    expect(stale.doc!.querySelector('input[name="value"]')?.getAttribute('value')).toBe('Pero');

    const fresh = (await admin.get(`/admin/predaj/darceky/${id}`)).doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
    const off = await admin.form(`/admin/predaj/darceky/${id}`, { ...GIFT, amountMin, active: '', version: fresh });
    expect(off.status).toBe(303);
    const now = await cart();
    expect(now.gifts.map((g) => g.value)).not.toContain('Hrnček s logom');
    expect(now.gift_motivations.map((g) => g.item.value)).not.toContain('Hrnček s logom');
    const updates = auditRows(shop, 'selling.gift.update');
    expect(updates).toHaveLength(2);
    expect(JSON.parse(updates[1].before!).active).toBe(1);
    expect(JSON.parse(updates[1].after!).active).toBe(0);
  });
});
