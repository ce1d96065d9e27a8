import { newSessionId } from '../../server/http/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDb, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { ensureShops } from '../../server/shops/shops.service';
import type { Logger } from '../../server/http/env';
import type { Mailer } from '../../server/mail/mailer';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { claimDueWatches, evaluateWatches, markFired, saveWatch } from '../../server/watchdog/watchdog.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { postJson, productsOf, session, watchRows, type TestProduct } from './watchdog-helpers';

let shop: TestShop;
let products: TestProduct[];
let next = 0;
const fresh = () => products[next++];
let mailer: Mailer;
const logged: unknown[] = [];
const logger: Logger = { error: (_m, detail) => void logged.push(detail), info: () => {} };
const options = () => ({ origins: shop.config.origins, logger });
const euros = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

beforeAll(() => {
  shop = createTestShop({ products: 60 });
  products = productsOf(shop).filter((p) => p.price > 500);
  mailer = { send: async (m) => void shop.mail.push(m) };
});
afterAll(() => shop.close());

async function watch(product: TestProduct, body: Record<string, unknown>) {
  const response = await postJson(shop, { product: product.id, ...body });
  expect(response.status).toBe(201);
  return watchRows(shop, product.id).at(-1)!;
}

const mailsTo = (email: string) => shop.mail.filter((m) => m.to === email);

describe('firing on price and stock changes', () => {
  it('a price drop below the limit sends one e-mail with the product link and the unsubscribe link', async () => {
    const product = fresh();
    const row = await watch(product, { email: 'cena@example.sk', price: true, price_value: euros(product.price) });
    const result = await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: product.price - 100 }, options());
    expect(result).toEqual({ fired: 1, sent: 1 });
    const mails = mailsTo('cena@example.sk');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toContain(product.name);
    expect(mail.text).toContain(product.name);
    expect(mail.text).toContain(`http://127.0.0.1:3000/${product.slug}`);
    expect(mail.text).toContain(`http://127.0.0.1:3000/sledovanie-ceny/odhlasit/${row.token}`);
    expect(mail.text).toMatch(/\d+,\d{2}\s€/);
    expect(watchRows(shop, product.id)[0].fired_at).toBe(shop.clock.now().getTime());
    expect((shop.db.$client.prepare('SELECT price_b2c FROM product_prices WHERE product_id = ? AND shop_id = 1').get(product.id) as { price_b2c: number }).price_b2c).toBe(product.price - 100);
  });

  it('does not fire while the price stays at or above the limit', async () => {
    const product = fresh();
    await watch(product, { email: 'stale@example.sk', price: true, price_value: euros(product.price - 200) });
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: product.price - 100 }, options());
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: product.price - 200 }, options());
    expect(mailsTo('stale@example.sk')).toEqual([]);
    expect(watchRows(shop, product.id)[0].fired_at).toBeNull();
  });

  it('a price change in the other shop does not fire a watch of this shop', async () => {
    const product = fresh();
    await watch(product, { email: 'shop@example.sk', price: true, price_value: euros(product.price) });
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 2, priceB2c: 1 }, options());
    expect(mailsTo('shop@example.sk')).toEqual([]);
  });

  it('fires on availability: only when stock is more than the chosen count', async () => {
    const product = fresh();
    await setProductStock(shop.db, shop.clock, mailer, { productId: product.id, quantity: 0 }, options());
    await watch(product, { email: 'sklad@example.sk', available: true, available_value: '2' });
    expect((await setProductStock(shop.db, shop.clock, mailer, { productId: product.id, quantity: 2 }, options())).fired).toBe(0);
    expect((await setProductStock(shop.db, shop.clock, mailer, { productId: product.id, quantity: 5 }, options())).fired).toBe(1);
    const mails = mailsTo('sklad@example.sk');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('5 ks');
    expect(mails[0].text).toContain(`/${product.slug}`);
  });

  it('fires only once, even when the price drops twice', async () => {
    const product = fresh();
    await watch(product, { email: 'raz@example.sk', price: true, price_value: euros(product.price), available: true, available_value: 100000 });
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: product.price - 10 }, options());
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: product.price - 20 }, options());
    await setProductStock(shop.db, shop.clock, mailer, { productId: product.id, quantity: 200000 }, options());
    expect(mailsTo('raz@example.sk')).toHaveLength(1);
  });

  it('two evaluations at once send one e-mail', async () => {
    const product = fresh();
    await watch(product, { email: 'dvakrat@example.sk', price: true, price_value: euros(product.price) });
    // Change the price without evaluating, as a writer that crashed before its evaluation would.
    shop.db.$client.prepare('UPDATE product_prices SET price_b2c = price_b2c - 1 WHERE product_id = ? AND shop_id = 1').run(product.id);
    const env = { mailer, ...options() };
    const sent = await Promise.all([evaluateWatches(shop.db, shop.clock, env, product.id), evaluateWatches(shop.db, shop.clock, env, product.id)]);
    expect(sent.sort()).toEqual([0, 1]);
    expect(mailsTo('dvakrat@example.sk')).toHaveLength(1);
  });

  it('the conditional update guards two connections that both saw the watch open', () => {
    // Its own file outside tests/.tmp: the second connection opens it by path.
    const dir = mkdtempSync(join(tmpdir(), 'obchod-race-'));
    const file = join(dir, 'shop.db');
    const one = openDb(file);
    migrateDb(one, shop.config.root);
    ensureShops(one);
    seedDemo(one, { products: 20 });
    const two = openDb(file);
    try {
      const [product] = productsOf({ db: one });
      const input = { email: 'zavod@example.sk', available: false, availableValue: null, price: true, priceValue: product.price };
      saveWatch(one, shop.clock, { productId: product.id, shopId: 1, locale: 'sk', input });
      const { id } = one.$client.prepare('SELECT id FROM watchdogs').get() as { id: number };
      // Both connections see the same open watch before either marks it…
      const openOn = (db: typeof one) => db.$client.prepare('SELECT id FROM watchdogs WHERE id = ? AND fired_at IS NULL').get(id);
      expect(openOn(one)).toBeTruthy();
      expect(openOn(two)).toBeTruthy();
      // …and only one of them wins the UPDATE … WHERE fired_at IS NULL.
      expect([markFired(one, shop.clock, id), markFired(two, shop.clock, id)]).toEqual([true, false]);
      one.$client.prepare('UPDATE product_prices SET price_b2c = 1 WHERE product_id = ? AND shop_id = 1').run(product.id);
      expect(two.transaction(() => claimDueWatches(two, shop.clock, product.id), { behavior: 'immediate' })).toEqual([]);
    } finally {
      two.$client.close();
      one.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failed send is logged, not thrown; the change stays', async () => {
    const product = fresh();
    await watch(product, { email: 'zlyhanie@example.sk', price: true, price_value: euros(product.price) });
    const broken: Mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    const before = logged.length;
    await expect(setProductPrice(shop.db, shop.clock, broken, { productId: product.id, shopId: 1, priceB2c: 100 }, options())).resolves.toEqual({ fired: 1, sent: 0 });
    expect(logged.length).toBe(before + 1);
    expect(watchRows(shop, product.id)[0].fired_at).not.toBeNull();
  });

  it('an unknown product is a 404 error and changes nothing', async () => {
    await expect(setProductStock(shop.db, shop.clock, mailer, { productId: 999_999, quantity: 1 }, options())).rejects.toMatchObject({ status: 404 });
    await expect(setProductStock(shop.db, shop.clock, mailer, { productId: products[0].id, quantity: -1 }, options())).rejects.toMatchObject({ status: 400 });
  });

  it('writes the mail in the locale and currency of the watch', async () => {
    const product = fresh();
    const czPrice = (shop.db.$client.prepare('SELECT price_b2c FROM product_prices WHERE product_id = ? AND shop_id = 2').get(product.id) as { price_b2c: number }).price_b2c;
    const s = await session(shop, 'locale=en');
    const response = await shop.app.request('/api/watchdog', {
      method: 'POST',
      headers: { host: 'cz.localhost:3000', cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ product: product.id, email: 'cz@example.cz', price: true, price_value: euros(czPrice) }),
    });
    expect(response.status).toBe(201);
    expect(watchRows(shop, product.id)[0]).toMatchObject({ shop_id: 2, locale: 'en' });
    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 2, priceB2c: czPrice - 100 }, options());
    const [mail] = mailsTo('cz@example.cz');
    expect(mail.text).toContain('CZK');
    expect(mail.text).toContain(`http://cz.localhost:3000/${product.slug}`);
  });
});

