import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { auditRows, signedInStaff, type StaffBrowser } from './admin.client';

/**
 * Issue 20 "Catalogue: variants and sets": a parent's variants (add by code, value, order, remove)
 * and a set's components with quantities, written in the product form and seen by the shop's next request.
 */
let shop: TestShop;
let admin: StaffBrowser;
type Row = { id: number; code: string; slug: string; name: string };
let singles: Row[];

beforeAll(async () => {
  shop = createTestShop({ products: 120 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  singles = shop.db.$client
    .prepare(
      `SELECT p.id, p.code_public AS code, p.slug, p.name FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1
        WHERE p.type = 'single' AND p.parent_id IS NULL AND p.children_count = 0 AND p.visible = 2 ORDER BY p.id LIMIT 6`,
    )
    .all() as Row[];
});
afterAll(() => shop.close());

const shopPage = async (slug: string) => {
  const response = await shop.app.request(`/${slug}`, { headers: { host: '127.0.0.1:3000' } });
  expect(response.status).toBe(200);
  return parseHtml(await response.text())!;
};
const product = (id: number) => shop.db.$client.prepare('SELECT type, parent_id AS parentId, position, children_count AS childrenCount, variant_option_id AS optionId FROM products WHERE id = ?').get(id) as Record<string, any>;
const ok = (r: { status: number; location: string | null; text: string }) => {
  expect(r.status, r.text.slice(0, 400)).toBe(303);
  expect(r.location).toContain('ok=rodina');
};

describe('variants', { timeout: 15_000 }, () => {
  it('adds existing products as variants, orders them, sets their value, removes one; the shop shows each', async () => {
    const [parent, a, b] = singles;
    await admin.get(`/admin/produkty/${parent.id}`);
    ok(await admin.form(`/admin/produkty/${parent.id}/varianty`, { variant: a.code }));
    ok(await admin.form(`/admin/produkty/${parent.id}/varianty`, { variant: b.code }));
    expect(product(a.id)).toMatchObject({ type: 'variant', parentId: parent.id, position: 1 });
    expect(product(b.id)).toMatchObject({ type: 'variant', parentId: parent.id, position: 2 });
    expect(product(parent.id).childrenCount).toBe(2);

    const page = await admin.get(`/admin/produkty/${parent.id}`);
    expect([...page.doc!.querySelectorAll('[data-list="variants"] [data-variant]')].map((li) => li.getAttribute('data-variant'))).toEqual([String(a.id), String(b.id)]);
    let doc = await shopPage(parent.slug);
    expect([...doc.querySelectorAll('#varianty ~ * a, .product-variants a')].map((x) => x.getAttribute('href')).join(' ')).toContain(a.slug);

    ok(await admin.form(`/admin/produkty/${parent.id}/varianty/${b.id}/hore`));
    expect(product(b.id).position).toBe(1);
    expect(product(a.id).position).toBe(2);
    const html = (await (await shop.app.request(`/${parent.slug}`, { headers: { host: '127.0.0.1:3000' } })).text());
    expect(html.indexOf(b.slug)).toBeLessThan(html.indexOf(a.slug, html.indexOf('varianty')));

    const option = shop.db.$client.prepare('SELECT o.id, o.label, a.label AS attribute FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id ORDER BY o.id LIMIT 1').get() as { id: number; label: string; attribute: string };
    ok(await admin.form(`/admin/produkty/${parent.id}/varianty/${a.id}/hodnota`, { option: String(option.id) }));
    expect(product(a.id).optionId).toBe(option.id);
    expect(shop.db.$client.prepare('SELECT 1 FROM product_attribute_values WHERE product_id = ? AND option_id = ?').get(a.id, option.id)).toBeTruthy();
    doc = await shopPage(a.slug);
    expect(doc.querySelector('[data-field="variant-value"]')?.textContent).toContain(`${option.attribute}: ${option.label}`);

    // Bad input: an unknown code, the product itself, a variant of another parent, a made-up option: a message, nothing changed, never a 500.
    const unknown = await admin.form(`/admin/produkty/${parent.id}/varianty`, { variant: 'NEEXISTUJE-1' });
    expect(unknown.status).toBe(400);
    expect(unknown.doc!.querySelector('#f-variant-error')?.textContent).toBeTruthy();
    expect(unknown.doc!.querySelector<HTMLInputElement>('#f-variant')?.getAttribute('value')).toBe('NEEXISTUJE-1');
    expect((await admin.form(`/admin/produkty/${parent.id}/varianty`, { variant: parent.code })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${parent.id}/varianty`, { variant: '' })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${singles[3].id}/varianty`, { variant: a.code })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${parent.id}/varianty/${a.id}/hodnota`, { option: '999999' })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${parent.id}/varianty/${singles[4].id}/odobrat`)).status).toBe(404);

    ok(await admin.form(`/admin/produkty/${parent.id}/varianty/${b.id}/odobrat`));
    expect(product(b.id)).toMatchObject({ type: 'single', parentId: null });
    expect(product(a.id).position).toBe(1);
    expect(product(parent.id).childrenCount).toBe(1);
    doc = await shopPage(b.slug);
    expect(doc.querySelector('.product-detail__parent')).toBeNull();

    const actions = auditRows(shop).filter((r) => r.action.startsWith('product.variant.')).map((r) => r.action);
    expect(actions).toEqual(['product.variant.add', 'product.variant.add', 'product.variant.move', 'product.variant.value', 'product.variant.remove']);
    const last = auditRows(shop, 'product.variant.remove').at(-1)!;
    expect(JSON.parse(last.before!).variants).toHaveLength(2);
    expect(JSON.parse(last.after!).variants).toHaveLength(1);
  });
});

