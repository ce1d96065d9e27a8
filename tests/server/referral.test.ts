import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markOrderPaid } from '../../server/orders/order-lifecycle';
import { recordReferral, REFERRAL_POINTS } from '../../server/accounts/referral.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
let second: TestShop;
const sqlite = () => shop.db.$client;

beforeAll(() => {
  shop = createTestShop({ products: 8 });
  // A second app in the same process: the paid hook must still credit once, not once per app.
  second = createTestShop({ products: 0 });
});
afterAll(() => {
  shop.close();
  second.close();
});

const userId = (email: string) => (sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
const referredBy = (id: number) => (sqlite().prepare('SELECT referred_by AS r FROM users WHERE id = ?').get(id) as { r: number | null }).r;
const referralEntries = (referrer: number) =>
  sqlite().prepare(`SELECT value, item_id FROM point_entries WHERE user_id = ? AND item_type = 'referral'`).all(referrer) as { value: number; item_id: number }[];

let n = 0;
async function signedIn(extra: Record<string, string> = {}) {
  n += 1;
  const b = new Browser(shop);
  const email = `ref${n}@example.sk`;
  await b.signUpAndIn(email, STRONG, extra);
  return { b, id: userId(email), email };
}

async function referralCode(b: Browser): Promise<string> {
  const page = await b.get('/moje/konto');
  const url = page.doc!.querySelector('[data-referral-url]')!.textContent!;
  const match = /^http:\/\/[^/]+\/registracia\?ref=([a-z2-7]{10})$/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1];
}

/** An order of the signed-in browser, straight in the table (the checkout has its own tests). */
function orderFor(user: number, total = 1000) {
  const id = (sqlite().prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM orders').get() as { id: number }).id;
  sqlite()
    .prepare(
      `INSERT INTO orders (id, hash, document_number, shop_id, session_hash, idempotency_key, user_id, created_at, promise_send_date, promise_delivery_date,
         shipping_company_id, shipping_name, payment_id, payment_name, first_name, last_name, street, town, zip, country, contact, email, locale, currency,
         subtotal, shipping_price, payment_fee, alignment, total, total_without_vat, vat, points)
       VALUES (?, ?, ?, 1, 'x', ?, ?, ?, '2026-11-23', '2026-11-25', 1, 'Kuriér', 2, 'Prevod', 'A', 'B', 'C 1', 'D', '811 01', 'sk', '+421900123456', 'a@b.sk', 'sk', 'EUR',
         ?, 0, 0, 0, ?, ?, 0, 0)`,
    )
    .run(id, `hash${String(id).padStart(18, '0')}`, `R${id}`, `k${id}`, user, shop.clock.now().getTime(), total, total, total);
  return { id, total, currency: 'EUR' };
}

const pay = (o: { id: number; total: number; currency: string }) => markOrderPaid(shop.db, { orderId: o.id, amount: o.total, currency: o.currency, now: shop.clock.now() });

describe('referral link and credit', () => {
  it('makes an unguessable code on the first view of /moje/konto, the same on every later view, unique per user', async () => {
    const fresh = new Browser(shop);
    expect((await fresh.api('POST', '/api/security/signup', { username: 'novy@example.sk', password: STRONG, phone: '0905123456' })).status).toBe(201);
    expect((sqlite().prepare('SELECT referral_code AS c FROM users WHERE id = ?').get(userId('novy@example.sk')) as { c: string | null }).c).toBeNull();
    const a = await signedIn();
    const code = await referralCode(a.b);
    expect(await referralCode(a.b)).toBe(code);
    const b = await signedIn();
    expect(await referralCode(b.b)).not.toBe(code);
  });

  it('stores the referrer from the sign-up page, and credits once, only when the first order is paid', async () => {
    const referrer = await signedIn();
    const code = await referralCode(referrer.b);
    // The sign-up page carries ?ref into its form (no JS).
    const friend = new Browser(shop);
    const form = await friend.get(`/registracia?ref=${code}`);
    expect(form.doc!.querySelector('input[name="ref"]')!.getAttribute('value')).toBe(code);
    const up = await friend.form('/registracia', { username: 'kamarat@example.sk', phone: '0905123456', password: STRONG, password2: STRONG, type: 'consumer', ref: code });
    expect(up.status).toBe(303);
    const friendId = userId('kamarat@example.sk');
    expect(referredBy(friendId)).toBe(referrer.id);

    const first = orderFor(friendId);
    const later = orderFor(friendId);
    expect(referralEntries(referrer.id)).toEqual([]);
    expect(pay(first).paid).toBe(true);
    expect(referralEntries(referrer.id)).toEqual([{ value: REFERRAL_POINTS, item_id: friendId }]);
    expect(pay(first).paid).toBe(false);
    expect(pay(later).paid).toBe(true);
    expect(referralEntries(referrer.id)).toHaveLength(1);

    const history = await referrer.b.get('/moje/body');
    const row = [...history.doc!.querySelectorAll('.points-history tbody tr')].find((tr) => tr.textContent!.includes(`+${REFERRAL_POINTS}`))!;
    expect(row.textContent).toContain('Odporúčanie');
  });

  it('credits nothing while the referred user’s orders are unpaid or paid with a wrong amount', async () => {
    const referrer = await signedIn();
    const code = await referralCode(referrer.b);
    const friend = await signedIn({ ref: code });
    expect(referredBy(friend.id)).toBe(referrer.id);
    orderFor(friend.id);
    expect(referralEntries(referrer.id)).toEqual([]);
    // A wrong amount never marks an order paid, so nothing is credited either.
    const wrong = orderFor(friend.id, 500);
    expect(markOrderPaid(shop.db, { orderId: wrong.id, amount: 499, currency: 'EUR', now: shop.clock.now() }).paid).toBe(false);
    expect(referralEntries(referrer.id)).toEqual([]);
  });

  it('ignores self-referral, unknown codes, and never changes the referrer later', async () => {
    const a = await signedIn();
    const codeA = await referralCode(a.b);
    expect(recordReferral(shop.db, a.id, codeA)).toBe(false);
    expect(referredBy(a.id)).toBeNull();

    const unknown = await signedIn({ ref: 'zzzzzzzzzz' });
    expect(referredBy(unknown.id)).toBeNull();
    const malformed = await signedIn({ ref: "x' OR 1=1 --" });
    expect(referredBy(malformed.id)).toBeNull();

    const friend = await signedIn({ ref: codeA });
    const c = await signedIn();
    const codeC = await referralCode(c.b);
    expect(recordReferral(shop.db, friend.id, codeC)).toBe(false);
    expect(referredBy(friend.id)).toBe(a.id);

    // A guest order (no user) and a user without a referrer credit nothing.
    expect(pay(orderFor(c.id)).paid).toBe(true);
    expect(referralEntries(a.id)).toEqual([]);
  });
});
