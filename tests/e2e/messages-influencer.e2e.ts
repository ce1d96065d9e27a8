import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { assignInfluencer } from '../../server/vouchers/influencer.service';
import { consentGiven } from './discovery-helpers';
import { SHOPPER_PASSWORD, signUpThroughPage } from './account-helpers';
import { addFromProductPage, orderByBankTransfer, productWithAlignment } from './checkout-helpers';
import { journey, scrollWidth, useShop, VIEWPORTS } from './harness';
import { enrolStaff, staffSignIn } from './staff-helpers';

/**
 * Issue 21, messages and influencers: a consumer sends the shop a message, the operator answers in
 * /admin/spravy, the consumer sees the count and marks the answer read; an order through an
 * influencer's share link shows on the influencer's page. At phone and desktop widths.
 */
const s = useShop({ products: 60 });
const PASSWORD = SHOPPER_PASSWORD;

/** Writes to the running shop's DB file (WAL) with the app's own services. */
function withDb<T>(work: (db: ReturnType<typeof openDb>) => T): T {
  const db = openDb(s.shop.dbFile);
  try {
    return work(db);
  } finally {
    db.$client.close();
  }
}

/** Signs up through the page; true when the shop signed the new account in at once. */
async function signUp(page: Page, email: string): Promise<boolean> {
  await signUpThroughPage(page, s.shop.url, email);
  return new URL(page.url()).pathname === '/moje/konto';
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${s.shop.url}/moje/prihlasenie`);
  if (new URL(page.url()).pathname !== '/moje/prihlasenie') {
    await page.context().clearCookies();
    await page.goto(`${s.shop.url}/moje/prihlasenie`);
  }
  const form = page.locator('form.auth-form');
  await form.locator('[name="username"]').fill(email);
  await form.locator('[name="password"]').fill(PASSWORD);
  await Promise.all([page.waitForURL(/\/moje\/konto$/), form.locator('button[type="submit"]').click()]);
}

/**
 * Forgets the signed-in shopper: the page is left first, so a widget of the signed-in page (the
 * header's point count) cannot ask for its data after the cookies went (a 401 in the console).
 */
async function leave(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('about:blank');
  await context.clearCookies();
}

/** The influencer and code the first width makes and orders with; the second only looks. */
const shared = { code: '', influencer: `influencer.${Date.now()}@example.sk` };

describe('messages and influencer codes', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.name}: a message, the shop's answer read; an influencer's code used in an order`, () =>
      journey(s.browser, viewport, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const stamp = `${viewport.name}.${Date.now()}`;
        const consumer = `zakaznik.${stamp}@example.sk`;
        if (!(await signUp(page, consumer))) await signIn(page, consumer);

        // The consumer writes: an empty text is refused in the dialog, a text is sent with the toast.
        await page.goto(`${s.shop.url}/moje/spravy`);
        const messages = page.locator('shop-messages');
        await messages.locator('.messages__open').click();
        const dialog = page.locator('.seller-dialog');
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(() => dialog.locator('.form-field__error').textContent()).toBe('Vyplňte text správy');
        await dialog.locator('textarea').fill('Dobrý deň, kedy budú opäť košíky?');
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(() => messages.locator('.shop-toast').textContent()).toBe('Správa bola odoslaná');
        await expect.poll(() => messages.locator('tbody tr').count()).toBe(1);
        expect((await messages.locator('.messages__seen').textContent())?.trim()).toBe('-');
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

        // The operator answers in the back office.
        await staffSignIn(page, s.shop.url, await enrolStaff(s.shop.dbFile, `operator.${stamp}@obchod.sk`));
        await page.goto(`${s.shop.url}/admin/spravy`);
        await page.locator('[data-table="conversations"] a', { hasText: consumer }).click();
        await page.locator('textarea[name="text"]').fill('Budú o týždeň.');
        await Promise.all([page.waitForURL(/ok=sent/), page.locator('form.admin-form button[type="submit"]').click()]);

        // The consumer sees the count, marks the answer read, and the count goes.
        await page.goto(`${s.shop.url}/moje/spravy`);
        expect(await page.locator('.account-menu [data-unread]').first().textContent()).toBe('1');
        await messages.locator('.messages__mark').click();
        await expect.poll(() => messages.locator('.shop-toast').textContent()).toBe('Správa bola označená ako prečítaná');
        await expect.poll(() => messages.locator('.messages__mark').count()).toBe(0);
        await page.reload();
        expect(await page.locator('.account-menu [data-unread]').count()).toBe(0);

        // An influencer's code, shared as a link, used in one order (at the first width); the influencer sees it.
        await leave(page, context);
        await consentGiven(context, s.shop.url);
        if (!shared.code) {
          shared.code = `INF${Date.now() % 1_000_000}`;
          await signUp(page, shared.influencer);
          withDb((db) => {
            db.$client.prepare('INSERT INTO vouchers (code, type, value, amount_from, single_use, created_at) VALUES (?, 2, 10, 0, 0, ?)').run(shared.code, Date.now());
            expect(assignInfluencer(db, shared.code, shared.influencer, 5)).toBe(true);
          });
          await leave(page, context);
          await consentGiven(context, s.shop.url);
          const product = await productWithAlignment(s.shop.url);
          await addFromProductPage(page, s.shop.url, product);
          await page.goto(`${s.shop.url}/kupon/${shared.code}`);
          expect(new URL(page.url()).pathname).toBe('/nakupny-kosik');
          await orderByBankTransfer(page, s.shop.url);
        }
        const { code, influencer } = shared;

        await leave(page, context);
        await consentGiven(context, s.shop.url);
        await signIn(page, influencer);
        await page.goto(`${s.shop.url}/moje/influencer-kupony`);
        const card = page.locator(`.influencer-voucher[data-code="${code}"]`);
        expect(await card.locator('[data-field="uses"]').textContent()).toBe('1');
        expect(await card.locator('[data-field="total"]').textContent()).toMatch(/\d/);
        expect(await card.locator('[data-field="commission"]').textContent()).toMatch(/\d/);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      }));
  }
});
