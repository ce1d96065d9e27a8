import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../server/db/client';
import { hashSessionId } from '../../server/http/session';
import { roundCash } from '../../server/cart/pricing';
import { applyVoucherInTransaction } from '../../server/vouchers/vouchers.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 30 });
});
afterAll(() => shop.close());

const sqlite = () => shop.db.$client;
const DAY = 86_400_000;

/** A purchasable product of the Slovak shop priced at least `min` cents, plenty in stock. */
function product(min = 2500): { id: number; price: number } {
  return sqlite()
    .prepare(
      `SELECT p.id, pr.price_b2c AS price FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1
        WHERE p.visible = 2 AND (p.quantity >= 20 OR p.manufactured = 1) AND pr.price_b2c >= ? ORDER BY pr.price_b2c LIMIT 1`,
    )
    .get(min) as { id: number; price: number };
}

function voucher(code: string, fields: Partial<{ type: number; value: number; amount_from: number; valid_from: number; date_to: number; single_use: number; user_id: number; activated_at: number; gift_item: string; used_by_order: number }> = {}) {
  const row = { type: 1, value: 100, amount_from: 0, single_use: 0, ...fields };
  const cols = Object.keys(row);
  const r = sqlite()
    .prepare(`INSERT INTO vouchers (code, ${cols.join(', ')}, created_at) VALUES (?, ${cols.map(() => '?').join(', ')}, ?)`)
    .run(code, ...Object.values(row), shop.clock.now().getTime());
  return Number(r.lastInsertRowid);
}

async function withCart(b: Browser, productId: number, quantity = 1) {
  const added = await b.api('POST', '/api/cart/add', { product_id: productId, quantity }, { json: true });
  expect(added.status).toBe(200);
  return added.json.cart;
}

const apply = (b: Browser, code: string) => b.api('POST', '/api/cart/voucher', { code }, { json: true });

let users = 0;
async function signedIn() {
  users += 1;
  const b = new Browser(shop);
  const email = `kupon${users}@example.sk`;
  await b.signUpAndIn(email);
  const { id } = sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return { b, userId: id };
}

