import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../../server/admin/shop-days';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';
import { stockedProduct } from './payments-helpers';

/**
 * Issue 20 "Selling rules": gifts offered between two days and only with given products, and
 * shipping priced by the cart's weight, each set in the back office and honoured by the next cart
 * (server/cart/gifts.service.ts, shipping.service.ts: one home for each rule).
 */
let shop: TestShop;
let admin: StaffBrowser;
let p: { id: number; code: string };
let q: { id: number; code: string };

const productOf = (id: number) => ({ id, code: (shop.db.$client.prepare('SELECT code_public AS c FROM products WHERE id = ?').get(id) as { c: string }).c });

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  p = productOf(stockedProduct(shop, 1, 0));
  q = productOf(stockedProduct(shop, 1, 1));
});
afterAll(() => shop.close());

type Cart = { subtotal: number; shipping_price: number | null; gifts: { value: string }[]; gift_motivations: { item: { value: string } }[]; shipping_options: { id: number; price: number | null }[] };
const cartOf = async (b: Browser) => (await b.api('GET', '/api/cart')).json.cart as Cart;

/** The product form's fields as the page shows them, posted back with some changed. */
async function saveProduct(id: number, changes: Record<string, string>) {
  const page = await admin.get(`/admin/produkty/${id}`);
  const form = page.doc!.querySelector('form[data-form="product"]')!;
  const fields: Record<string, string> = {};
  for (const el of form.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]')) {
    if (el.type === 'checkbox' && !el.checked) continue;
    if (el.name === '_csrf') continue;
    fields[el.name] = el.tagName === 'SELECT' ? (el.querySelector('option[selected]')?.getAttribute('value') ?? '') : el.tagName === 'TEXTAREA' ? el.textContent ?? '' : el.getAttribute('value') ?? '';
  }
  const saved = await admin.form(`/admin/produkty/${id}`, { ...fields, ...changes });
  expect(saved.status, saved.text.slice(0, 300)).toBe(303);
}

describe('shipping by weight', { timeout: 15_000 }, () => {
  it('prices the carrier by the weight band the cart falls in; bad bands are refused', async () => {
    await saveProduct(p.id, { weight: '600' });
    expect((shop.db.$client.prepare('SELECT weight_grams AS w FROM products WHERE id = ?').get(p.id) as { w: number }).w).toBe(600);
    // Courier (1) with bank transfer (2) in the Slovak shop: two weight bands in place of its rules.
    shop.db.$client.prepare("DELETE FROM shipping_options WHERE shop_id = 1 AND country = 'sk' AND company_id = 1 AND payment_id = 2").run();
    const band = { shop: 'sk', country: 'sk', companyId: '1', paymentId: '2', name: 'Kuriér', description: '', amountMin: '0,00', amountMax: '', sort: '0' };
    await admin.get('/admin/predaj/doprava');
    expect((await admin.form('/admin/predaj/doprava', { ...band, weightMin: '', weightMax: '1000', price: '3,00' })).status).toBe(303);
    expect((await admin.form('/admin/predaj/doprava', { ...band, weightMin: '1001', weightMax: '', price: '9,00' })).status).toBe(303);
    const bad = await admin.form('/admin/predaj/doprava', { ...band, weightMin: '2000', weightMax: '1000', price: '1,00' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-weightMax-error')?.textContent).toBe('Horná hranica je pod dolnou');
    expect(bad.doc!.querySelector('input[name="weightMin"]')?.getAttribute('value')).toBe('2000');
    expect((await admin.form('/admin/predaj/doprava', { ...band, weightMin: 'ťažké', price: '1,00' })).status).toBe(400);
    expect(JSON.parse(auditRows(shop, 'selling.shipping.create').at(-1)!.after!)).toMatchObject({ weightMin: 1001, weightMax: null });
    expect((await admin.get('/admin/predaj/doprava?obchod=sk&krajina=sk')).doc!.querySelectorAll('[data-field="weight"]').length).toBeGreaterThanOrEqual(2);

    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: p.id, quantity: 1 }, { json: true });
    await b.api('POST', '/api/cart/delivery', { id: 1 }, { json: true });
    await b.api('POST', '/api/cart/payment', { id: 2 }, { json: true });
    expect((await cartOf(b)).shipping_price).toBe(300);
    await b.api('POST', '/api/cart/update', { product_id: p.id, quantity: 2 }, { json: true });
    expect((await cartOf(b)).shipping_price).toBe(900);
    expect((await cartOf(b)).shipping_options.find((o) => o.id === 1)?.price).toBe(900);
  });
});

