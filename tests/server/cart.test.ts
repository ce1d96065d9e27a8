import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartView } from '../../server/cart/cart.service';
import { cartSummary } from '../../server/cart/cart-summary.service';
import { importPacketaBranches } from '../../server/cart/pickup-import';
import { hashSessionId } from '../../server/http/session';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { createTestShop, type TestShop } from '../setup/test-app';
import { defaultsOf, parseHtml } from '../setup/html';
import { CZ, SK, shopperRequests, type Visitor } from '../setup/visitor';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 100 });
});
afterAll(() => shop.close());

const { visitor, headers, post, get, page, form } = shopperRequests(() => shop.app);

const sqlite = () => shop.db.$client;

/** Purchasable products with their prices in a shop, cheapest first, skipping the given ids. */
function products(shopId = 1, n = 3): { id: number; b2c: number; b2b: number }[] {
  return sqlite()
    .prepare(
      `SELECT p.id, pr.price_b2c AS b2c, pr.price_b2b AS b2b FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ?
        WHERE p.id IN (SELECT id FROM products WHERE ${SELLABLE_SQL}) ORDER BY p.id LIMIT ?`,
    )
    .all(shopId, n) as { id: number; b2c: number; b2b: number }[];
}

function setStock(id: number, quantity: number, cartLimit: number | null, manufactured = false) {
  sqlite().prepare('UPDATE products SET quantity = ?, cart_limit = ?, manufactured = ? WHERE id = ?').run(quantity, cartLimit, manufactured ? 1 : 0, id);
}

const lines = (v: Visitor) =>
  (sqlite()
    .prepare('SELECT i.product_id AS id, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.session_hash = ? ORDER BY i.rowid')
    .all(hashSessionId(v.sid)) as { id: number; quantity: number }[]);

