import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';

// Sign-ins run scrypt (~100 ms each) by design.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let shop: TestShop;
let products: number[];
beforeAll(() => {
  shop = createTestShop({ products: 12 });
  products = (
    shop.db.$client
      .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT 3')
      .all() as { id: number }[]
  ).map((r) => r.id);
  shop.db.$client.prepare(`UPDATE products SET quantity = 500, cart_limit = NULL WHERE id IN (${products.join(',')})`).run();
});
afterAll(() => shop.close());

let n = 0;
const sqlite = () => shop.db.$client;

/** One account; `device()` is another browser of the same person, signed out until `signIn`. */
async function person() {
  n += 1;
  const email = `cont${n}@example.sk`;
  const first = new Browser(shop);
  await first.signUpAndIn(email);
  const { id } = sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return {
    email,
    id,
    first,
    async signIn(b: Browser) {
      const r = await b.form('/moje/prihlasenie', { username: email, password: STRONG });
      expect(r.status).toBe(303);
      await b.get('/moje/konto');
    },
  };
}

async function add(b: Browser, productId: number, quantity: number) {
  const r = await b.api('POST', '/api/cart/add', { product_id: productId, quantity }, { json: true });
  expect(r.status).toBe(200);
}

async function lines(b: Browser): Promise<Record<number, number>> {
  const r = await b.api('GET', '/api/cart');
  return Object.fromEntries((r.json.cart.items as { id: number; quantity: number }[]).map((i) => [i.id, i.quantity]));
}

async function question(b: Browser) {
  const page = await b.get('/nakupny-kosik');
  expect(page.status).toBe(200);
  const box = page.doc!.querySelector('.cart-continue');
  const json = page.doc!.getElementById('cart-view-continue')?.textContent;
  return { box, data: json ? JSON.parse(json) : null, doc: page.doc! };
}

const cartsOf = (userId: number) => (sqlite().prepare('SELECT COUNT(*) AS n FROM carts WHERE user_id = ?').get(userId) as { n: number }).n;

