import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { journey, useShop, VIEWPORTS } from './harness';
import { consentGiven, parseMoney } from './discovery-helpers';
import { CUSTOMER } from '../setup/customer';

/** The test bank is off by default where NODE_ENV=production (the built server): turned on here. */
const s = useShop({ env: { PAYMENT_PROVIDER: 'test-bank', PAYMENT_SECRET: 'e2e-payment-secret-e2e-payment-secret-01' } });

/**
 * Places an order with payment 30 ("Online platba kartou alebo cez banku") the way the cart widgets
 * do: the JSON API from the page, with the page's session and CSRF token. Answers its hash.
 */
async function placeOrder(page: Page): Promise<string> {
  await page.goto(`${s.shop.url}/`);
  const ids = await page.locator('.product-card[data-product-id]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id'))));
  return page.evaluate(
    async ({ ids, customer }) => {
      const csrf = JSON.parse(document.getElementById('shop-defaults')!.textContent!).csrf as string;
      const post = (path: string, body: object) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) });
      let added = false;
      for (const id of ids) if (!added) added = (await post('/api/cart/add', { product_id: id, quantity: 1 })).ok;
      if (!added) throw new Error('no product on the home page could be added');
      for (const [path, body] of [['/api/cart/delivery', { id: 1 }], ['/api/cart/payment', { id: 30 }]] as const) {
        const answer = await post(path, body);
        if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      }
      const submitted = await post('/api/cart/submit', customer);
      if (!submitted.ok) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
      return ((await submitted.json()) as { data: { hash: string } }).data.hash;
    },
    { ids, customer: CUSTOMER },
  );
}

/** What the shop's database says about the order's payment (read beside the running server; WAL). */
function paymentState(dbFile: string, hash: string) {
  const db = openDb(dbFile);
  try {
    const sql = db.$client;
    const order = sql.prepare('SELECT id, total, price_paid AS paid, paid_at AS paidAt FROM orders WHERE hash = ?').get(hash) as { id: number; total: number; paid: number; paidAt: number | null };
    const count = (query: string) => (sql.prepare(query).get(order.id) as { n: number }).n;
    return {
      ...order,
      invoices: count('SELECT COUNT(*) AS n FROM invoices WHERE order_id = ?'),
      transactions: count('SELECT COUNT(*) AS n FROM payment_transactions WHERE order_id = ?'),
      paidEvents: count("SELECT COUNT(*) AS n FROM payment_events WHERE order_id = ? AND text LIKE 'Zaplatené:%'"),
    };
  } finally {
    db.$client.close();
  }
}

async function expectPaid(tab: Page, total: number): Promise<void> {
  const paid = tab.locator('[data-field="paid"]');
  await paid.waitFor({ state: 'visible' });
  expect(await paid.locator('strong').textContent()).toBe('Zaplatené');
  expect(parseMoney(await paid.locator('[data-field="price-payed"]').textContent())).toBe(total);
  expect(await tab.locator('[data-field="payment-chooser"]').count()).toBe(0);
}

describe('paying an order at the test bank', () => {
  for (const vp of VIEWPORTS) {
    it(`the chooser opens the gateway in a new tab, the test bank marks the order paid once (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const hash = await placeOrder(page);
        await page.goto(`${s.shop.url}/sledovanie-zasielky/${hash}`);
        const total = parseMoney(await page.locator('[data-total="total"]').textContent());

        // The widget has taken over the form: pay disabled, the warning shown, until a bank is chosen.
        const chooser = page.locator('shop-payment-chooser');
        const pay = chooser.locator('button.payment-chooser__pay');
        await chooser.locator('button.payment-chooser__pay[disabled]').waitFor({ state: 'visible' });
        expect(await chooser.locator('.payment-chooser__warning').textContent()).toBe('Vyberte spôsob platby');
        await chooser.getByRole('radio', { name: 'Tatra banka' }).check();
        await expect.poll(() => pay.isEnabled()).toBe(true);
        expect(await chooser.locator('.payment-chooser__warning').textContent()).toBe('');

        const [bank] = await Promise.all([context.waitForEvent('page'), pay.click()]);
        await bank.waitForURL(/\/test-bank\/pay\?/);
        expect(parseMoney(await bank.locator('[data-field="amount"]').textContent())).toBe(total);
        expect(await bank.locator('[data-field="bank"]').textContent()).toBe('Tatra banka');
        expect((await bank.locator('[data-field="merchant"]').textContent())?.trim()).toBeTruthy();
        expect(paymentState(s.shop.dbFile, hash)).toMatchObject({ paidAt: null, paid: 0, transactions: 1 });

        await bank.getByRole('button', { name: 'Zaplatiť', exact: true }).click();
        await bank.waitForURL((url) => url.pathname === `/sledovanie-zasielky/${hash}` && url.searchParams.get('platba') === 'ok');
        expect(await bank.locator('[data-field="payment-notice"]').textContent()).toBe('Platba prebehla úspešne. Ďakujeme!');
        await expectPaid(bank, total);

        // The shopper's first tab shows it too once reloaded.
        await page.reload();
        await expectPaid(page, total);

        // Opening the gateway again sends the shopper back to the tracking page and pays nothing twice.
        await bank.goto(`${s.shop.url}/payment/${hash}/card`);
        expect(new URL(bank.url()).pathname).toBe(`/sledovanie-zasielky/${hash}`);
        await expectPaid(bank, total);
        expect(paymentState(s.shop.dbFile, hash)).toMatchObject({ total, paid: total, invoices: 1, transactions: 1, paidEvents: 1 });
      }));
  }

  it('works without JavaScript: the plain form asks for a bank, then pays in a new tab', () =>
    journey(s.browser, VIEWPORTS[1], {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      const hash = await placeOrder(page);
      const noJs = await s.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
      try {
        await noJs.addCookies(await context.cookies(s.shop.url));
        const tab = await noJs.newPage();
        await tab.goto(`${s.shop.url}/sledovanie-zasielky/${hash}`);
        const form = tab.locator('shop-payment-chooser form.payment-chooser__form');
        const [asked] = await Promise.all([noJs.waitForEvent('page'), form.locator('button[type=submit]').click()]);
        await asked.waitForURL((url) => url.searchParams.get('platba') === 'vyber');
        expect(await asked.locator('.payment-chooser__warning[role="alert"]').textContent()).toBe('Vyberte spôsob platby');
        await form.getByRole('radio', { name: 'Platobná karta' }).check();
        const [bank] = await Promise.all([noJs.waitForEvent('page'), form.locator('button[type=submit]').click()]);
        await bank.waitForURL(/\/test-bank\/pay\?/);
        await bank.getByRole('button', { name: 'Zaplatiť', exact: true }).click();
        await bank.waitForURL((url) => url.pathname === `/sledovanie-zasielky/${hash}`);
        await expectPaid(bank, paymentState(s.shop.dbFile, hash).total);
      } finally {
        await noJs.close();
      }
    }));
});