describe('gifts by date and product', { timeout: 15_000 }, () => {
  it('offers a gift only within its days and with one of its products', async () => {
    const today = shopDay(shop.clock.now().getTime());
    const tomorrow = shopDay(shop.clock.now().getTime() + 86_400_000);
    const yesterday = shopDay(shop.clock.now().getTime() - 86_400_000);
    shop.db.$client.prepare('UPDATE gifts SET active = 0').run();
    const GIFT = { shop: 'sk', value: 'Zástera s logom', amountMin: '0,01', active: '1' };
    await admin.get('/admin/predaj/darceky');
    const unknown = await admin.form('/admin/predaj/darceky', { ...GIFT, products: 'NIC-TAKE-1', validFrom: '', validTo: '' });
    expect(unknown.status).toBe(400);
    expect(unknown.doc!.querySelector('#f-products-error')?.textContent).toContain('NIC-TAKE-1');
    expect(unknown.doc!.querySelector('textarea[name="products"]')?.textContent).toBe('NIC-TAKE-1');
    const backwards = await admin.form('/admin/predaj/darceky', { ...GIFT, products: '', validFrom: tomorrow, validTo: yesterday });
    expect(backwards.status).toBe(400);
    expect(backwards.doc!.querySelector('#f-validTo-error')?.textContent).toBeTruthy();

    expect((await admin.form('/admin/predaj/darceky', { ...GIFT, products: q.code, validFrom: tomorrow, validTo: '' })).status).toBe(303);
    const id = Number(auditRows(shop, 'selling.gift.create').at(-1)!.subject);
    expect(JSON.parse(auditRows(shop, 'selling.gift.create').at(-1)!.after!).products).toEqual([q.code]);

    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: p.id, quantity: 1 }, { json: true });
    const names = async () => {
      const cart = await cartOf(b);
      return [...cart.gifts.map((g) => g.value), ...cart.gift_motivations.map((g) => g.item.value)];
    };
    // Not yet (it starts tomorrow), and the cart has none of its products.
    expect(await names()).not.toContain('Zástera s logom');
    const edit = async (values: Record<string, string>) => {
      const page = await admin.get(`/admin/predaj/darceky/${id}`);
      const version = page.doc!.querySelector('input[name="version"]')!.getAttribute('value')!;
      const saved = await admin.form(`/admin/predaj/darceky/${id}`, { ...GIFT, ...values, version });
      expect(saved.status, saved.text.slice(0, 300)).toBe(303);
      return page;
    };
    await edit({ products: q.code, validFrom: today, validTo: '' });
    expect(await names()).not.toContain('Zástera s logom');
    await b.api('POST', '/api/cart/add', { product_id: q.id, quantity: 1 }, { json: true });
    expect((await cartOf(b)).gifts.map((g) => g.value)).toEqual(['Zástera s logom']);
    // The form shows what was saved: the days and the codes.
    const page = await edit({ products: `${q.code} ${p.code}`, validFrom: today, validTo: today });
    expect(page.doc!.querySelector('input[name="validFrom"]')?.getAttribute('value')).toBe(today);
    expect((await cartOf(b)).gifts.map((g) => g.value)).toEqual(['Zástera s logom']);
    // Its last day was yesterday: gone.
    await edit({ products: '', validFrom: '', validTo: yesterday });
    expect(await names()).not.toContain('Zástera s logom');
    // No end and no products: any cart.
    await edit({ products: '', validFrom: '', validTo: '' });
    expect((await cartOf(b)).gifts.map((g) => g.value)).toEqual(['Zástera s logom']);
  });
});
