import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';
import { get } from './catalog-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let second: StaffBrowser;
let sellerId: number;
let products: { id: number; slug: string }[];

const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;

beforeAll(async () => {
  shop = createTestShop({ products: 30 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  second = await signedInStaff(shop, 'ROLE_ADMIN');
  const sqlite = shop.db.$client;
  sellerId = one<{ id: number }>('SELECT id FROM sellers WHERE activated_at IS NOT NULL ORDER BY id LIMIT 1').id;
  sqlite.prepare('UPDATE sellers SET email = ? WHERE id = ?').run('predajca@example.sk', sellerId);
  sqlite.prepare('UPDATE products SET visible = 2 WHERE visible = 4').run();
  // Three sellable products of the seller now wait for approval.
  products = sqlite
    .prepare(
      `SELECT p.id, p.slug FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = (SELECT id FROM shops WHERE code = 'sk')
        WHERE p.parent_id IS NULL AND p.children_count = 0 AND p.availability_days >= 0 AND p.visible = 2 ORDER BY p.id LIMIT 3`,
    )
    .all() as { id: number; slug: string }[];
  for (const p of products) sqlite.prepare('UPDATE products SET visible = 4, seller_id = ? WHERE id = ?').run(sellerId, p.id);
});
afterAll(() => shop.close());

const buyable = async (slug: string) => {
  const page = await get(shop, `/${slug}`);
  return page.status === 200 ? page.doc.querySelector('.product-detail__buy shop-add-to-cart') !== null : null;
};

describe('seller products waiting (visible 4)', () => {
  it('lists them with the seller, name, price and image', async () => {
    const page = await admin.get('/admin/schvalovanie');
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('[data-field="waiting-count"]')?.textContent).toContain('3');
    const row = page.doc!.querySelector(`tr[data-product="${products[0].id}"]`)!;
    expect(row.textContent).toContain(one<{ name: string }>('SELECT name FROM sellers WHERE id = ?', sellerId).name);
    expect(row.textContent).toMatch(/€/);
    expect(row.querySelector('a')?.getAttribute('href')).toBe(`/${products[0].slug}`);
  });

  it('approving puts the cart button on its page at the next request; a second click changes nothing', async () => {
    expect(await buyable(products[0].slug)).toBe(false);
    const done = await admin.form(`/admin/schvalovanie/produkty/${products[0].id}/schvalit`);
    expect(done.location).toBe('/admin/schvalovanie?ok=approved');
    expect(await buyable(products[0].slug)).toBe(true);
    const again = await second.form(`/admin/schvalovanie/produkty/${products[0].id}/schvalit`);
    expect(again.status).toBe(409);
    expect(again.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('Medzitým');
    const rows = auditRows(shop, 'approvals.product.approve');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ section: 'approvals', subject: String(products[0].id) });
    expect(JSON.parse(rows[0].after!)).toEqual({ visible: 2 });
    await shop.mailsSent();
    expect(shop.mail.find((m) => m.to === 'predajca@example.sk')?.subject).toContain('je schválený');
  });

  it('disabling needs a message, keeps it when refused, hides the product and tells the seller', async () => {
    const refused = await admin.form(`/admin/schvalovanie/produkty/${products[1].id}/vypnut`, { message: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.doc!.querySelector(`#f-message-${products[1].id}-error`)?.textContent).toBe('Napíšte predajcovi, prečo produkt vypínate');
    expect(refused.doc!.querySelector(`#f-message-${products[1].id}`)?.textContent).toBe('x');
    expect(auditRows(shop, 'approvals.product.disable')).toHaveLength(0);
    const done = await admin.form(`/admin/schvalovanie/produkty/${products[1].id}/vypnut`, { message: 'Fotka je rozmazaná, pošlite prosím ostrejšiu.' });
    expect(done.location).toBe('/admin/schvalovanie?ok=disabled');
    expect(await buyable(products[1].slug)).toBe(null);
    expect(one<{ visible: number }>('SELECT visible FROM products WHERE id = ?', products[1].id).visible).toBe(0);
    const message = one<{ kind: string; body: string }>('SELECT kind, body FROM seller_messages WHERE product_id = ?', products[1].id);
    expect(message).toEqual({ kind: 'product-disabled', body: 'Fotka je rozmazaná, pošlite prosím ostrejšiu.' });
    await shop.mailsSent();
    const mail = shop.mail.find((m) => m.to === 'predajca@example.sk' && m.subject.includes('vypli'))!;
    expect(mail.text).toContain('Fotka je rozmazaná');
    expect(auditRows(shop, 'approvals.product.disable')).toHaveLength(1);
    const page = await admin.get('/admin/schvalovanie');
    expect(page.doc!.querySelector('[data-field="waiting-count"]')?.textContent).toContain('1');
  });
});

describe('wholesale and seller sign-ups', () => {
  it('approves a wholesale request (role granted, mail) and refuses a seller one (consumer stays, mail with the reason)', async () => {
    for (const [email, type] of [['velko@example.sk', 'wholesale'], ['predaj@example.sk', 'seller']]) {
      const b = new Browser(shop);
      const r = await b.api('POST', '/api/security/signup', { username: email, password: STRONG, phone: '0905123456', type });
      expect(r.status).toBeLessThan(300);
    }
    const page = await admin.get('/admin/schvalovanie');
    expect(page.doc!.querySelector('[data-account="velko@example.sk"]')).not.toBeNull();
    const id = (email: string) => one<{ id: number }>('SELECT id FROM users WHERE email = ?', email).id;
    expect((await admin.form(`/admin/schvalovanie/konta/${id('velko@example.sk')}/schvalit`)).location).toBe('/admin/schvalovanie?ok=account');
    expect((await admin.form(`/admin/schvalovanie/konta/${id('predaj@example.sk')}/zamietnut`, { message: 'Chýba IČO.' })).location).toBe('/admin/schvalovanie?ok=account');
    const user = (email: string) => one<{ roles: string; status: string; requestedType: string }>('SELECT roles, status, requested_type AS requestedType FROM users WHERE email = ?', email);
    expect(user('velko@example.sk')).toMatchObject({ status: 'active' });
    expect(JSON.parse(user('velko@example.sk').roles)).toContain('ROLE_WHOLESALE');
    expect(user('predaj@example.sk')).toMatchObject({ status: 'active', requestedType: 'consumer' });
    expect(JSON.parse(user('predaj@example.sk').roles)).toEqual(['ROLE_CONSUMER']);
    // Decided already: the second member's click is refused.
    expect((await second.form(`/admin/schvalovanie/konta/${id('velko@example.sk')}/zamietnut`)).status).toBe(409);
    await shop.mailsSent();
    expect(shop.mail.find((m) => m.to === 'velko@example.sk')?.subject).toContain('schválené');
    expect(shop.mail.find((m) => m.to === 'predaj@example.sk')?.text).toContain('Chýba IČO.');
    expect(auditRows(shop).filter((r) => r.action.startsWith('approvals.account'))).toHaveLength(2);
  });

  it('activates a seller shop waiting for approval: its page opens in the shop', async () => {
    const waiting = one<{ id: number; slug: string }>('SELECT id, slug FROM sellers WHERE activated_at IS NULL LIMIT 1');
    expect((await get(shop, `/obchod/${waiting.slug}`)).status).toBe(404);
    expect((await admin.form(`/admin/schvalovanie/predajcovia/${waiting.id}/schvalit`)).location).toBe('/admin/schvalovanie?ok=seller');
    expect((await get(shop, `/obchod/${waiting.slug}`)).status).toBe(200);
    expect(auditRows(shop, 'approvals.seller.approve')).toHaveLength(1);
  });
});