describe('carts across devices', () => {
  it('marks a signed-in cart as the user’s and adopts it into an empty session at sign-in', async () => {
    const p = await person();
    await add(p.first, products[0], 2);
    expect(sqlite().prepare('SELECT user_id FROM carts WHERE user_id = ?').all(p.id)).toHaveLength(1);
    const phone = new Browser(shop);
    await phone.get('/');
    await p.signIn(phone);
    expect(await lines(phone)).toEqual({ [products[0]]: 2 });
    expect(await lines(p.first)).toEqual({});
    expect((await question(phone)).box).toBeNull();
  });

  it('keeps the cart linked at sign-out, not in the browser, and gives it back at the next sign-in', async () => {
    const p = await person();
    await add(p.first, products[1], 3);
    expect((await p.first.form('/moje/odhlasenie', {})).status).toBe(303);
    // The same browser, now anonymous: the cart is not here (a shared computer).
    expect(await lines(p.first)).toEqual({});
    expect(cartsOf(p.id)).toBe(1);
    await p.signIn(p.first);
    expect(await lines(p.first)).toEqual({ [products[1]]: 3 });
  });

  it('asks when both carts have items, showing only the user’s own other cart', async () => {
    const p = await person();
    const stranger = await person();
    await add(stranger.first, products[2], 9);
    await add(p.first, products[0], 1);
    const laptop = new Browser(shop);
    await add(laptop, products[1], 2);
    await p.signIn(laptop);
    // Nothing moved: this cart is the laptop's own, and it is now the user's.
    expect(await lines(laptop)).toEqual({ [products[1]]: 2 });
    const q = await question(laptop);
    expect(q.box!.querySelector('h2')!.textContent).toBe('Máte rozpracovaný košík z iného zariadenia. Chcete v ňom pokračovať?');
    expect(q.data).toMatchObject({ count: 1, lines: [{ quantity: 1 }] });
    const choices = [...q.box!.querySelectorAll('button[name="choice"]')].map((b) => b.getAttribute('value'));
    expect(choices).toEqual(['continue', 'merge', 'keep']);
    expect(q.box!.querySelector('input[name="_csrf"]')).not.toBeNull();
    // The stranger sees no question about anyone else's cart.
    expect((await question(stranger.first)).box).toBeNull();
    // Another user's cart id is refused and nothing changes.
    const strangerCart = (sqlite().prepare('SELECT id FROM carts WHERE user_id = ?').get(stranger.id) as { id: number }).id;
    const forged = await laptop.api('POST', '/api/cart/continue', { cart_id: strangerCart, choice: 'continue' }, { json: true });
    expect(forged.status).toBe(409);
    expect(forged.response.headers.get('content-type')).toContain('application/problem+json');
    expect(await lines(laptop)).toEqual({ [products[1]]: 2 });
    expect(await lines(stranger.first)).toEqual({ [products[2]]: 9 });
  });

  it('continue: that cart comes here, this one goes (no-JS form)', async () => {
    const p = await person();
    await add(p.first, products[0], 4);
    const laptop = new Browser(shop);
    await add(laptop, products[1], 1);
    await p.signIn(laptop);
    const { data } = await question(laptop);
    const r = await laptop.form('/nakupny-kosik/pokracovat', { cart_id: String(data.id), choice: 'continue' });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/nakupny-kosik');
    expect(await lines(laptop)).toEqual({ [products[0]]: 4 });
    expect(await lines(p.first)).toEqual({});
    expect((await question(laptop)).box).toBeNull();
    expect(cartsOf(p.id)).toBe(1);
  });

  it('keep: this cart stays and the other one is dropped (API, as the wizard calls it)', async () => {
    const p = await person();
    await add(p.first, products[0], 4);
    const laptop = new Browser(shop);
    await add(laptop, products[1], 1);
    await p.signIn(laptop);
    const { data } = await question(laptop);
    const r = await laptop.api('POST', '/api/cart/continue', { cart_id: data.id, choice: 'keep' }, { json: true });
    expect(r.status).toBe(200);
    expect(r.json.cart.items.map((i: { id: number }) => i.id)).toEqual([products[1]]);
    expect(r.json.count).toBe(1);
    expect(await lines(p.first)).toEqual({});
    expect((await question(laptop)).box).toBeNull();
    expect(cartsOf(p.id)).toBe(1);
    // Answering again (the question is gone) is a 409, not a second change.
    expect((await laptop.api('POST', '/api/cart/continue', { cart_id: data.id, choice: 'merge' }, { json: true })).status).toBe(409);
  });

  it('merge: the other cart’s lines are added here, a line capped at 99', async () => {
    const p = await person();
    await add(p.first, products[0], 60);
    await add(p.first, products[2], 1);
    const laptop = new Browser(shop);
    await add(laptop, products[0], 50);
    await add(laptop, products[1], 2);
    await p.signIn(laptop);
    const { data } = await question(laptop);
    const r = await laptop.form('/nakupny-kosik/pokracovat', { cart_id: String(data.id), choice: 'merge' });
    expect(r.status).toBe(303);
    expect(await lines(laptop)).toEqual({ [products[0]]: 99, [products[1]]: 2, [products[2]]: 1 });
    expect(await lines(p.first)).toEqual({});
    expect(cartsOf(p.id)).toBe(1);
  });

  it('refuses a bad answer and an anonymous one, changing nothing', async () => {
    const p = await person();
    await add(p.first, products[0], 1);
    const laptop = new Browser(shop);
    await add(laptop, products[1], 1);
    await p.signIn(laptop);
    const { data } = await question(laptop);
    const bad = await laptop.api('POST', '/api/cart/continue', { cart_id: data.id, choice: 'both' }, { json: true });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.choice).toBe('Vyberte jednu z možností');
    const anonymous = new Browser(shop);
    const denied = await anonymous.api('POST', '/api/cart/continue', { cart_id: data.id, choice: 'continue' }, { json: true });
    expect(denied.status).toBe(401);
    expect(await lines(laptop)).toEqual({ [products[1]]: 1 });
    expect(await lines(p.first)).toEqual({ [products[0]]: 1 });
  });

  it('a cart another user left in a browser is parked for them, never handed to the next one', async () => {
    const a = await person();
    const b = await person();
    await add(a.first, products[0], 5);
    // b signs in on a's browser without signing a out first.
    await b.signIn(a.first);
    expect(await lines(a.first)).toEqual({});
    expect((await question(a.first)).box).toBeNull();
    const again = new Browser(shop);
    await a.signIn(again);
    expect(await lines(again)).toEqual({ [products[0]]: 5 });
  });

  it('account deletion removes the user’s parked cart', async () => {
    const p = await person();
    await add(p.first, products[0], 1);
    await p.first.form('/moje/odhlasenie', {});
    expect(cartsOf(p.id)).toBe(1);
    await p.signIn(p.first);
    expect((await p.first.form('/moje/zrusit-konto', { password: STRONG })).status).toBe(303);
    expect(cartsOf(p.id)).toBe(0);
  });
});