describe('vouchers in the cart', () => {
  it('VITAJ10 takes 10 % from 20 € and the cash rounding still applies', async () => {
    const b = new Browser(shop);
    const p = product(2000);
    await withCart(b, p.id);
    const r = await apply(b, 'vitaj10');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ message: 'Kupón bol uplatnený', code: 'VITAJ10', type: 2, value: 10 });
    const discount = Math.floor(p.price / 10);
    expect(r.json.cart.discount).toBe(discount);
    expect(r.json.cart.total).toBe(roundCash(p.price - discount, 5));
    expect(r.json.cart.alignment).toBe(r.json.cart.total - (p.price - discount));
    const page = await b.get('/nakupny-kosik');
    expect(page.doc!.querySelector('[data-total="discount"]')).not.toBeNull();
    expect(page.doc!.querySelector('.cart-voucher__info')!.textContent).toContain('VITAJ10');
  });

  it('refuses a code below the minimum order and an unknown code, changing nothing', async () => {
    const b = new Browser(shop);
    const cheap = sqlite().prepare(`SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 AND pr.price_b2c < 2000 AND (p.quantity >= 1 OR p.manufactured = 1) LIMIT 1`).get() as { id: number } | undefined;
    voucher('MIN50', { type: 1, value: 500, amount_from: 100_000 });
    await withCart(b, cheap?.id ?? product().id);
    const low = await apply(b, 'MIN50');
    expect(low.status).toBe(400);
    expect(low.response.headers.get('content-type')).toContain('application/problem+json');
    expect(low.json.detail).toContain('Kupón platí pre objednávky od');
    expect((await apply(b, 'NEEXISTUJE')).status).toBe(404);
    expect((await b.api('GET', '/api/cart')).json.cart.voucher).toBeNull();
  });

  it('applies fixed, free-shipping and gift vouchers', async () => {
    const b = new Browser(shop);
    const p = product(5000);
    await withCart(b, p.id, 2);
    voucher('FIX3', { type: 1, value: 300 });
    expect((await apply(b, 'FIX3')).json.cart.discount).toBe(300);
    await b.api('POST', '/api/cart/delivery', { id: 1 }, { json: true });
    await b.api('POST', '/api/cart/payment', { id: 2 }, { json: true });
    voucher('FREESHIP', { type: 3 });
    const free = (await apply(b, 'FREESHIP')).json.cart;
    expect(free.shipping_price).not.toBeNull();
    expect(free.discount).toBe(free.shipping_price);
    expect(free.total).toBe(roundCash(free.subtotal + free.payment_fee, 5));
    voucher('GIFT1', { type: 5, gift_item: 'Semienka' });
    const gift = (await apply(b, 'GIFT1')).json.cart;
    expect(gift.discount).toBe(0);
    expect(gift.voucher).toMatchObject({ code: 'GIFT1', gift_item: 'Semienka', valid: true });
    expect((await apply(b, '')).json.cart.voucher).toBeNull();
  });

  it('checks validity dates and single use', async () => {
    const b = new Browser(shop);
    await withCart(b, product().id);
    const now = shop.clock.now().getTime();
    voucher('FUTURE', { valid_from: now + DAY });
    voucher('PAST', { date_to: now - DAY });
    voucher('USED', { single_use: 1, used_by_order: 1 });
    expect((await apply(b, 'FUTURE')).json.detail).toBe('Kupón ešte nie je platný');
    expect((await apply(b, 'PAST')).json.detail).toBe('Platnosť kupónu vypršala');
    const used = await apply(b, 'USED');
    expect(used.status).toBe(409);
    expect(used.json.detail).toBe('Kupón už bol použitý');
    // A voucher that expires after it was applied stops counting in the cart view.
    voucher('SOON', { date_to: now + DAY });
    expect((await apply(b, 'SOON')).json.cart.discount).toBe(100);
    shop.clock.set(new Date(now + 2 * DAY));
    try {
      const cart = (await b.api('GET', '/api/cart')).json.cart;
      expect(cart.discount).toBe(0);
      expect(cart.voucher).toMatchObject({ valid: false, message: 'Platnosť kupónu vypršala' });
    } finally {
      shop.clock.set(new Date(now));
    }
  });

  it('marks a single-use voucher used exactly once across 20 concurrent sessions', async () => {
    const id = voucher('ONCE20', { single_use: 1, value: 200 });
    const p = product();
    const carts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const b = new Browser(shop);
      await withCart(b, p.id);
      expect((await apply(b, 'ONCE20')).status).toBe(200);
      carts.push((sqlite().prepare('SELECT id FROM carts WHERE session_hash = ?').get(hashSessionId(b.sid!)) as { id: number }).id);
    }
    // Each submit runs on its own connection, as separate server processes would.
    const connections = carts.map(() => openDb(shop.config.dbFile));
    try {
      const outcomes = await Promise.all(
        carts.map(async (cartId, i) => {
          const db = connections[i];
          try {
            db.$client.transaction(() => applyVoucherInTransaction(db, { cartId, orderId: 1000 + i, userId: null, now: shop.clock.now(), subtotal: p.price })).immediate();
            return 'ok';
          } catch (error) {
            return (error as { status?: number }).status === 409 ? 'used' : String(error);
          }
        }),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'used')).toHaveLength(19);
    } finally {
      for (const c of connections) c.$client.close();
    }
    const row = sqlite().prepare('SELECT used_by_order FROM vouchers WHERE id = ?').get(id) as { used_by_order: number };
    expect(row.used_by_order).toBeGreaterThanOrEqual(1000);
  });
});

