import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
const browsers: Record<string, Browser> = {};
const ROLES = ['anonymous', 'consumer', 'wholesale', 'seller'] as const;

beforeAll(async () => {
  shop = createTestShop({ products: 8 });
  browsers.anonymous = new Browser(shop);
  await browsers.anonymous.get('/');
  for (const who of ['consumer', 'wholesale', 'seller'] as const) {
    const b = new Browser(shop);
    await b.api('POST', '/api/security/signup', { username: `${who}@example.sk`, password: 'Modrý kvetináč na balkóne 42', phone: '0905123456', type: who });
    if (who !== 'consumer') runAccountsCli(shop.db, ['approve', '--email', `${who}@example.sk`, '--role', who], () => {});
    await b.form('/moje/prihlasenie', { username: `${who}@example.sk`, password: 'Modrý kvetináč na balkóne 42' });
    await b.get('/moje/konto');
    browsers[who] = b;
  }
});
afterAll(() => shop.close());

type Expect = Record<(typeof ROLES)[number], number>;
const page = (anon: number, signedIn: number): Expect => ({ anonymous: anon, consumer: signedIn, wholesale: signedIn, seller: signedIn });
const seller = (forSeller: number): Expect => ({ anonymous: 303, consumer: 403, wholesale: 403, seller: forSeller });

/** Every account route and call, by role: anonymous pages go to sign-in (303), the API answers 401. */
const PAGES: [string, Expect][] = [
  ['/moje/konto', page(303, 200)],
  ['/moje/udaje', page(303, 200)],
  ['/moje/udaje/export', page(303, 200)],
  ['/moje/oblubene', page(303, 200)],
  ['/moje/objednavky', page(303, 200)],
  ['/moje/body', page(303, 200)],
  ['/moje/kupony', page(303, 200)],
  // A missing invoice number is the same 404 as another user's (tests/server/my-orders.test.ts).
  ['/moje/faktury/2026000001', page(303, 404)],
  ['/moje/navody/ziskat/999999', page(303, 404)],
  // Role pages: the guard answers before the (missing) page does.
  ['/moje/produkty', seller(200)],
  ['/moje/predaje', seller(200)],
  ['/moje/predaje.csv', seller(200)],
  ['/moje/spravy', page(303, 200)],
  ['/moje/udaje-obchodu', seller(200)],
  ['/moje/influencer-kupony', { anonymous: 303, consumer: 403, wholesale: 403, seller: 403 }],
  ['/moje/raketak', { anonymous: 303, consumer: 403, wholesale: 403, seller: 403 }],
  // Public doors.
  ['/moje/prihlasenie', { anonymous: 200, consumer: 303, wholesale: 303, seller: 303 }],
  ['/registracia', { anonymous: 200, consumer: 303, wholesale: 303, seller: 303 }],
  ['/obnovenie', page(200, 200)],
  ['/oblubene', { anonymous: 200, consumer: 303, wholesale: 303, seller: 303 }],
  ['/obnova', page(200, 200)],
];

const api = (signedIn: number): Expect => ({ anonymous: 401, consumer: signedIn, wholesale: signedIn, seller: signedIn });
const CALLS: [string, string, Record<string, string> | undefined, Expect][] = [
  ['POST', '/api/favorite/product/1', {}, api(201)],
  ['GET', '/api/favorite/product/1', undefined, api(200)],
  ['DELETE', '/api/favorite/product/1', undefined, api(204)],
  ['PUT', '/api/favorite/product', { product_ids: '[1,2]' }, api(200)],
  ['PUT', '/api/favorite/blog/1', {}, api(201)],
  ['GET', '/api/favorite/blog/1', undefined, api(200)],
  ['DELETE', '/api/favorite/blog/1', undefined, api(204)],
  ['POST', '/api/favorite/remove-product-category', { category_name: 'X' }, api(200)],
  ['GET', '/api/favorite/product-category', undefined, api(200)],
  ['POST', '/api/favorite/products', { product_ids: '[1]' }, page(200, 200)],
  ['POST', '/api/clear', { localStorage: '{}' }, page(204, 204)],
  // Points and vouchers (docs/decisions/090).
  ['GET', '/api/consumer/point/count', undefined, api(200)],
  ['GET', '/api/consumer/point/history', undefined, api(200)],
  ['GET', '/api/consumer/point/items', undefined, api(200)],
  ['GET', '/api/consumer/voucher', undefined, api(200)],
  ['GET', '/api/consumer/voucher/999999', undefined, api(404)],
  ['POST', '/api/consumer/blog/999999/unlock', {}, api(404)],
];

describe('roles on every account route', () => {
  it.each(PAGES)('%s', async (path, expected) => {
    for (const who of ROLES) {
      const r = await browsers[who].get(path);
      expect(`${who} ${r.status}`).toBe(`${who} ${expected[who]}`);
      if (who === 'anonymous' && expected.anonymous === 303 && path.startsWith('/moje/') && path !== '/moje/prihlasenie') {
        expect(r.location).toBe(`/moje/prihlasenie?r=${encodeURIComponent(path)}`);
      }
    }
  });

  it.each(CALLS)('%s %s', async (method, path, body, expected) => {
    for (const who of ROLES) {
      const r = await browsers[who].api(method, path, body);
      expect(`${who} ${r.status}`).toBe(`${who} ${expected[who]}`);
      if (r.status === 401 || r.status === 403) expect(r.response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('a consumer gets a 403 page on a seller route, whatever the request says', async () => {
    const r = await browsers.consumer.get('/moje/produkty?role=ROLE_SELLER', { 'x-role': 'ROLE_SELLER' });
    expect(r.status).toBe(403);
    expect(r.doc!.querySelector('h1')!.textContent).toBe('Prístup zamietnutý');
  });

  it('the seller sees the seller links in the menu; the consumer does not', async () => {
    const s = await browsers.seller.get('/moje/konto');
    expect(s.doc!.querySelector('.account-menu__bar a[href="/moje/produkty"]')).not.toBeNull();
    expect(s.doc!.querySelector('shop-profile-menu a[href="/moje/udaje-obchodu"]')).not.toBeNull();
    const c = await browsers.consumer.get('/moje/konto');
    expect(c.doc!.querySelector('a[href="/moje/produkty"]')).toBeNull();
  });

  it('a pending wholesale request is shown on the overview', async () => {
    const b = new Browser(shop);
    await b.signUpAndIn('pending@example.sk', 'Modrý kvetináč na balkóne 42', { type: 'wholesale' });
    const r = await b.get('/moje/konto');
    expect(r.doc!.querySelector('.message--info')!.textContent).toMatch(/čaká na schválenie/);
    expect((await b.get('/moje/produkty')).status).toBe(403);
  });
});
