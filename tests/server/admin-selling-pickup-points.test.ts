import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { stockedProduct } from './payments-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
});
afterAll(() => shop.close());

const sqlite = () => shop.db.$client;
const count = (where: string, ...params: unknown[]) => (sqlite().prepare(`SELECT COUNT(*) AS n FROM pickup_points WHERE ${where}`).get(...params) as { n: number }).n;
const offered = async (companyId: number, country: string, q: string) =>
  ((await (await shop.app.request(`/api/pickup-points?company=${companyId}&country=${country}&q=${encodeURIComponent(q)}`)).json()) as { items: { id: number }[] }).items.map((i) => i.id);
const rowsOf = (doc: Document) => [...doc.querySelectorAll('[data-table="pickup-points"] tbody tr')].map((tr) => Number(tr.getAttribute('data-point')));

describe('pickup points in the back office', () => {
  it('counts the points per carrier and country as the CLI does; the selling index links here; an editor is refused', async () => {
    const page = await admin.get('/admin/predaj/vydajne-miesta');
    expect(page.status).toBe(200);
    for (const [companyId, country] of [[10, 'sk'], [14, 'cz'], [9, 'sk']] as const) {
      const row = page.doc!.querySelector(`[data-table="pickup-counts"] tr[data-carrier="${companyId}"][data-country="${country}"]`)!;
      expect(Number(row.querySelector('[data-field="active"]')!.textContent)).toBe(count('company_id = ? AND country = ? AND active = 1', companyId, country));
    }
    expect(page.doc!.querySelector('[data-field="total"]')!.textContent).toContain(String(count('1')));
    expect(rowsOf(page.doc!)).toHaveLength(50);
    expect(page.doc!.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/admin/predaj/vydajne-miesta?strana=2');
    expect((await admin.get('/admin/predaj')).doc!.querySelector('a[href="/admin/predaj/vydajne-miesta"]')).not.toBeNull();
    // A carrier is offered by its name even with no point imported yet.
    sqlite().prepare('DELETE FROM pickup_points WHERE company_id = 14 AND id NOT IN (SELECT pickup_point_id FROM carts WHERE pickup_point_id IS NOT NULL)').run();
    const carriers = [...(await admin.get('/admin/predaj/vydajne-miesta')).doc!.querySelectorAll('select[name="dopravca"] option')].map((o) => o.textContent);
    expect(carriers).toEqual(['Všetci', 'Packeta', 'SPS', 'Pošta – na poštu']);
    expect((await editor.get('/admin/predaj/vydajne-miesta')).status).toBe(403);
  });

  it('finds points by town without accents, by zip, by the carrier\'s own id, within a carrier, country and state', async () => {
    const point = sqlite().prepare("SELECT id, external_id AS externalId, city, zip FROM pickup_points WHERE company_id = 10 AND country = 'sk' ORDER BY id LIMIT 1").get() as { id: number; externalId: string; city: string; zip: string };
    const plainCity = point.city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const byTown = await admin.get(`/admin/predaj/vydajne-miesta?dopravca=10&krajina=sk&q=${encodeURIComponent(plainCity)}`);
    const ids = rowsOf(byTown.doc!);
    expect(ids).toContain(point.id);
    expect(ids.length).toBeGreaterThanOrEqual(Math.min(50, count("company_id = 10 AND country = 'sk' AND city = ?", point.city)));
    for (const id of ids) expect(count("id = ? AND company_id = 10 AND country = 'sk'", id)).toBe(1);
    expect(rowsOf((await admin.get(`/admin/predaj/vydajne-miesta?q=${encodeURIComponent(point.externalId)}&dopravca=10`)).doc!)).toContain(point.id);
    expect(rowsOf((await admin.get(`/admin/predaj/vydajne-miesta?q=${encodeURIComponent(point.zip)}&dopravca=10&krajina=sk`)).doc!)).toContain(point.id);
    expect(point.zip).toContain(' ');
    const byZipDigits = rowsOf((await admin.get(`/admin/predaj/vydajne-miesta?q=${point.zip.replace(/\s/g, '')}&dopravca=10&krajina=sk`)).doc!);
    expect(byZipDigits).toContain(point.id);
    expect(byZipDigits).toHaveLength(Math.min(50, count("company_id = 10 AND country = 'sk' AND replace(zip, ' ', '') = ?", point.zip.replace(/\s/g, ''))));
    const none = await admin.get('/admin/predaj/vydajne-miesta?q=%22%29%28*&dopravca=999&stav=zle&strana=abc');
    expect(none.status).toBe(200);
    expect(rowsOf(none.doc!)).toEqual([]);
    expect(none.doc!.querySelector('[data-field="total"]')!.textContent).toContain('0');
  });

  it('switches a point off and on: the cart stops offering it at once, the list keeps its filter, the audit log names who did it', async () => {
    const point = sqlite().prepare("SELECT id, name, city FROM pickup_points WHERE company_id = 10 AND country = 'sk' AND active = 1 ORDER BY id LIMIT 1").get() as { id: number; name: string; city: string };
    expect(await offered(10, 'sk', point.city)).toContain(point.id);
    // A shopper has chosen this very point.
    const shopper = new Browser(shop);
    await shopper.api('POST', '/api/cart/add', { product_id: stockedProduct(shop), quantity: 1 }, { json: true });
    const chosen = await shopper.api('POST', '/api/cart/pickup', { company_id: 10, pickup_point_id: point.id }, { json: true });
    expect(chosen.json.cart.pickup_point.id).toBe(point.id);
    const list = await admin.get(`/admin/predaj/vydajne-miesta?dopravca=10&krajina=sk&q=${encodeURIComponent(point.city)}`);
    const form = list.doc!.querySelector(`tr[data-point="${point.id}"] form[data-form="pickup-point-state"]`)!;
    const fields = Object.fromEntries([...form.querySelectorAll('input')].filter((i) => i.name !== '_csrf').map((i) => [i.name, i.value]));
    expect(fields.active).toBe('0');

    expect((await editor.form(`/admin/predaj/vydajne-miesta/${point.id}`, fields)).status).toBe(403);
    const off = await admin.form(`/admin/predaj/vydajne-miesta/${point.id}`, fields);
    expect(off.status).toBe(303);
    expect(off.location).toBe(`/admin/predaj/vydajne-miesta?dopravca=10&krajina=sk&q=${encodeURIComponent(point.city).replace(/%20/g, '+')}&ok=deactivated`);
    expect(count('id = ? AND active = 0', point.id)).toBe(1);
    expect(await offered(10, 'sk', point.city)).not.toContain(point.id);
    // Her cart no longer holds it: the checkout asks for another point instead of sending a parcel there.
    const cart = (await shopper.api('GET', '/api/cart')).json.cart;
    expect(cart.pickup_point).toBeNull();
    expect(cart.problems).toContain('pickup');
    const shown = await admin.get(off.location!);
    expect(shown.doc!.querySelector('[role="status"], .admin-notice')?.textContent).toContain('Výdajné miesto je vypnuté');
    expect(shown.doc!.querySelector(`tr[data-point="${point.id}"] [data-field="state"]`)!.textContent).toBe('Vypnuté');
    const [audit] = auditRows(shop, 'selling.pickup-point.deactivate');
    expect(audit.subject).toBe(String(point.id));

    // The same switch again writes nothing and audits nothing.
    await admin.form(`/admin/predaj/vydajne-miesta/${point.id}`, fields);
    expect(auditRows(shop, 'selling.pickup-point.deactivate')).toHaveLength(1);

    const on = await admin.form(`/admin/predaj/vydajne-miesta/${point.id}`, { ...fields, active: '1', back: 'https://elsewhere.example/' });
    expect(on.location).toBe('/admin/predaj/vydajne-miesta?ok=activated');
    expect(await offered(10, 'sk', point.city)).toContain(point.id);
    expect(auditRows(shop, 'selling.pickup-point.activate')).toHaveLength(1);
    expect((await admin.form('/admin/predaj/vydajne-miesta/999999', { active: '0' })).status).toBe(404);
  });
});