describe('vouchers of an account', () => {
  it('buys a voucher with points, activates it, uses it; another user gets 404', async () => {
    const { b, userId } = await signedIn();
    sqlite().prepare(`INSERT INTO point_entries (user_id, value, item_type, item_id, created_at) VALUES (?, 500, 'manual', 0, ?)`).run(userId, shop.clock.now().getTime());
    const item = (sqlite().prepare(`SELECT id FROM point_items WHERE kind = 'voucher' AND voucher_type = 1`).get() as { id: number }).id;
    const bought = await b.api('POST', `/api/consumer/voucher/buy/${item}`);
    expect(bought.status).toBe(201);
    expect(bought.json.message).toBe('Získal si kupón');
    expect(bought.json.voucher.code).toBeNull();
    const id = bought.json.voucher.id;
    const code = (sqlite().prepare('SELECT code FROM vouchers WHERE id = ?').get(id) as { code: string }).code;

    await withCart(b, product(4000).id);
    expect((await apply(b, code)).json.detail).toBe('Kupón najprv aktivujte v sekcii Kupóny');

    const other = await signedIn();
    expect((await other.b.api('GET', `/api/consumer/voucher/${id}`)).status).toBe(404);
    expect((await other.b.api('POST', `/api/consumer/voucher/${id}/activate`)).status).toBe(404);

    const activated = await b.api('POST', `/api/consumer/voucher/${id}/activate`);
    expect(activated.json).toMatchObject({ message: 'Aktivoval si kupón', voucher: { id, code, activated: true } });
    expect(activated.json.voucher.date_to).toBe(shop.clock.now().getTime() + 30 * DAY);
    expect((await b.api('GET', '/api/consumer/voucher')).json.active.map((v: { id: number }) => v.id)).toEqual([id]);

    await withCart(other.b, product(4000).id);
    expect((await apply(other.b, code)).status).toBe(404);
    expect((await apply(b, code)).json.cart.discount).toBe(500);

    const page = await b.get('/moje/kupony');
    expect(page.doc!.getElementById(`voucher:${id}`)!.querySelector('shop-copy-button')!.getAttribute('value')).toBe(code);
  });

  it('says "Nedostatok bodov" when points are short, and buys through the no-JS confirmation', async () => {
    const { b, userId } = await signedIn();
    const item = (sqlite().prepare(`SELECT id, price FROM point_items WHERE kind = 'voucher' AND price > 50 ORDER BY price DESC`).get() as { id: number }).id;
    const short = await b.api('POST', `/api/consumer/voucher/buy/${item}`);
    expect(short.status).toBe(409);
    expect(short.json.detail).toBe('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov');
    const confirm = await b.get(`/moje/kupony/kupit/${item}`);
    expect(confirm.status).toBe(200);
    const refused = await b.form(`/moje/kupony/kupit/${item}`, {});
    expect(refused.location).toBe('/moje/kupony?vysledok=nedostatok');
    expect((await b.get(refused.location!)).text).toContain('Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov');

    sqlite().prepare(`INSERT INTO point_entries (user_id, value, item_type, item_id, created_at) VALUES (?, 500, 'manual', 0, ?)`).run(userId, shop.clock.now().getTime());
    const ok = await b.form(`/moje/kupony/kupit/${item}`, {});
    expect(ok.location).toMatch(/^\/moje\/kupony\?vysledok=kupeny#voucher:\d+$/);
    const id = ok.location!.split(':').pop()!;
    expect((await b.get('/moje/kupony?vysledok=kupeny')).text).toContain('Získal si kupón');
    const act = await b.form(`/moje/kupony/aktivovat/${id}`, {});
    expect(act.location).toBe(`/moje/kupony?vysledok=aktivovany#voucher:${id}`);
    expect((await b.get('/moje/kupony?vysledok=aktivovany')).text).toContain('Aktivoval si kupón');
  });

  it('keeps anonymous visitors out of the voucher API and pages', async () => {
    const b = new Browser(shop);
    expect((await b.api('GET', '/api/consumer/voucher')).status).toBe(401);
    expect((await b.get('/moje/kupony')).status).toBe(303);
  });
});

describe('cart voucher without JavaScript', () => {
  it('applies through the form and shows an error for a bad code', async () => {
    const b = new Browser(shop);
    await withCart(b, product(2000).id);
    const bad = await b.form('/nakupny-kosik/kupon', { code: 'NIC' });
    expect(bad.location).toBe('/nakupny-kosik?kupon=neexistuje');
    expect((await b.get(bad.location!)).doc!.querySelector('.cart-voucher__error')!.textContent).toBe('Kupón neexistuje');
    const good = await b.form('/nakupny-kosik/kupon', { code: 'VITAJ10' });
    expect(good.location).toBe('/nakupny-kosik');
    expect((await b.get('/nakupny-kosik')).doc!.querySelector('[data-total="discount"]')).not.toBeNull();
  });
});
