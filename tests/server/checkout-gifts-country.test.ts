import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER } from '../setup/customer';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, SK, shopperRequests } from '../setup/visitor';
import { Browser } from './accounts.client';
import { runAccountsCli } from '../../server/accounts/cli';
import { roundCash, vatBreakdown, vatOf, vatSum } from '../../server/cart/pricing';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
let wholesale: Browser;
let consumer: Browser;
beforeAll(async () => {
  shop = createTestShop({ products: 40 });
  consumer = new Browser(shop);
  await consumer.signUpAndIn('spotrebitel@example.sk');
  wholesale = new Browser(shop);
  await wholesale.api('POST', '/api/security/signup', { username: 'velkoobchod@example.sk', password: 'Modrý kvetináč na balkóne 42', phone: '0905123456', type: 'wholesale' });
  runAccountsCli(shop.db, ['approve', '--email', 'velkoobchod@example.sk', '--role', 'wholesale'], () => {});
  const signedIn = await wholesale.form('/moje/prihlasenie', { username: 'velkoobchod@example.sk', password: 'Modrý kvetináč na balkóne 42' });
  expect(signedIn.status).toBe(303);
  await wholesale.get('/moje/konto');
});
afterAll(() => shop.close());

const { visitor, post, get, page, form } = shopperRequests(() => shop.app);
const sqlite = () => shop.db.$client;


interface GiftRow {
  id: number;
  value: string;
  image: string | null;
  amount_min: number;
}
const giftsOf = (shopId: number) => sqlite().prepare('SELECT id, value, image, amount_min FROM gifts WHERE shop_id = ? AND active = 1 ORDER BY amount_min').all(shopId) as GiftRow[];