describe('unsubscribe link /sledovanie-ceny/odhlasit/{token}', () => {
  // A browser holding a session id (tests/setup/visitor.ts), so its form carries a token.
  const sid = `sid=${newSessionId()}`;
  const page = (token: string) => shop.app.request(`/sledovanie-ceny/odhlasit/${token}`, { headers: { host: '127.0.0.1:3000', cookie: sid } });

  it('GET shows a confirmation form and changes nothing; POST unsubscribes, and no mail follows', async () => {
    const product = fresh();
    const other = fresh();
    const row = await watch(product, { email: 'odhlas@example.sk', price: true, price_value: euros(product.price) });
    await watch(other, { email: 'odhlas@example.sk', available: true, available_value: 100000 });

    const get = await page(row.token);
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toContain('no-store');
    const doc = parseHtml(await get.text());
    const form = doc.querySelector('form.watchdog-unsubscribe')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(watchRows(shop, product.id)[0].unsubscribed_at).toBeNull();

    const csrf = form.querySelector<HTMLInputElement>('input[name="_csrf"]')!.getAttribute('value')!;
    const post = (token: string | null) =>
      shop.app.request(form.getAttribute('action')!, {
        method: 'POST',
        headers: { host: '127.0.0.1:3000', cookie: sid, 'content-type': 'application/x-www-form-urlencoded' },
        body: token === null ? '' : new URLSearchParams({ _csrf: token }).toString(),
      });
    expect((await post(null)).status).toBe(403);
    expect(watchRows(shop, product.id)[0].unsubscribed_at).toBeNull();
    const done = await post(csrf);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/sledovanie-ceny/odhlasit/${row.token}`);
    expect(watchRows(shop, product.id)[0].unsubscribed_at).not.toBeNull();
    expect(watchRows(shop, other.id)[0].unsubscribed_at).not.toBeNull();
    expect(parseHtml(await (await page(row.token)).text()).querySelector('.watchdog__success')).not.toBeNull();

    await setProductPrice(shop.db, shop.clock, mailer, { productId: product.id, shopId: 1, priceB2c: 100 }, options());
    await setProductStock(shop.db, shop.clock, mailer, { productId: other.id, quantity: 200000 }, options());
    expect(mailsTo('odhlas@example.sk')).toEqual([]);
  });

  it('an unknown token is a 404', async () => {
    expect((await page('A'.repeat(43))).status).toBe(404);
    expect((await page('short')).status).toBe(404);
  });
});