describe('sets', { timeout: 15_000 }, () => {
  it('lists components with quantities, orders and removes them; the shop shows the set', async () => {
    const [, , , set, x, y] = singles;
    await admin.get(`/admin/produkty/${set.id}`);
    ok(await admin.form(`/admin/produkty/${set.id}/sada`, { component: x.code, quantity: '2' }));
    ok(await admin.form(`/admin/produkty/${set.id}/sada`, { component: y.code, quantity: '1' }));
    expect(product(set.id).type).toBe('set');
    let doc = await shopPage(set.slug);
    expect([...doc.querySelectorAll('[data-list="set-components"] li')].map((li) => [li.getAttribute('data-component'), li.textContent!.trim().slice(0, 3)])).toEqual([
      [String(x.id), '2 ×'],
      [String(y.id), '1 ×'],
    ]);

    ok(await admin.form(`/admin/produkty/${set.id}/sada/${x.id}/pocet`, { quantity: '3' }));
    ok(await admin.form(`/admin/produkty/${set.id}/sada/${y.id}/hore`));
    doc = await shopPage(set.slug);
    expect([...doc.querySelectorAll('[data-list="set-components"] li')].map((li) => li.getAttribute('data-component'))).toEqual([String(y.id), String(x.id)]);
    expect(doc.querySelector(`[data-list="set-components"] [data-component="${x.id}"]`)!.textContent).toContain('3 ×');

    const bad = await admin.form(`/admin/produkty/${set.id}/sada/${x.id}/pocet`, { quantity: '0' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector(`#f-quantity-${x.id}-error`)?.textContent).toBeTruthy();
    expect((await admin.form(`/admin/produkty/${set.id}/sada`, { component: x.code, quantity: '1' })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${set.id}/sada`, { component: set.code, quantity: '1' })).status).toBe(400);
    expect((await admin.form(`/admin/produkty/${x.id}/sada`, { component: set.code, quantity: '1' })).status).toBe(400);
    // A set has no variants.
    expect((await admin.form(`/admin/produkty/${set.id}/varianty`, { variant: singles[1].code })).status).toBe(400);

    ok(await admin.form(`/admin/produkty/${set.id}/sada/${y.id}/odobrat`));
    doc = await shopPage(set.slug);
    expect(doc.querySelectorAll('[data-list="set-components"] li')).toHaveLength(1);
    expect(auditRows(shop).filter((r) => r.action.startsWith('product.set.')).map((r) => r.action)).toEqual([
      'product.set.add',
      'product.set.add',
      'product.set.quantity',
      'product.set.move',
      'product.set.remove',
    ]);
  });

  it('is refused to an editor', async () => {
    const editor = await signedInStaff(shop, 'ROLE_EDITOR');
    await editor.get('/admin');
    const r = await editor.form(`/admin/produkty/${singles[3].id}/sada`, { component: singles[1].code, quantity: '1' });
    expect(r.status).toBe(403);
  });
});