describe('sessions and the header', () => {
  it('writes the session row only when the cart is first used, then the header count follows the cart', async () => {
    const v = await visitor();
    const hash = hashSessionId(v.sid);
    const rows = () => (sqlite().prepare('SELECT COUNT(*) AS n FROM sessions WHERE id_hash = ?').get(hash) as { n: number }).n;
    await get(v, '/api/cart');
    await page(v, '/nakupny-kosik');
    await page(v, '/nakupny-kosik/doprava');
    expect(rows()).toBe(0);
    const [p] = products();
    const added = await post(v, '/api/cart/add', { product_id: p.id, quantity: 2 });
    expect(added.response.status).toBe(200);
    expect(rows()).toBe(1);
    expect(added.body).toMatchObject({ count: 2, total: 2 * p.b2c });
    expect(added.body.totalFormatted).toMatch(/€/);
    const home = await page(v, '/');
    expect(home.doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('2');
    expect(defaultsOf(home.doc).cart).toMatchObject({ count: 2, total: 2 * p.b2c });
    expect(cartSummary(shop.db, hash, 1)).toEqual({ count: added.body.cart.count, total: added.body.cart.subtotal });
  });
});

describe('POST /api/cart/add', () => {
  it('adds, adds up and caps a line at 99', async () => {
    const v = await visitor();
    const [a, b] = products();
    await post(v, '/api/cart/add', { product_id: a.id, quantity: 60 });
    await post(v, '/api/cart/add', { product_id: b.id });
    const { body } = await post(v, '/api/cart/add', { product_id: a.id, quantity: 60 });
    expect(lines(v)).toEqual([
      { id: a.id, quantity: 99 },
      { id: b.id, quantity: 1 },
    ]);
    expect(body.cart.items.map((i: any) => [i.id, i.quantity])).toEqual([
      [a.id, 99],
      [b.id, 1],
    ]);
    expect(body.count).toBe(100);
  });

  it.each([
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 100 }, 'quantity'],
    [{ quantity: -1 }, 'quantity'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ quantity: '2.5' }, 'quantity'],
    [{ quantity: 'abc' }, 'quantity'],
    [{ quantity: '1e1' }, 'quantity'],
    [{ quantity: true }, 'quantity'],
    [{ quantity: null }, 'quantity'],
    [{ product_id: 'x' }, 'product_id'],
    [{ product_id: -3 }, 'product_id'],
    [{ product_id: undefined }, 'product_id'],
  ])('refuses %j with a problem for %s and writes nothing', async (patch, field) => {
    const v = await visitor();
    const [p] = products();
    const { response, body } = await post(v, '/api/cart/add', { product_id: p.id, quantity: 1, ...patch });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toBeTruthy();
    expect(lines(v)).toEqual([]);
    expect(sqlite().prepare('SELECT COUNT(*) AS n FROM sessions WHERE id_hash = ?').get(hashSessionId(v.sid))).toEqual({ n: 0 });
  });

  it('answers 404 for an unknown product and 400 for one that is not purchasable', async () => {
    const v = await visitor();
    const unknown = await post(v, '/api/cart/add', { product_id: 99_999_999, quantity: 1 });
    expect(unknown.response.status).toBe(404);
    const hidden = sqlite().prepare('SELECT id FROM products WHERE visible <> 2 LIMIT 1').get() as { id: number };
    const refused = await post(v, '/api/cart/add', { product_id: hidden.id, quantity: 1 });
    expect(refused.response.status).toBe(400);
    expect(refused.body.errors.product_id).toBe('Tento produkt nie je možné kúpiť');
    expect(lines(v)).toEqual([]);
  });

  it('refuses an unavailable product and a parent of variants, and a line whose product stopped being sold blocks the order', async () => {
    const v = await visitor();
    const [kept, later] = products(1, 2);
    const parent = sqlite().prepare('SELECT id FROM products WHERE visible = 2 AND children_count > 0 LIMIT 1').get() as { id: number };
    const setDays = (id: number, days: number) => sqlite().prepare('UPDATE products SET availability_days = ? WHERE id = ?').run(days, id);
    setDays(later.id, -1);
    try {
      for (const id of [later.id, parent.id]) {
        const refused = await post(v, '/api/cart/add', { product_id: id, quantity: 1 });
        expect(refused.response.status).toBe(400);
        expect(refused.body.errors.product_id).toBe('Tento produkt nie je možné kúpiť');
      }
      expect(lines(v)).toEqual([]);
      setDays(later.id, 0);
      await post(v, '/api/cart/add', { product_id: kept.id, quantity: 1 });
      await post(v, '/api/cart/add', { product_id: later.id, quantity: 1 });
      expect((await get(v, '/api/cart')).body.cart.problems).not.toContain('unavailable');
      setDays(later.id, -1);
      const { cart } = (await get(v, '/api/cart')).body;
      expect(cart.items.map((i: { id: number; purchasable: boolean }) => [i.id, i.purchasable])).toEqual([[kept.id, true], [later.id, false]]);
      expect(cart.problems).toContain('unavailable');
    } finally {
      setDays(later.id, 0);
    }
  });

  it('ignores prices, totals and discounts sent by the client', async () => {
    const v = await visitor();
    const [p] = products();
    const { body } = await post(v, '/api/cart/add', { product_id: p.id, quantity: 2, price: 1, price_active: 1, total: 1, subtotal: 1, discount: 99_999 });
    expect(body.cart.items[0].price_active).toBe(p.b2c);
    expect(body.cart.subtotal).toBe(2 * p.b2c);
    expect(body.total).toBe(2 * p.b2c);
  });

  it('accepts form-encoded bodies (the spec sends form data too) and needs the CSRF token', async () => {
    const v = await visitor();
    const [p] = products();
    const ok = await shop.app.request('/api/cart/add', {
      method: 'POST',
      body: new URLSearchParams({ product_id: String(p.id), quantity: '3' }),
      headers: headers(v, { 'content-type': 'application/x-www-form-urlencoded' }),
    });
    expect(ok.status).toBe(200);
    expect(lines(v)).toEqual([{ id: p.id, quantity: 3 }]);
    const refused = await shop.app.request('/api/cart/add', {
      method: 'POST',
      body: JSON.stringify({ product_id: p.id }),
      headers: { host: v.host, cookie: `sid=${v.sid}`, 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(403);
    const broken = await shop.app.request('/api/cart/add', { method: 'POST', body: '{"product_id":', headers: headers(v, { 'content-type': 'application/json' }) });
    expect(broken.status).toBe(400);
  });
});

describe('POST /api/cart/update', () => {
  it('sets a quantity, removes a line at 0 and refuses what is out of range', async () => {
    const v = await visitor();
    const [a, b] = products();
    await post(v, '/api/cart/add', { product_id: a.id });
    await post(v, '/api/cart/add', { product_id: b.id });
    expect((await post(v, '/api/cart/update', { product_id: a.id, quantity: 5 })).body.count).toBe(6);
    for (const quantity of [100, -1, 1.5, '1.5', 'x', '']) {
      const { response, body } = await post(v, '/api/cart/update', { product_id: a.id, quantity });
      expect(response.status, String(quantity)).toBe(400);
      expect(body.errors.quantity).toBe('Zadajte počet od 0 do 99');
    }
    expect(lines(v)).toEqual([
      { id: a.id, quantity: 5 },
      { id: b.id, quantity: 1 },
    ]);
    const removed = await post(v, '/api/cart/update', { product_id: a.id, quantity: 0 });
    expect(removed.body.cart.items.map((i: any) => i.id)).toEqual([b.id]);
    expect((await post(v, '/api/cart/update', { product_id: a.id, quantity: 2 })).response.status).toBe(404);
  });
});

describe('the cart view', () => {
  it('flags excess lines with the smaller of stock and cart limit, except products made to order', async () => {
    const v = await visitor();
    const [a, b, c] = products(1, 3);
    setStock(a.id, 3, null);
    setStock(b.id, 10, 2);
    setStock(c.id, 0, 1, true);
    for (const p of [a, b, c]) await post(v, '/api/cart/add', { product_id: p.id, quantity: 5 });
    const { body } = await get(v, '/api/cart');
    const byId = Object.fromEntries(body.cart.items.map((i: any) => [i.id, i]));
    expect(byId[a.id]).toMatchObject({ excess: true, available: 3, product_quantity: 3, product_cart_limit: null, manufactured: false });
    expect(byId[b.id]).toMatchObject({ excess: true, available: 2, product_quantity: 10, product_cart_limit: 2 });
    expect(byId[c.id]).toMatchObject({ excess: false, manufactured: true });
    expect(body.cart.problems).toContain('excess');
    const { doc } = await page(v, '/nakupny-kosik');
    expect(doc.querySelector(`#cart-item-${b.id} .cart-item__badge`)?.textContent).toBe('Dostupné 2 ks');
    expect(doc.querySelector(`#cart-item-${a.id} .cart-item__badge`)?.textContent).toBe('Dostupné 3 ks');
    expect(doc.querySelector(`#cart-item-${c.id} .cart-item__badge`)).toBeNull();
    setStock(a.id, 50, null);
    setStock(b.id, 50, null);
  });

  it('carries every field of the spec cart item, points and currency', async () => {
    const v = await visitor();
    const [p] = products();
    const { body } = await post(v, '/api/cart/add', { product_id: p.id, quantity: 3 });
    const item = body.cart.items[0];
    for (const key of ['id', 'quantity', 'price_active', 'name', 'product', 'image', 'manufactured', 'product_quantity', 'product_cart_limit']) {
      expect(item, key).toHaveProperty(key);
    }
    expect(item.product).toEqual({ id: p.id, image_medium: item.image });
    expect(item.line_total).toBe(3 * p.b2c);
    expect(item.points).toBe(Math.floor((3 * p.b2c) / 100));
    expect(body.cart.currency).toEqual({ code: 'EUR', symbol: '€', round: 5 });
  });

  it('prices wholesale buyers with B2B prices', async () => {
    const v = await visitor();
    const [a, b] = products();
    await post(v, '/api/cart/add', { product_id: a.id, quantity: 2 });
    await post(v, '/api/cart/add', { product_id: b.id, quantity: 1 });
    const shopCtx = { id: 1, country: 'sk', currency: 'EUR', currencySymbol: '€', rounding: 5 };
    const b2b = cartView(shop.db, { sessionHash: hashSessionId(v.sid), shop: shopCtx, wholesale: true });
    expect(b2b.items.map((i) => i.price_active)).toEqual([a.b2b, b.b2b]);
    expect(b2b.subtotal).toBe(2 * a.b2b + b.b2b);
    expect(cartSummary(shop.db, hashSessionId(v.sid), 1, true).total).toBe(b2b.subtotal);
    const b2c = cartView(shop.db, { sessionHash: hashSessionId(v.sid), shop: shopCtx, wholesale: false });
    expect(b2c.subtotal).toBe(2 * a.b2c + b.b2c);
  });
});

describe('shipping and payment', () => {
  /** A product whose price is below the free-shipping threshold. */
  function cheap(shopId: number, below: number) {
    return sqlite()
      .prepare(
        `SELECT p.id, pr.price_b2c AS b2c FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ?
          WHERE p.visible = 2 AND pr.price_b2c < ? ORDER BY pr.price_b2c DESC LIMIT 1`,
      )
      .get(shopId, below) as { id: number; b2c: number };
  }

  function consistent(cart: any, rounding: number) {
    expect(cart.total).toBe(cart.subtotal + cart.services + (cart.shipping_price ?? 0) + cart.payment_fee + cart.alignment);
    expect(cart.total % rounding).toBe(0);
    expect(Math.abs(cart.alignment)).toBeLessThanOrEqual(rounding / 2);
  }

  it('matches the shipping price by the subtotal range and makes it free above the threshold', async () => {
    const v = await visitor();
    const p = cheap(1, 4900);
    await post(v, '/api/cart/add', { product_id: p.id, quantity: 1 });
    await post(v, '/api/cart/delivery', { id: 10 });
    const { body } = await post(v, '/api/cart/payment', { id: 2 });
    expect(body.cart).toMatchObject({ shipping: 10, payment: 2, shipping_price: 249, payment_fee: 0 });
    consistent(body.cart, 5);
    const needed = Math.ceil(4900 / p.b2c);
    const free = await post(v, '/api/cart/update', { product_id: p.id, quantity: needed });
    expect(free.body.cart.subtotal).toBeGreaterThanOrEqual(4900);
    expect(free.body.cart.shipping_price).toBe(0);
    expect(free.body.cart.shipping_options.find((o: any) => o.id === 10)).toMatchObject({ price: 0, selected: true });
    consistent(free.body.cart, 5);
  });

  it('charges cash on delivery 1 € in the Slovak shop and 40 Kč in the Czech one; payment 30 is free', async () => {
    const sk = await visitor(SK);
    await post(sk, '/api/cart/add', { product_id: cheap(1, 4900).id });
    await post(sk, '/api/cart/delivery', { id: 1 });
    const cod = await post(sk, '/api/cart/payment', { id: 1 });
    expect(cod.body.cart).toMatchObject({ payment_fee: 100, shipping_price: 490 });
    consistent(cod.body.cart, 5);
    const bank = await post(sk, '/api/cart/payment', { id: 30 });
    expect(bank.body.cart.payment_fee).toBe(0);
    consistent(bank.body.cart, 5);

    const cz = await visitor(CZ);
    const czProduct = sqlite()
      .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 2 WHERE p.visible = 2 AND pr.price_b2b % 100 <> 0 LIMIT 1')
      .get() as { id: number } | undefined;
    await post(cz, '/api/cart/add', { product_id: (czProduct ?? cheap(2, 129000)).id });
    await post(cz, '/api/cart/delivery', { id: 10 });
    const czCod = await post(cz, '/api/cart/payment', { id: 1 });
    expect(czCod.body.cart.currency).toEqual({ code: 'CZK', symbol: 'Kč', round: 100 });
    expect(czCod.body.cart.payment_fee).toBe(4000);
    consistent(czCod.body.cart, 100);
    // The Czech buyer gets card payment (10), not the Slovak banks (30).
    expect(czCod.body.cart.payment_options.map((o: any) => o.id)).toContain(10);
    expect(czCod.body.cart.payment_options.map((o: any) => o.id)).not.toContain(30);
    expect((await post(cz, '/api/cart/payment', { id: 30 })).response.status).toBe(400);
    expect((await post(sk, '/api/cart/payment', { id: 10 })).response.status).toBe(400);
  });

  it('rounds B2B totals with a visible alignment (0.05 €)', async () => {
    const odd = sqlite()
      .prepare('SELECT p.id, pr.price_b2c AS b2c FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 AND p.availability_days >= 0 AND p.children_count = 0 AND pr.price_b2c % 5 <> 0 LIMIT 1')
      .get() as { id: number; b2c: number };
    const v = await visitor();
    const { body } = await post(v, '/api/cart/add', { product_id: odd.id, quantity: 1 });
    expect(body.cart.alignment).not.toBe(0);
    consistent(body.cart, 5);
    const { doc } = await page(v, '/nakupny-kosik');
    expect(doc.querySelector('[data-total="alignment"]')?.textContent).toMatch(/0,0\d/);
  });

  it('refuses combinations that do not exist and keeps the previous choice', async () => {
    const v = await visitor();
    await post(v, '/api/cart/add', { product_id: products()[0].id });
    await post(v, '/api/cart/delivery', { id: 8 });
    const cod = await post(v, '/api/cart/payment', { id: 1 });
    expect(cod.response.status).toBe(400);
    expect(cod.body.errors.id).toBe('Túto platbu nie je možné použiť so zvolenou dopravou');
    const payment = (await get(v, '/api/cart')).body.cart.payment_options;
    expect(payment.find((o: any) => o.id === 1).enabled).toBe(false);
    for (const [path, id] of [
      ['/api/cart/delivery', 99],
      ['/api/cart/payment', 77],
      ['/api/cart/delivery', 'x'],
    ] as const) {
      expect((await post(v, path, { id })).response.status, `${path} ${id}`).toBe(400);
    }
    const after = (await get(v, '/api/cart')).body.cart;
    expect(after).toMatchObject({ shipping: 8, payment: null });
    // Instalments go with the courier; choosing Packeta afterwards drops the payment it cannot take.
    await post(v, '/api/cart/delivery', { id: 1 });
    await post(v, '/api/cart/payment', { id: 20 });
    const moved = await post(v, '/api/cart/delivery', { id: 10 });
    expect(moved.body.cart).toMatchObject({ shipping: 10, payment: null });
  });

  it('sorts carriers by the chosen payment order', async () => {
    const v = await visitor();
    await post(v, '/api/cart/add', { product_id: products()[0].id });
    const { body } = await post(v, '/api/cart/payment', { id: 20 });
    const ids = body.cart.shipping_options.map((o: any) => o.id);
    expect(ids.slice(0, 2)).toEqual([1, 0]);
    expect(body.cart.shipping_options.slice(2).every((o: any) => !o.withPayment)).toBe(true);
  });

  it('saves a pickup point of the chosen carrier only, and clears it when the carrier changes', async () => {
    const v = await visitor();
    await post(v, '/api/cart/add', { product_id: products()[0].id });
    await post(v, '/api/cart/delivery', { id: 10 });
    const sps = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 14 AND country = 'sk' LIMIT 1").get() as { id: number };
    const packeta = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 10 AND country = 'sk' LIMIT 1").get() as { id: number };
    const czPoint = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 10 AND country = 'cz' LIMIT 1").get() as { id: number };
    const foreign = await post(v, '/api/cart/pickup', { pickup_point_id: sps.id, company_id: 10 });
    expect(foreign.response.status).toBe(400);
    expect(foreign.body.errors.pickup_point_id).toBe('Výdajné miesto patrí inému prepravcovi');
    expect((await post(v, '/api/cart/pickup', { pickup_point_id: czPoint.id, company_id: 10 })).response.status).toBe(400);
    expect((await post(v, '/api/cart/pickup', { pickup_point_id: 9_999_999, company_id: 10 })).response.status).toBe(400);
    expect((await get(v, '/api/cart')).body.cart.problems).toContain('pickup');
    const ok = await post(v, '/api/cart/pickup', { pickup_point_id: packeta.id, company_id: 10 });
    expect(ok.body.cart.pickup_point).toMatchObject({ id: packeta.id, company_id: 10 });
    expect(ok.body.cart.pickup_point.address).toMatch(/\d{3} \d{2}/);
    const changed = await post(v, '/api/cart/delivery', { id: 14 });
    expect(changed.body.cart.pickup_point).toBeNull();
    const search = await get(v, '/api/cart/pickup-points?company_id=14&q=Ko%C5%A1ice');
    expect(search.body.items.length).toBeGreaterThan(0);
    expect(search.body.items.every((p: any) => p.city === 'Košice' && p.company_id === 14)).toBe(true);
    expect((await get(v, '/api/cart/pickup-points?company_id=1')).response.status).toBe(400);
  });

  it('reports the checkout status with the countries the role may pick', async () => {
    const v = await visitor();
    const empty = await get(v, '/api/cart/status/0');
    expect(empty.body).toMatchObject({ wholesale: false, countries: ['sk'], valid: false, problems: expect.arrayContaining(['empty']) });
    await post(v, '/api/cart/add', { product_id: products()[0].id });
    await post(v, '/api/cart/delivery', { id: 1 });
    await post(v, '/api/cart/payment', { id: 2 });
    const ready = await get(v, '/api/cart/status/1');
    // The flag is only what the page believes; without the role it changes nothing.
    expect(ready.body).toMatchObject({ wholesale: false, countries: ['sk'], valid: true, problems: [] });
    expect((await get(v, '/api/cart/status/maybe')).response.status).toBe(400);
  });
});

describe('the cart pages without JavaScript', () => {
  it('shows an empty cart with the way back', async () => {
    const v = await visitor();
    const { response, doc } = await page(v, '/nakupny-kosik');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(doc.querySelector('.cart-empty__text')?.textContent).toBe('Váš košík je prázdny');
    expect(doc.querySelector('.cart-progress [aria-current="step"]')?.textContent).toContain('Košík');
    expect(doc.querySelectorAll('.cart-progress__step')).toHaveLength(4);
    expect(doc.querySelector('shop-checkout-wizard')?.getAttribute('step')).toBe('cart');
    // Step 3 (server/orders) sends an empty cart back to step 1.
    const step3 = await shop.app.request('/nakupny-kosik/objednavka', { headers: { host: v.host, cookie: `sid=${v.sid}` } });
    expect([step3.status, step3.headers.get('location')]).toEqual([303, '/nakupny-kosik']);
    const step2 = await shop.app.request('/nakupny-kosik/doprava', { headers: { host: v.host, cookie: `sid=${v.sid}` } });
    expect(step2.status).toBe(303);
  });

  it('adds through the plain form, remembers where from, updates and removes lines', async () => {
    const v = await visitor();
    const [a, b] = products();
    const added = await form(v, '/nakupny-kosik/pridat', { product_id: String(a.id), quantity: '2', return_to: '/kuchyna?strana=2' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/nakupny-kosik');
    await form(v, '/nakupny-kosik/pridat', { product_id: String(b.id) }, { referer: `http://${SK}/some-product` });
    let { doc } = await page(v, '/nakupny-kosik');
    expect(doc.querySelectorAll('.cart-item')).toHaveLength(2);
    expect(doc.querySelector('.checkout__nav a.button--ghost')?.getAttribute('href')).toBe('/some-product');
    const labels = [...doc.querySelectorAll('.cart-totals dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Medzisúčet s DPH', 'Doprava s DPH', 'Centové dorovnanie', 'Celkom k úhrade']));
    const quantity = doc.querySelector(`#cart-quantity-${a.id}`)!;
    expect(quantity.getAttribute('min')).toBe('0');
    expect(quantity.getAttribute('max')).toBe('99');
    expect(quantity.getAttribute('value')).toBe('2');
    const row = doc.querySelector(`#cart-item-${a.id} form`)!;
    expect(row.getAttribute('action')).toBe('/nakupny-kosik/upravit');
    expect(row.querySelector('input[name="_csrf"]')).not.toBeNull();

    const updated = await form(v, '/nakupny-kosik/upravit', { product_id: String(a.id), quantity: '7', action: 'update' });
    expect(updated.status).toBe(303);
    ({ doc } = await page(v, '/nakupny-kosik'));
    expect(doc.querySelector(`#cart-quantity-${a.id}`)?.getAttribute('value')).toBe('7');
    expect(doc.querySelector('shop-cart-button')?.getAttribute('count')).toBe('8');

    const bad = await form(v, '/nakupny-kosik/upravit', { product_id: String(a.id), quantity: 'abc', action: 'update' });
    expect(bad.status).toBe(400);
    const badDoc = parseHtml(await bad.text());
    expect(badDoc.querySelector(`#cart-error-${a.id}`)?.textContent).toBe('Zadajte počet od 0 do 99');
    expect(badDoc.querySelector(`#cart-quantity-${a.id}`)?.getAttribute('aria-invalid')).toBe('true');

    await form(v, '/nakupny-kosik/upravit', { product_id: String(a.id), quantity: '0', action: 'update' });
    await form(v, '/nakupny-kosik/upravit', { product_id: String(b.id), quantity: '3', action: 'remove' });
    ({ doc } = await page(v, '/nakupny-kosik'));
    expect(doc.querySelector('.cart-empty')).not.toBeNull();
    expect(doc.querySelector('.cart-empty a')?.getAttribute('href')).toBe('/some-product');
  });

  it("confirms a card's token-free GET form with a POST that carries the session token", async () => {
    const v = await visitor();
    const [p] = products();
    const { response, doc } = await page(v, `/nakupny-kosik/pridat?product_id=${p.id}&quantity=4&return_to=%2Fkuchyna`);
    expect(response.status).toBe(200);
    expect(lines(v)).toEqual([]);
    const confirm = doc.querySelector('form.cart-add__form')!;
    expect(confirm.getAttribute('method')).toBe('post');
    const fields = Object.fromEntries([...confirm.querySelectorAll('input')].map((i) => [i.getAttribute('name'), i.getAttribute('value')]));
    expect(fields).toMatchObject({ _csrf: v.csrf, product_id: String(p.id), quantity: '4', return_to: '/kuchyna' });
    const posted = await form(v, '/nakupny-kosik/pridat', { product_id: String(p.id), quantity: '4', return_to: '/kuchyna' });
    expect(posted.status).toBe(303);
    expect(lines(v)).toEqual([{ id: p.id, quantity: 4 }]);
    const bad = await page(v, `/nakupny-kosik/pridat?product_id=${p.id}&quantity=100`);
    expect(bad.response.status).toBe(400);
    expect(bad.doc.querySelector('.checkout__notice')?.textContent).toBe('Zadajte počet od 1 do 99');
  });

  it("returns a card's form (no return_to of its own) to the list it was sent from, read from a same-origin Referer", async () => {
    const v = await visitor();
    const [p] = products();
    const returnTo = async (referer?: string) => {
      const { doc } = await page(v, `/nakupny-kosik/pridat?product_id=${p.id}&quantity=1`, referer ? { referer } : {});
      return doc.querySelector('form.cart-add__form input[name="return_to"]')?.getAttribute('value') ?? '';
    };
    expect(await returnTo(`http://${v.host}/hladaj/2?q=hrniec`)).toBe('/hladaj/2?q=hrniec');
    expect(await returnTo('https://evil.example/hladaj?q=hrniec')).toBe('');
    expect(await returnTo(`http://${v.host}/nakupny-kosik`)).toBe('');
    expect(await returnTo()).toBe('');
    expect(lines(v)).toEqual([]);
  });

  it('shows the add problem on the cart page when a product cannot be bought', async () => {
    const v = await visitor();
    const hidden = sqlite().prepare('SELECT id FROM products WHERE visible <> 2 LIMIT 1').get() as { id: number };
    const response = await form(v, '/nakupny-kosik/pridat', { product_id: String(hidden.id), quantity: '1' });
    expect(response.status).toBe(400);
    expect(parseHtml(await response.text()).querySelector('.checkout__notice')?.textContent).toBe('Tento produkt nie je možné kúpiť');
  });

  it('saves shipping, payment and a searched pickup point with "Uložiť"', async () => {
    const v = await visitor();
    await form(v, '/nakupny-kosik/pridat', { product_id: String(products()[0].id) });
    let { doc, response } = await page(v, '/nakupny-kosik/doprava');
    expect(response.status).toBe(200);
    expect(doc.querySelector('.cart-progress [aria-current="step"]')?.textContent).toContain('Doprava a platba');
    expect(doc.querySelectorAll('input[name="shipping"]').length).toBe(6);
    expect([...doc.querySelectorAll('input[name="payment"]')].map((i) => i.getAttribute('value'))).not.toContain('10');
    expect(doc.querySelector('select[name="pickup_point_id"]')).toBeNull();

    const saved = await form(v, '/nakupny-kosik/doprava', { shipping: '10', payment: '1' });
    expect(saved.status).toBe(303);
    ({ doc } = await page(v, '/nakupny-kosik/doprava?q=Nitra'));
    expect(doc.querySelector('input[name="shipping"][value="10"]')?.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('input[name="payment"][value="1"]')?.hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('[data-total="fee"]')?.textContent).toMatch(/1,00/);
    const options = [...doc.querySelectorAll('select[name="pickup_point_id"] option')].slice(1);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.textContent!.startsWith('Nitra'))).toBe(true);
    const pointId = options[0].getAttribute('value')!;
    await form(v, '/nakupny-kosik/doprava', { shipping: '10', payment: '1', pickup_point_id: pointId });
    ({ doc } = await page(v, '/nakupny-kosik/doprava'));
    expect(doc.querySelector('.pickup__chosen')?.textContent).toContain('Nitra');

    const refused = await form(v, '/nakupny-kosik/doprava', { shipping: '8', payment: '1' });
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).querySelector('.checkout__notice')?.textContent).toBe('Túto platbu nie je možné použiť so zvolenou dopravou');
    ({ doc } = await page(v, '/nakupny-kosik/doprava'));
    expect(doc.querySelector('input[name="shipping"][value="10"]')?.hasAttribute('checked')).toBe(true);
  });
});

