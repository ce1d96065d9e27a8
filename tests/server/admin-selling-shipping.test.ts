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

const rule = (id: number) => shop.db.$client.prepare('SELECT * FROM shipping_options WHERE id = ?').get(id) as Record<string, unknown> | undefined;
const NEW = { shop: 'sk', country: 'sk', companyId: '1', paymentId: '2', name: 'Kuriér nad 500 €', description: '', amountMin: '500,00', amountMax: '', price: '0,00', sort: '5' };

describe('shipping prices', () => {
  it('lists the rules of a shop and delivery country; an editor is refused', async () => {
    const page = await admin.get('/admin/predaj/doprava?obchod=sk&krajina=cz');
    expect(page.status).toBe(200);
    const count = (shop.db.$client.prepare("SELECT COUNT(*) AS n FROM shipping_options WHERE shop_id = 1 AND country = 'cz'").get() as { n: number }).n;
    expect(page.doc!.querySelectorAll('[data-table="shipping-rules"] tbody tr')).toHaveLength(count);
    expect((await admin.get('/admin/predaj')).doc!.querySelector('a[href="/admin/predaj/doprava"]')).not.toBeNull();
    expect((await editor.get('/admin/predaj/doprava')).status).toBe(403);
    expect((await editor.form('/admin/predaj/doprava', NEW)).status).toBe(403);
  });

  it('refuses a missing price and a reversed range with their messages, keeping what was typed', async () => {
    const bad = await admin.form('/admin/predaj/doprava', { ...NEW, price: '', amountMin: '50,00', amountMax: '10,00', name: 'Pokus' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-price-error')?.textContent).toBe('Toto pole je povinné');
    expect(bad.doc!.querySelector('#f-amountMax-error')?.textContent).toBe('Horná hranica je pod dolnou');
    expect(bad.doc!.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Pokus');
    expect(bad.doc!.querySelector('input[name="amountMin"]')?.getAttribute('value')).toBe('50,00');
    const unknown = await admin.form('/admin/predaj/doprava', { ...NEW, companyId: '77' });
    expect(unknown.status).toBe(400);
    expect(unknown.doc!.querySelector('#f-companyId-error')?.textContent).toBe('Taký dopravca neexistuje');
    expect(auditRows(shop, 'selling.shipping.create')).toHaveLength(0);
  });

  it('adds a rule with its audit row', async () => {
    const made = await admin.form('/admin/predaj/doprava', NEW);
    expect(made.status).toBe(303);
    expect(made.location).toBe('/admin/predaj/doprava?obchod=sk&krajina=sk&ok=created');
    const [audit] = auditRows(shop, 'selling.shipping.create');
    expect(rule(Number(audit.subject))).toMatchObject({ shop_id: 1, company_id: 1, payment_id: 2, amount_min: 50_000, amount_max: null, price: 0, sort: 5 });
  });

  it('a changed price shows in the cart\'s carrier choice on the next request; a stale save is refused', async () => {
    const b = new Browser(shop);
    await b.api('POST', '/api/cart/add', { product_id: stockedProduct(shop), quantity: 1 }, { json: true });
    const carriers = async () => (await b.api('GET', '/api/cart')).json.cart.shipping_options as { id: number; price: number | null }[];
    const offered = (await carriers()).find((o) => o.price !== null && o.price > 0)!;
    const ids = shop.db.$client
      .prepare("SELECT id FROM shipping_options WHERE shop_id = 1 AND country = 'sk' AND company_id = ? AND price > 0")
      .all(offered.id) as { id: number }[];
    for (const { id } of ids) {
      const form = await admin.get(`/admin/predaj/doprava/${id}`);
      const r = rule(id)!;
      const money = (n: unknown) => (Number(n) / 100).toFixed(2).replace('.', ',');
      const values = {
        shop: 'sk', country: 'sk', companyId: String(r.company_id), paymentId: String(r.payment_id), name: String(r.name), description: String(r.delivery_description),
        amountMin: money(r.amount_min), amountMax: r.amount_max === null ? '' : money(r.amount_max), sort: String(r.sort),
        version: form.doc!.querySelector('input[name="version"]')!.getAttribute('value')!,
      };
      expect(form.doc!.querySelector('input[name="price"]')?.getAttribute('value')).toBe(money(r.price));
      const saved = await admin.form(`/admin/predaj/doprava/${id}`, { ...values, price: '7,77' });
      expect(saved.location).toBe(`/admin/predaj/doprava/${id}?ok=saved`);
      if (id === ids[0].id) {
        const stale = await second.form(`/admin/predaj/doprava/${id}`, { ...values, price: '8,88' });
        expect(stale.status).toBe(409);
        expect(stale.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
        expect(stale.doc!.querySelector('input[name="price"]')?.getAttribute('value')).toBe('8,88');
      }
    }
    expect(rule(ids[0].id)!.price).toBe(777);
    expect((await carriers()).find((o) => o.id === offered.id)!.price).toBe(777);
    const audit = auditRows(shop, 'selling.shipping.update');
    expect(audit).toHaveLength(ids.length);
    expect(JSON.parse(audit[0].after!).price).toBe(777);
  });
});