/** A visible product of the shop, with stock, whose B2C price the test sets (B2B = 80 % of it). */
function pricedProduct(shopId: number, price: number, offset = 0): number {
  const { id } = sqlite()
    .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ? WHERE p.visible = 2 ORDER BY p.id LIMIT 1 OFFSET ?')
    .get(shopId, offset) as { id: number };
  sqlite().prepare('UPDATE products SET quantity = 500, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(id);
  sqlite().prepare('UPDATE product_prices SET price_b2c = ?, price_b2b = ? WHERE product_id = ? AND shop_id = ?').run(price, Math.round(price * 0.8), id, shopId);
  return id;
}

function priceRow(productId: number, shopId: number) {
  return sqlite().prepare('SELECT price_b2c AS b2c, price_b2b AS b2b, vat_rate AS vatRate FROM product_prices WHERE product_id = ? AND shop_id = ?').get(productId, shopId) as {
    b2c: number;
    b2b: number;
    vatRate: number;
  };
}

/** The seeded price rule for a carrier and payment at a subtotal, in one delivery country. */
function shippingRule(shopId: number, country: string, company: number, payment: number, amount: number): number | undefined {
  const row = sqlite()
    .prepare(
      `SELECT price FROM shipping_options WHERE shop_id = ? AND country = ? AND company_id = ? AND payment_id = ?
        AND amount_min <= ? AND (amount_max IS NULL OR amount_max >= ?) ORDER BY sort, price LIMIT 1`,
    )
    .get(shopId, country, company, payment, amount, amount) as { price: number } | undefined;
  return row?.price;
}

describe('gifts and gift motivation', () => {
  it('seeds gifts for both shops in their own currency, with drawn pictures', async () => {
    const sk = giftsOf(1);
    const cz = giftsOf(2);
    expect(sk.length).toBeGreaterThanOrEqual(2);
    expect(cz.length).toBeGreaterThanOrEqual(2);
    // Czech thresholds are crowns (haléře), far above the euro-cent ones.
    expect(cz[0].amount_min).toBeGreaterThan(sk[0].amount_min * 10);
    const picture = await shop.app.request(sk[0].image!, { headers: { host: SK } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers reached gifts and motivations at subtotals around each threshold', async () => {
    const gifts = giftsOf(1);
    const [first, second] = gifts;
    const amounts = [first.amount_min - 1, first.amount_min, first.amount_min + 1, second.amount_min - 1, second.amount_min, gifts[gifts.length - 1].amount_min + 500];
    for (const [i, amount] of amounts.entries()) {
      const v = await visitor(SK);
      const id = pricedProduct(1, amount, i);
      expect((await post(v, '/api/cart/add', { product_id: id, quantity: 1 })).body.cart.subtotal).toBe(amount);
      const reached = (await get(v, '/api/cart/gifts')).body.items;
      const motivations = (await get(v, '/api/cart/gift-motivations')).body.items;
      // Only the gift the order will record: the best one reached (the cart never promises more).
      expect(reached.map((g: GiftRow) => g.value), `reached at ${amount}`).toEqual(gifts.filter((g) => g.amount_min <= amount).slice(-1).map((g) => g.value));
      expect(motivations, `motivations at ${amount}`).toEqual(
        gifts
          .filter((g) => g.amount_min > amount)
          .map((g) => ({ amount_min: g.amount_min, item: { image: g.image, value: g.value }, progress: Math.floor((100 * amount) / g.amount_min) })),
      );
      // The cart view carries the same lists.
      const view = (await get(v, '/api/cart')).body.cart;
      expect(view.gift_motivations).toEqual(motivations);
      expect(view.gifts).toEqual(reached);
    }
  });

  it('shows every gift as motivation with progress 0 for an empty cart, and counts in crowns in the Czech shop', async () => {
    const empty = await visitor(SK);
    const motivations = (await get(empty, '/api/cart/gift-motivations')).body.items;
    expect(motivations.map((m: { progress: number }) => m.progress)).toEqual(giftsOf(1).map(() => 0));
    expect((await get(empty, '/api/cart/gifts')).body.items).toEqual([]);

    const cz = giftsOf(2);
    const v = await visitor(CZ);
    const amount = cz[0].amount_min + 10_000;
    const id = pricedProduct(2, amount, 10);
    await post(v, '/api/cart/add', { product_id: id, quantity: 1 });
    const czMotivations = (await get(v, '/api/cart/gift-motivations')).body.items;
    expect(czMotivations[0]).toEqual({ amount_min: cz[1].amount_min, item: { image: cz[1].image, value: cz[1].value }, progress: Math.floor((100 * amount) / cz[1].amount_min) });
    expect((await get(v, '/api/cart/gifts')).body.items.map((g: GiftRow) => g.value)).toEqual([cz[0].value]);
  });

  it('renders the motivation on step 1 with a progress bar and the missing amount', async () => {
    const [first] = giftsOf(1);
    const v = await visitor(SK);
    const id = pricedProduct(1, first.amount_min - 1000, 11);
    await post(v, '/api/cart/add', { product_id: id, quantity: 1 });
    const { doc } = await page(v, '/nakupny-kosik');
    const box = doc.querySelector(`.cart-gift[data-motivation="${first.amount_min}"]`)!;
    expect(box.textContent).toContain(first.value);
    expect(box.textContent).toContain('10,00');
    expect(box.querySelector('progress')!.getAttribute('value')).toBe(String(Math.floor((100 * (first.amount_min - 1000)) / first.amount_min)));
  });

  it('stores the best reached gift and a gift voucher\'s item with the order, and shows them on tracking and in the mail', async () => {
    const gifts = giftsOf(1);
    const v = await visitor(SK);
    const id = pricedProduct(1, gifts[1].amount_min, 12);
    await post(v, '/api/cart/add', { product_id: id, quantity: 1 });
    expect((await post(v, '/api/cart/voucher', { code: 'DARCEK' })).response.status).toBe(200);
    await post(v, '/api/cart/delivery', { id: 1 });
    await post(v, '/api/cart/payment', { id: 2 });
    const mails = shop.mail.length;
    const submitted = await post(v, '/api/cart/submit', CUSTOMER);
    expect(submitted.response.status).toBe(200);
    const hash = submitted.body.data.hash as string;
    const order = sqlite().prepare('SELECT gift FROM orders WHERE hash = ?').get(hash) as { gift: string };
    expect(order.gift).toBe(`${gifts[1].value}, Semienka bylín`);
    const tracking = await page(v, `/sledovanie-zasielky/${hash}`);
    expect(tracking.doc.querySelector('[data-field="gift"]')!.textContent).toBe(order.gift);
    // Issue 22: the order's page carries GA4's purchase (counted once per transaction_id).
    const purchase = JSON.parse(tracking.doc.querySelector('script#shop-analytics')!.textContent!);
    const placed = sqlite().prepare('SELECT document_number, total FROM orders WHERE hash = ?').get(hash) as { document_number: string; total: number };
    expect(purchase.event).toBe('purchase');
    expect(purchase.ecommerce).toMatchObject({ currency: 'EUR', transaction_id: placed.document_number, value: placed.total / 100, coupon: 'DARCEK' });
    expect(purchase.ecommerce.items).toContainEqual(expect.objectContaining({ item_id: String(id), quantity: 1 }));
    await shop.mailsSent();
    const confirmation = shop.mail.slice(mails).find((m) => m.to === CUSTOMER.email)!;
    expect(confirmation.text).toContain(`Darček: ${order.gift}`);
    expect((await get(v, `/api/purchase/${hash}`)).body.data.gift).toBe(order.gift);
  });

  it('stores no gift below the first threshold', async () => {
    const [first] = giftsOf(1);
    const v = await visitor(SK);
    const id = pricedProduct(1, first.amount_min - 1, 13);
    await post(v, '/api/cart/add', { product_id: id, quantity: 1 });
    await post(v, '/api/cart/delivery', { id: 1 });
    await post(v, '/api/cart/payment', { id: 2 });
    const { body } = await post(v, '/api/cart/submit', CUSTOMER);
    expect((sqlite().prepare('SELECT gift FROM orders WHERE hash = ?').get(body.data.hash) as { gift: string | null }).gift).toBeNull();
  });
});

describe('delivery country', () => {
  it('lets only wholesale buyers pick the other country; others get a problem', async () => {
    const anonymous = await visitor(SK);
    const refused = await post(anonymous, '/api/cart/country', { country: 'cz' });
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.detail).toBe('Túto krajinu doručenia si nemôžete vybrať');
    expect(refused.body.errors.country).toBe('Túto krajinu doručenia si nemôžete vybrať');
    const own = await post(anonymous, '/api/cart/country', { country: 'sk' });
    expect(own.response.status).toBe(200);
    expect(own.body.cart.country).toBe('sk');
    const unknown = await post(anonymous, '/api/cart/country', { country: 'de' });
    expect(unknown.response.status).toBe(400);
    expect(unknown.body.errors.country).toBe('Do tejto krajiny nedoručujeme');

    const czAnonymous = await visitor(CZ);
    expect((await post(czAnonymous, '/api/cart/country', { country: 'sk' })).response.status).toBe(403);

    const c = await consumer.api('POST', '/api/cart/country', { country: 'cz' }, { json: true });
    expect(c.status).toBe(403);
    expect(c.json.detail).toBe('Túto krajinu doručenia si nemôžete vybrať');

    const w = await wholesale.api('POST', '/api/cart/country', { country: 'CZ' }, { json: true });
    expect(w.status).toBe(200);
    expect(w.json.cart).toMatchObject({ country: 'cz', countries: ['sk', 'cz'], vat_rate: 21 });
    const status = await wholesale.api('GET', '/api/cart/status/1');
    expect(status.json).toMatchObject({ wholesale: true, country: 'cz', countries: ['sk', 'cz'] });
    expect((await wholesale.api('POST', '/api/cart/country', { country: 'sk' }, { json: true })).json.cart.country).toBe('sk');
  });

  it("recomputes shipping and VAT for the destination and clears what the new country lacks", async () => {
    const api = (path: string, body: object) => wholesale.api('POST', path, body, { json: true });
    const a = pricedProduct(1, 4321, 20);
    const b = pricedProduct(1, 1999, 21);
    await api('/api/cart/add', { product_id: a, quantity: 2 });
    await api('/api/cart/add', { product_id: b, quantity: 1 });
    // SPS does not deliver abroad; the Slovak banks (30) are for Slovak buyers only.
    await api('/api/cart/delivery', { id: 14 });
    const sk = (await api('/api/cart/payment', { id: 30 })).json.cart;
    const pa = priceRow(a, 1);
    const pb = priceRow(b, 1);
    const subtotal = 2 * pa.b2b + pb.b2b;
    expect(sk.subtotal).toBe(subtotal);
    const skShipping = shippingRule(1, 'sk', 14, 30, subtotal)!;
    expect(sk.shipping_price).toBe(skShipping);
    // VAT per rate, computed once on each rate's gross (as an invoice states it).
    expect(sk.vat).toBe(vatSum(vatBreakdown({ lines: [{ total: 2 * pa.b2b, rate: pa.vatRate }, { total: pb.b2b, rate: pb.vatRate }], delivery: skShipping, discount: 0, discountOnDelivery: false, rate: 23 })));
    expect(sk.total).toBe(roundCash(subtotal + skShipping, 5));

    const moved = (await api('/api/cart/country', { country: 'cz' })).json.cart;
    expect(moved).toMatchObject({ country: 'cz', vat_rate: 21, shipping: null, payment: null, shipping_price: null });
    expect(moved.problems).toEqual(expect.arrayContaining(['shipping', 'payment']));
    expect(moved.shipping_options.map((o: { id: number }) => o.id).sort((x: number, y: number) => x - y)).toEqual([1, 9, 10]);
    expect(moved.payment_options.map((o: { id: number }) => o.id)).not.toContain(30);
    expect(moved.vat).toBe(vatOf(2 * pa.b2b + pb.b2b, 21));

    await api('/api/cart/delivery', { id: 1 });
    const cz = (await api('/api/cart/payment', { id: 1 })).json.cart;
    const czShipping = shippingRule(1, 'cz', 1, 1, subtotal)!;
    expect(czShipping).not.toBe(shippingRule(1, 'sk', 1, 1, subtotal));
    expect(cz.shipping_price).toBe(czShipping);
    expect(cz.payment_fee).toBe(100);
    expect(cz.vat).toBe(vatOf(2 * pa.b2b + pb.b2b + czShipping + 100, 21));
    expect(cz.total).toBe(roundCash(subtotal + czShipping + 100, 5));
    expect(cz.problems).toEqual([]);

    // The order takes the view's figures and refuses a form country other than the cart's.
    const mismatch = await api('/api/cart/submit', { ...CUSTOMER, country: 'sk' });
    expect(mismatch.status).toBe(409);
    expect(mismatch.json.errors.country).toBeTruthy();
    const ok = await api('/api/cart/submit', { ...CUSTOMER, country: 'cz', town: 'Brno', zip: '602 00' });
    expect(ok.status).toBe(200);
    const order = sqlite().prepare('SELECT country, vat, total, total_without_vat AS net, shipping_price AS shipping FROM orders WHERE hash = ?').get(ok.json.data.hash) as Record<string, number | string>;
    expect(order).toMatchObject({ country: 'cz', vat: cz.vat, total: cz.total, shipping: czShipping });
    // The cash alignment is outside the VAT summary (decision 208's record of the documents).
    expect(order.net).toBe(cz.total - cz.vat - (cz.alignment as number));
    const rates = sqlite().prepare('SELECT DISTINCT vat_rate AS r FROM order_items WHERE order_id = (SELECT id FROM orders WHERE hash = ?)').all(ok.json.data.hash) as { r: number }[];
    expect(rates).toEqual([{ r: 21 }]);
    // A new cart after the order still delivers to cz until changed back.
    await api('/api/cart/country', { country: 'sk' });
  });

  it('asks before changing the country on the no-JS step 3, then saves it', async () => {
    await wholesale.api('POST', '/api/cart/country', { country: 'sk' }, { json: true });
    const a = pricedProduct(1, 2500, 22);
    await wholesale.api('POST', '/api/cart/add', { product_id: a, quantity: 1 }, { json: true });
    await wholesale.api('POST', '/api/cart/delivery', { id: 10 }, { json: true });
    await wholesale.api('POST', '/api/cart/payment', { id: 2 }, { json: true });
    const point = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 10 AND country = 'sk' LIMIT 1").get() as { id: number };
    await wholesale.api('POST', '/api/cart/pickup', { pickup_point_id: point.id, company_id: 10 }, { json: true });
    const step3 = await wholesale.get('/nakupny-kosik/objednavka');
    expect(step3.status).toBe(200);
    const button = step3.doc!.querySelector('button[formaction="/nakupny-kosik/krajina"]')!;
    expect(button.textContent).toBe('Zmeniť krajinu');
    expect(step3.doc!.querySelector<HTMLSelectElement>('#order-country')!.value).toBe('sk');

    const ask = await wholesale.form('/nakupny-kosik/krajina', { ...CUSTOMER, condition: '1', country: 'cz' });
    expect(ask.status).toBe(200);
    expect(ask.doc!.querySelector('[data-field="country-warning"]')!.textContent).toBe('Zmenou krajiny doručenia sa zmení daň a cena dopravy.');
    const confirm = ask.doc!.querySelector<HTMLFormElement>('form[action="/nakupny-kosik/krajina/potvrdit"]')!;
    expect(confirm.querySelector<HTMLInputElement>('input[name="country"]')!.value).toBe('cz');
    expect(ask.doc!.querySelector('a[href="/nakupny-kosik/objednavka"]')!.textContent).toBe('Zrušiť');
    // Asking changed nothing yet.
    expect((await wholesale.api('GET', '/api/cart')).json.cart.country).toBe('sk');

    const done = await wholesale.form('/nakupny-kosik/krajina/potvrdit', { country: 'cz' });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/nakupny-kosik/objednavka');
    const cart = (await wholesale.api('GET', '/api/cart')).json.cart;
    // Packeta goes abroad, but the Slovak pickup point does not: it is cleared, so step 3 sends back to step 2.
    expect(cart).toMatchObject({ country: 'cz', shipping: 10, payment: 2, pickup_point: null });
    expect((await wholesale.get('/nakupny-kosik/objednavka')).location).toBe('/nakupny-kosik/doprava');

    // A plain submit with a country other than the cart's is refused with the form message.
    const czPoint = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 10 AND country = 'cz' LIMIT 1").get() as { id: number };
    await wholesale.api('POST', '/api/cart/pickup', { pickup_point_id: czPoint.id, company_id: 10 }, { json: true });
    const wrong = await wholesale.form('/nakupny-kosik/objednavka', { ...CUSTOMER, condition: '1', country: 'sk' });
    expect(wrong.status).toBe(409);
    expect(wrong.doc!.querySelector('[data-error-for="country"]')!.textContent).toContain('Zmeniť krajinu');
    expect(wrong.doc!.querySelector<HTMLInputElement>('#order-firstName')!.value).toBe('Ján');
    await wholesale.api('POST', '/api/cart/country', { country: 'sk' }, { json: true });
  });

  it('refuses the no-JS change for a buyer who may not pick the country', async () => {
    const v = await visitor(SK);
    await post(v, '/api/cart/add', { product_id: pricedProduct(1, 1500, 23), quantity: 1 });
    const refused = await form(v, '/nakupny-kosik/krajina', { country: 'cz' });
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain('Túto krajinu doručenia si nemôžete vybrať');
    expect(html).not.toContain('/nakupny-kosik/krajina/potvrdit');
    expect((await form(v, '/nakupny-kosik/krajina/potvrdit', { country: 'cz' })).status).toBe(403);
    expect((await get(v, '/api/cart')).body.cart.country).toBe('sk');
    // One country only: no change button on step 3.
    await post(v, '/api/cart/delivery', { id: 1 });
    await post(v, '/api/cart/payment', { id: 2 });
    const step3 = await page(v, '/nakupny-kosik/objednavka');
    expect(step3.doc.querySelector('[data-action="change-country"]')).toBeNull();
  });
});

describe('post office (shipping 9)', () => {
  it('searches and picks a post office like a pickup point, and the order keeps it', async () => {
    const v = await visitor(SK);
    await post(v, '/api/cart/add', { product_id: pricedProduct(1, 1500, 24), quantity: 1 });
    await post(v, '/api/cart/payment', { id: 2 });
    const chosen = (await post(v, '/api/cart/delivery', { id: 9 })).body.cart;
    expect(chosen.problems).toContain('pickup');

    const found = (await get(v, '/api/cart/pickup-points?company_id=9&q=Ko%C5%A1')).body.items;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p).toMatchObject({ company_id: 9, country: 'sk', city: 'Košice' });
    expect(found[0].name).toMatch(/^Pošta Košice/);

    // Step 2 without JS: titled for post offices, the select lists them.
    const step2 = await page(v, '/nakupny-kosik/doprava?q=Ko%C5%A1');
    expect(step2.doc.querySelector('.pickup legend')!.textContent).toBe('Pošta na vyzdvihnutie');
    expect(step2.doc.querySelector('label[for="pickup-point"]')!.textContent).toBe('Vyberte poštu');
    const options = [...step2.doc.querySelectorAll<HTMLOptionElement>('#pickup-point option')].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(found.map((p: { id: number }) => String(p.id)));

    // A Packeta point is not a post office.
    const packeta = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 10 AND country = 'sk' LIMIT 1").get() as { id: number };
    expect((await post(v, '/api/cart/pickup', { pickup_point_id: packeta.id, company_id: 9 })).response.status).toBe(400);

    const saved = await form(v, '/nakupny-kosik/doprava', { shipping: '9', payment: '2', pickup_point_id: String(found[0].id) });
    expect(saved.status).toBe(303);
    const cart = (await get(v, '/api/cart')).body.cart;
    expect(cart.pickup_point).toMatchObject({ id: found[0].id, company_id: 9 });
    expect(cart.problems).toEqual([]);

    const { body } = await post(v, '/api/cart/submit', CUSTOMER);
    const stored = JSON.parse((sqlite().prepare('SELECT pickup_point FROM orders WHERE hash = ?').get(body.data.hash) as { pickup_point: string }).pickup_point);
    expect(stored).toMatchObject({ id: found[0].id, company_id: 9, city: 'Košice' });
    const tracking = await page(v, `/sledovanie-zasielky/${body.data.hash}`);
    expect(tracking.doc.querySelector('[data-field="package"]')!.textContent).toContain(found[0].name);
  });

  it('finds Czech post offices for a wholesale cart delivered to cz', async () => {
    await wholesale.api('POST', '/api/cart/add', { product_id: pricedProduct(1, 1500, 25), quantity: 1 }, { json: true });
    await wholesale.api('POST', '/api/cart/country', { country: 'cz' }, { json: true });
    await wholesale.api('POST', '/api/cart/delivery', { id: 9 }, { json: true });
    const found = (await wholesale.api('GET', '/api/cart/pickup-points?company_id=9&q=Brno')).json.items;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p).toMatchObject({ company_id: 9, country: 'cz' });
    const picked = await wholesale.api('POST', '/api/cart/pickup', { pickup_point_id: found[0].id, company_id: 9 }, { json: true });
    expect(picked.json.cart.pickup_point.id).toBe(found[0].id);
    const sk = sqlite().prepare("SELECT id FROM pickup_points WHERE company_id = 9 AND country = 'sk' LIMIT 1").get() as { id: number };
    expect((await wholesale.api('POST', '/api/cart/pickup', { pickup_point_id: sk.id, company_id: 9 }, { json: true })).status).toBe(400);
    await wholesale.api('POST', '/api/cart/country', { country: 'sk' }, { json: true });
  });
});