describe('Packeta branch import', () => {
  it('upserts branches from the published JSON feed and deactivates the missing ones', () => {
    const feed = JSON.parse(readFileSync('tests/fixtures/packeta-branches.json', 'utf8'));
    const before = (sqlite().prepare("SELECT COUNT(*) AS n FROM pickup_points WHERE company_id = 10 AND active = 1").get() as { n: number }).n;
    const result = importPacketaBranches(shop.db, feed, { full: true });
    expect(result).toEqual({ imported: 3, skipped: 2, deactivated: before });
    const rows = sqlite()
      .prepare("SELECT external_id, name, location, street, zip, city, country, active FROM pickup_points WHERE company_id = 10 AND active = 1 OR external_id = '2001' ORDER BY external_id")
      .all();
    expect(rows).toEqual([
      { external_id: '1001', name: 'Papiernictvo Pero', location: 'Bratislava, Obchodná 12', street: 'Obchodná 12', zip: '811 06', city: 'Bratislava', country: 'sk', active: 1 },
      { external_id: '1002', name: 'Z-BOX Košice, Hlavná 1', location: '', street: 'Hlavná 1', zip: '040 01', city: 'Košice', country: 'sk', active: 1 },
      { external_id: '2001', name: 'Trafika U Muzea', location: 'Praha 1, Národní 25', street: 'Národní 25', zip: '110 00', city: 'Praha', country: 'cz', active: 0 },
    ]);
    // A second run changes nothing.
    expect(importPacketaBranches(shop.db, feed, { full: true })).toEqual({ imported: 3, skipped: 2, deactivated: 0 });
    expect(() => importPacketaBranches(shop.db, 'nonsense')).toThrow(/Packeta feed/);
  });
});
