import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { TestBank } from '../../server/payments/test-bank';
import { ConfigError, loadConfig } from '../../server/config';
import { Browser, CZ_HOST, invoicesOf, orderRow, placeOrder, type PlacedOrder } from './payments-helpers';

const PAYMENT_SECRET = 'payment-secret-for-tests-0123456789abcdef';
let shop: TestShop;
let bank: TestBank;
beforeAll(() => {
  shop = createTestShop({ products: 60, env: { PAYMENT_SECRET } });
  bank = new TestBank(PAYMENT_SECRET);
});
afterAll(() => shop.close());

const sqlite = () => shop.db.$client;
const transactions = (orderId: number) =>
  sqlite().prepare('SELECT reference, bank_key, amount, currency, status FROM payment_transactions WHERE order_id = ? ORDER BY id').all(orderId) as {
    reference: string;
    bank_key: string;
    amount: number;
    currency: string;
    status: string;
  }[];
const events = (orderId: number) => sqlite().prepare('SELECT type, text FROM payment_events WHERE order_id = ? ORDER BY id').all(orderId) as { type: string; text: string }[];

/** The bank's server-to-server call: no session cookie, no CSRF token, only the signed fields. */
const notify = (fields: Record<string, string>) =>
  shop.app.request('/payment/notify', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Starts the gateway for an order and answers the test bank's request fields from the redirect. */
async function startAt(b: Browser, order: PlacedOrder, bankKey = 'tatrabanka') {
  const start = await b.get(`/payment/${order.hash}/${bankKey}`);
  expect(start.status).toBe(303);
  const url = new URL(start.location!, 'http://x');
  expect(url.pathname).toBe('/test-bank/pay');
  return { location: start.location!, params: Object.fromEntries(url.searchParams) };
}

function formFields(doc: Document): Record<string, string> {
  const form = doc.querySelector('form.test-bank__form')!;
  return Object.fromEntries([...form.querySelectorAll('input[type=hidden]')].map((i) => [i.getAttribute('name')!, i.getAttribute('value')!]));
}

describe('payment gateway with the test bank', () => {
  it('start → test bank → notification → return: paid once, "Zaplatené" on the tracking page, no second payment', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    expect(order.total).toBeGreaterThan(0);

    const tracking = await b.get(`/sledovanie-zasielky/${order.hash}`);
    const chooser = tracking.doc!.querySelector('[data-field="payment-chooser"]')!;
    expect([...chooser.querySelectorAll('input[type=radio][name=bank]')].map((r) => r.getAttribute('value'))).toEqual(['card', 'tatrabanka', 'slsp', 'other']);
    expect(chooser.textContent).toContain('Tatra banka');
    expect(chooser.querySelector('form')!.getAttribute('target')).toBe('_blank');
    expect(chooser.querySelector('shop-payment-chooser')).not.toBeNull();

    const { location, params } = await startAt(b, order);
    const [tx] = transactions(order.id);
    expect(tx).toMatchObject({ bank_key: 'tatrabanka', amount: order.total, currency: 'EUR', status: 'pending' });
    // ≥ 128 random bits, base64url.
    expect(Buffer.from(tx.reference, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(params.ref).toBe(tx.reference);
    expect(events(order.id).map((e) => e.type)).toEqual(['start']);

    const page = await b.get(location);
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('[data-field="merchant"]')!.textContent).toBeTruthy();
    expect(page.doc!.querySelector('[data-field="amount"]')!.textContent!.replace(/\s/g, ' ')).toContain(
      new Intl.NumberFormat('sk-SK', { style: 'currency', currency: 'EUR' }).format(order.total / 100).replace(/\s/g, ' '),
    );
    expect(page.doc!.querySelector('[data-action="pay"]')!.textContent).toBe('Zaplatiť');
    expect(page.doc!.querySelector('[data-action="decline"]')!.textContent).toBe('Zamietnuť');

    const paid = await b.form('/test-bank/pay', { ...formFields(page.doc!), decision: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^\/payment\/return\?/);
    // The notification arrived before the browser's return.
    expect(orderRow(shop, order.id)).toMatchObject({ price_paid: order.total });
    expect(orderRow(shop, order.id).paid_at).not.toBeNull();
    expect(transactions(order.id)[0].status).toBe('paid');

    const back = await b.get(paid.location!);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/sledovanie-zasielky/${order.hash}?platba=ok`);
    const after = await b.get(back.location!);
    expect(after.doc!.querySelector('[data-field="payment-notice"]')!.textContent).toBe('Platba prebehla úspešne. Ďakujeme!');
    expect(after.doc!.querySelector('[data-field="paid"] strong')!.textContent).toBe('Zaplatené');
    expect(after.doc!.querySelector('[data-field="price-payed"]')!.textContent).toBe(after.doc!.querySelector('[data-total="total"]')!.textContent);
    expect(after.doc!.querySelector('[data-field="payment-chooser"]')).toBeNull();
    expect(events(order.id).map((e) => e.type)).toEqual(['start', 'notify', 'return']);

    // Opening the gateway again goes back to the tracking page; nothing new is started or paid.
    const again = await b.get(`/payment/${order.hash}/card`);
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/sledovanie-zasielky/${order.hash}`);
    expect(transactions(order.id)).toHaveLength(1);
    expect(invoicesOf(shop, order.id)).toHaveLength(1);
    expect(orderRow(shop, order.id).price_paid).toBe(order.total);
    // The invoice the payment issued, in the tracking data (spec: Order invoices (number)) and on its page.
    const [number] = invoicesOf(shop, order.id);
    const api = await shop.app.request(`/api/purchase/${order.hash}`);
    expect(((await api.json()) as { data: { invoices: unknown } }).data.invoices).toEqual([{ number, issuedAt: expect.any(Number) }]);
    expect(after.doc!.querySelector('[data-field="invoices"]')!.textContent).toBe(`Faktúra č. ${number}`);
  });

  it('refuses a return whose signature was tampered with: 400 Slovak page, nothing changed', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { params } = await startAt(b, order);
    const signed = bank.signResult({ reference: params.ref, status: 'paid', amount: order.total, currency: 'EUR' });
    for (const forged of [{ ...signed, amount: String(order.total - 100), status: 'paid' }, { ...signed, sig: signed.sig.slice(0, -2) + (signed.sig.endsWith('AA') ? 'BB' : 'AA') }, { ...signed, sig: '' }]) {
      const response = await b.get(`/payment/return?${new URLSearchParams(forged)}`);
      expect(response.status).toBe(400);
      expect(response.doc!.querySelector('.error-page')!.textContent).toContain('Platbu sa nepodarilo overiť');
    }
    expect(orderRow(shop, order.id)).toMatchObject({ paid_at: null, price_paid: 0 });
    expect(transactions(order.id)[0].status).toBe('pending');
    expect(events(order.id).map((e) => e.type)).toEqual(['start']);
  });

  it('refuses a correctly signed answer whose amount or currency differs from the transaction', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { params } = await startAt(b, order);
    const wrongAmount = bank.signResult({ reference: params.ref, status: 'paid', amount: order.total - 1, currency: 'EUR' });
    const wrongCurrency = bank.signResult({ reference: params.ref, status: 'paid', amount: order.total, currency: 'CZK' });
    const unknownRef = bank.signResult({ reference: 'A'.repeat(32), status: 'paid', amount: order.total, currency: 'EUR' });
    for (const fields of [wrongAmount, wrongCurrency, unknownRef]) {
      expect((await b.get(`/payment/return?${new URLSearchParams(fields)}`)).status).toBe(400);
      expect((await notify(fields)).status).toBe(400);
    }
    expect(orderRow(shop, order.id)).toMatchObject({ paid_at: null, price_paid: 0 });
    expect(invoicesOf(shop, order.id)).toEqual([]);
    expect(events(order.id).map((e) => e.type)).toEqual(['start']);
  });

  it('answers the same 404 for a missing or other-shop hash, an unknown bank key and a bank the payment does not offer', async () => {
    const b = new Browser(shop);
    const sk = await placeOrder(shop, b);
    const cod = await placeOrder(shop, new Browser(shop), { payment: 1 });
    const cz = new Browser(shop);
    const czOrder = await placeOrder(shop, cz, { host: CZ_HOST });
    const missing = await b.get(`/payment/${'x'.repeat(22)}/card`);
    const foreign = await b.get(`/payment/${czOrder.hash}/card`);
    expect(missing.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.doc!.querySelector('h1')!.textContent).toBe(missing.doc!.querySelector('h1')!.textContent);
    expect((await b.get(`/payment/${sk.hash}/paypal`)).status).toBe(404);
    expect((await b.get(`/payment/${cod.hash}/card`)).status).toBe(404);
    // Payment 10 (Czech buyers) offers the card only.
    expect((await cz.get(`/payment/${czOrder.hash}/tatrabanka`, { host: CZ_HOST })).status).toBe(404);
    const czStart = await cz.get(`/payment/${czOrder.hash}/card`, { host: CZ_HOST });
    expect(czStart.status).toBe(303);
    expect(new URL(czStart.location!, 'http://x').searchParams.get('currency')).toBe('CZK');
    expect(transactions(sk.id)).toEqual([]);
    expect(transactions(cod.id)).toEqual([]);
    // A COD order's tracking page has no chooser.
    expect((await b.get(`/sledovanie-zasielky/${cod.hash}`)).doc!.querySelector('[data-field="payment-chooser"]')).toBeNull();
  });

  it('takes a duplicate notification with 200 and pays once; 20 concurrent notifications pay once', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { params } = await startAt(b, order);
    const fields = bank.signResult({ reference: params.ref, status: 'paid', amount: order.total, currency: 'EUR' });
    const first = await notify(fields);
    const second = await notify(fields);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.text()).toBe('OK');
    expect(invoicesOf(shop, order.id)).toHaveLength(1);

    const other = await placeOrder(shop, new Browser(shop));
    const { params: p2 } = await startAt(new Browser(shop), other, 'card');
    const f2 = bank.signResult({ reference: p2.ref, status: 'paid', amount: other.total, currency: 'EUR' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(f2)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(invoicesOf(shop, other.id)).toHaveLength(1);
    expect(orderRow(shop, other.id).price_paid).toBe(other.total);
    expect(events(other.id).filter((e) => e.type === 'notify' && e.text.startsWith('Zaplatené'))).toHaveLength(1);
  });

  it('refuses a notification with a bad signature and never needs a CSRF token for a good one', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { params } = await startAt(b, order);
    const fields = bank.signResult({ reference: params.ref, status: 'paid', amount: order.total, currency: 'EUR' });
    expect((await notify({ ...fields, sig: new TestBank('another-secret-another-secret-0123456789').signResult({ reference: params.ref, status: 'paid', amount: order.total, currency: 'EUR' }).sig })).status).toBe(400);
    expect(orderRow(shop, order.id).paid_at).toBeNull();
    // Other POSTs under /payment still need the token (from a browser holding a session).
    const other = await shop.app.request('/payment/return', { method: 'POST', body: new URLSearchParams(fields), headers: { host: '127.0.0.1:3000', cookie: `sid=${b.sid}`, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(other.status).toBe(403);
    expect((await notify(fields)).status).toBe(200);
    expect(orderRow(shop, order.id).paid_at).not.toBeNull();
  });

  it('a declined payment leaves the order unpaid, says so, and the shopper can pay again', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { location } = await startAt(b, order, 'slsp');
    const page = await b.get(location);
    const declined = await b.form('/test-bank/pay', { ...formFields(page.doc!), decision: 'decline' });
    const back = await b.get(declined.location!);
    expect(back.location).toBe(`/sledovanie-zasielky/${order.hash}?platba=zamietnuta`);
    const tracking = await b.get(back.location!);
    expect(tracking.doc!.querySelector('[data-field="payment-notice"]')!.textContent).toBe('Platba nebola dokončená. Môžete ju skúsiť znova.');
    expect(tracking.doc!.querySelector('[data-field="payment-chooser"]')).not.toBeNull();
    expect(transactions(order.id).map((t) => t.status)).toEqual(['failed']);
    expect(orderRow(shop, order.id).paid_at).toBeNull();

    const retry = await startAt(b, order, 'card');
    const paid = await b.form('/test-bank/pay', { ...formFields((await b.get(retry.location)).doc!), decision: 'pay' });
    await b.get(paid.location!);
    expect(transactions(order.id).map((t) => t.status)).toEqual(['failed', 'paid']);
    expect(orderRow(shop, order.id).price_paid).toBe(order.total);
  });

  it('the chooser without JavaScript: no choice shows "Vyberte spôsob platby", a choice goes to the gateway', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const none = await b.get(`/payment/${order.hash}`);
    expect(none.status).toBe(303);
    expect(none.location).toBe(`/sledovanie-zasielky/${order.hash}?platba=vyber#platba`);
    const page = await b.get(none.location!.replace(/#.*/, ''));
    expect(page.doc!.querySelector('.payment-chooser__warning[role="alert"]')!.textContent).toBe('Vyberte spôsob platby');
    const chosen = await b.get(`/payment/${order.hash}?bank=other`);
    expect(chosen.location).toBe(`/payment/${order.hash}/other`);
    // A hand-typed success notice on an unpaid order shows nothing.
    expect((await b.get(`/sledovanie-zasielky/${order.hash}?platba=ok`)).doc!.querySelector('[data-field="payment-notice"]')).toBeNull();
  });

  it('the test bank refuses a request whose amount was changed on the way', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    const { params } = await startAt(b, order);
    const response = await b.get(`/test-bank/pay?${new URLSearchParams({ ...params, amount: '1' })}`);
    expect(response.status).toBe(400);
    expect(response.doc!.querySelector('.error-page')!.textContent).toContain('Testovacia banka: požiadavka obchodu nemá platný podpis.');
  });

  it('a cancelled order offers no payment and the gateway sends the shopper back', async () => {
    const b = new Browser(shop);
    const order = await placeOrder(shop, b);
    sqlite().prepare('UPDATE orders SET cancelled_at = ? WHERE id = ?').run(Date.now(), order.id);
    expect((await b.get(`/sledovanie-zasielky/${order.hash}`)).doc!.querySelector('[data-field="payment-chooser"]')).toBeNull();
    const start = await b.get(`/payment/${order.hash}/card`);
    expect(start.location).toBe(`/sledovanie-zasielky/${order.hash}`);
    expect(transactions(order.id)).toEqual([]);
  });
});

describe('without a payment provider (PAYMENT_PROVIDER=none)', () => {
  it('mounts no test bank, answers 404 at the gateway and shows no chooser', async () => {
    const off = createTestShop({ products: 20, env: { PAYMENT_PROVIDER: 'none' } });
    try {
      const b = new Browser(off);
      const order = await placeOrder(off, b);
      expect((await b.get(`/payment/${order.hash}/card`)).status).toBe(404);
      expect((await b.get('/test-bank/pay?ref=x')).status).toBe(404);
      expect((await b.get(`/sledovanie-zasielky/${order.hash}`)).doc!.querySelector('[data-field="payment-chooser"]')).toBeNull();
    } finally {
      off.close();
    }
  });
});

describe('payment settings', () => {
  it('turns the test bank on outside production only, and wants a long secret', () => {
    expect(loadConfig({}).payments.provider).toBe('test-bank');
    expect(loadConfig({ NODE_ENV: 'production' }).payments.provider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test-bank' }).payments.provider).toBe('test-bank');
    expect(loadConfig({}).payments.secret).not.toBe(loadConfig({}).payments.secret);
    expect(() => loadConfig({ PAYMENT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(ConfigError);
  });
});
