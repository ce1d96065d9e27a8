import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, journey, scrollWidth, useShop, VIEWPORTS } from './harness';
import { consentGiven, readOutbox } from './discovery-helpers';
import { SHOPPER_PASSWORD, signUpThroughPage } from './account-helpers';
import { addFromProductPage, orderByBankTransfer } from './checkout-helpers';
import { enrolStaff, staffSignIn, type StaffMember } from './staff-helpers';

/**
 * Issue 21, the seller's whole story in one journey: a new consumer signs up as a seller, the
 * operator approves the account in /admin/schvalovanie, the seller fills Údaje obchodu, the operator
 * approves the shop (its data then locked), the seller adds a product with an image and sees it
 * wait, the operator approves it (a message arrives in Správy), only its price can change, a shopper
 * finds it on the seller's page and buys it by bank transfer, and the seller sees the line in Predaje
 * with the month filter and the CSV. The seller keeps the product's stock (docs/decisions/253): typed on
 * create, changed again after approval. Desktop; the same seller's pages then at 375 px.
 * Every seller and admin page visited passes axe.
 */
const s = useShop({ products: 40, env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'obchod-e2e-uploads-')) } });
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const SELLER = { email: `predajca.${Date.now()}@example.sk`, shop: 'Dielňa Ľan a niť', product: 'Ľanová taška Journey' };
const state = { order: '' };

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}

async function sellerSignIn(page: Page): Promise<void> {
  await page.goto(`${s.shop.url}/moje/prihlasenie`);
  const form = page.locator('form.auth-form');
  await form.locator('[name="username"]').fill(SELLER.email);
  await form.locator('[name="password"]').fill(SHOPPER_PASSWORD);
  await Promise.all([page.waitForURL(/\/moje\/konto$/), form.locator('button[type="submit"]').click()]);
}

/** Clicks an approval form's button on /admin/schvalovanie and waits for the page's notice. */
async function approve(staff: Page, row: string, notice: string, hasText?: string): Promise<void> {
  await staff.goto(`${s.shop.url}/admin/schvalovanie`);
  await Promise.all([staff.waitForURL(/\/admin\/schvalovanie\?ok=/), staff.locator(row, { hasText }).locator('button', { hasText: 'Schváliť' }).click()]);
  expect(await staff.locator('[data-field="notice"]').textContent()).toContain(notice);
}

describe("the seller's story", () => {
  it('desktop: signed up, approved, shop data, a product approved and sold, the sale in Predaje', () =>
    journey(s.browser, desktop, {}, async ({ page, context }) => {
      const operator: Promise<StaffMember> = enrolStaff(s.shop.dbFile, 'schvalovatel@obchod.sk');
      await consentGiven(context, s.shop.url);
      // The operator works in another tab of the same browser: the staff session is its own cookie.
      const staff = await context.newPage();

      // A new consumer applies to sell: the shop sends them to sign in once approved.
      await signUpThroughPage(page, s.shop.url, SELLER.email, { seller: true });
      expect(new URL(page.url()).pathname).toBe('/moje/prihlasenie');

      await staffSignIn(staff, s.shop.url, await operator);
      await staff.goto(`${s.shop.url}/admin/schvalovanie`);
      await staff.locator(`[data-account="${SELLER.email}"]`).waitFor();
      await expectAxeClean(staff, '/admin/schvalovanie');
      await approve(staff, `[data-account="${SELLER.email}"]`, 'Rozhodnutie je uložené a žiadateľ dostal e-mail.');
      await expect.poll(() => readOutbox(s.shop.outbox).filter((m) => m.to.includes(SELLER.email)).map((m) => m.subject)).toContain('Vaše konto predajcu je schválené');

      // Údaje obchodu, with a picture.
      await sellerSignIn(page);
      const picture = { name: 'obchod.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 160, height: 160, channels: 3, background: '#2a7' } }).png().toBuffer() };
      await page.goto(`${s.shop.url}/moje/udaje-obchodu`);
      const profile = page.locator('shop-seller-profile form.seller-profile');
      // The widget's own form (its ids, not the server's f-…): typed into, it keeps what was typed.
      await profile.locator('input[name="name"]:not(#f-seller-name)').waitFor();
      await expectAxeClean(page, '/moje/udaje-obchodu');
      await profile.locator('input[name="name"]').fill(SELLER.shop);
      await profile.locator('textarea[name="description"]').fill('Ručne šité tašky z ľanu');
      await profile.locator('input[type="file"]').setInputFiles(picture);
      await expect.poll(() => profile.locator('.seller-profile__preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await profile.locator('button[type="submit"]').click();
      await expect.poll(() => page.locator('shop-seller-profile .shop-toast').textContent()).toBe('Údaje obchodu boli úspešne uložené');
      await expect.poll(() => profile.locator('.seller-profile__preview').getAttribute('src')).toMatch(/^\/data\/seller\/image\/\d+\.png$/);

      // The operator approves the shop; its data are locked from then on.
      await approve(staff, '[data-seller]', 'Rozhodnutie o obchode predajcu je uložené.', SELLER.shop);
      await page.reload();
      await expect.poll(() => page.locator('shop-seller-profile').textContent()).toContain('Obchod je schválený. Už nemôžete robiť úpravy.');
      expect(await profile.locator('button[type="submit"]').isDisabled()).toBe(true);

      // A product with an image, waiting for approval.
      await page.goto(`${s.shop.url}/moje/produkty`);
      const table = page.locator('shop-seller-products');
      await table.locator('.seller-products__add-button').click();
      const dialog = page.locator('.seller-dialog');
      await dialog.locator('input').first().fill(SELLER.product);
      await dialog.locator('input[inputmode="decimal"]').fill('24,90');
      await dialog.locator('input[name="quantity"]').fill('3');
      await dialog.locator('input[type="file"]').setInputFiles({ ...picture, name: 'taska.png' });
      await expectAxeClean(page, '/moje/produkty, the add dialog');
      await dialog.locator('button[type="submit"]').click();
      await expect.poll(() => table.locator('.shop-toast').textContent()).toBe('Produkt bol úspešne vytvorený');
      await expect(dialog.count()).resolves.toBe(0);
      const row = table.locator('tbody tr[data-product]');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('.seller-status').getAttribute('title')).toBe('Čaká na schválenie');
      expect(await row.textContent()).toContain('24,90');
      expect(await table.locator('tfoot').textContent()).toBe('Spolu produktov: 1');
      await expectAxeClean(page, '/moje/produkty');
      const id = await row.getAttribute('data-product');

      // The operator approves it: the seller is told in Správy, and only the price can change now.
      await approve(staff, `tr[data-product="${id}"]`, 'Produkt je schválený a v obchode sa dá kúpiť.');
      await table.locator('.seller-products__refresh').click();
      await expect.poll(() => row.locator('.seller-status').getAttribute('title')).toBe('Schválené');
      await row.locator('.seller-products__edit').click();
      await expect.poll(() => dialog.textContent()).toContain('Produkt je schválený. Môžete upraviť iba cenu.');
      expect(await dialog.locator('input').first().isDisabled()).toBe(true);
      expect(await dialog.textContent()).toContain('Počet kusov na sklade môžete upraviť kedykoľvek.');
      expect(await dialog.locator('input[name="quantity"]').inputValue()).toBe('3');
      await dialog.locator('input[inputmode="decimal"]').fill('19,50');
      // The seller's own stock, still editable after approval (the operator no longer types it).
      await dialog.locator('input[name="quantity"]').fill('5');
      await dialog.locator('button[type="submit"]').click();
      await expect.poll(() => table.locator('.shop-toast').textContent()).toBe('Produkt bol úspešne aktualizovaný');
      await expect.poll(() => row.textContent()).toContain('19,50');
      await row.locator('.seller-products__expand').click();
      await expect.poll(() => table.locator('.seller-products__stock').textContent()).toBe('Počet kusov na sklade: 5');

      await page.goto(`${s.shop.url}/moje/spravy`);
      const messages = page.locator('shop-messages');
      await expect.poll(() => messages.locator('tbody').textContent()).toContain(`Produkt ${SELLER.product} je schválený`);
      expect(await messages.locator('tbody').textContent()).toContain(`Váš obchod ${SELLER.shop} je schválený`);
      expect(await page.locator('.account-menu [data-unread]').first().textContent()).toBe('2');
      await expectAxeClean(page, '/moje/spravy');

      // A shopper in another browser context finds it on the seller's page and buys it.
      await journey(s.browser, desktop, {}, async ({ page: shopper, context: shopperContext }) => {
        await consentGiven(shopperContext, s.shop.url);
        await shopper.goto(`${s.shop.url}/hladaj?q=${encodeURIComponent('Ľanová taška Journey')}`);
        await Promise.all([shopper.waitForURL(/\/lanova-taska-journey[\w-]*$/), shopper.locator('.product-card a', { hasText: SELLER.product }).first().click()]);
        const productPath = new URL(shopper.url()).pathname;
        expect(await shopper.locator('h1').textContent()).toContain(SELLER.product);
        expect(await shopper.locator('main').textContent()).toContain('19,50');
        await Promise.all([shopper.waitForURL(/\/obchod\//), shopper.locator('.seller-card__name', { hasText: SELLER.shop }).click()]);
        await shopper.locator('.product-card', { hasText: SELLER.product }).waitFor();
        const url = new URL(shopper.url()).pathname;
        await addFromProductPage(shopper, s.shop.url, { id: Number(id), name: SELLER.product, url: productPath, price: 1950 });
        await orderByBankTransfer(shopper, s.shop.url);
        state.order = /č\.\s*(\d{10})/.exec((await shopper.locator('h1.tracking__title').textContent())!)![1];
        expect(url).toMatch(/^\/obchod\/[a-z0-9-]+$/);
      });

      // The seller sees the sold line, filters by this month and gets the same line as CSV.
      await page.goto(`${s.shop.url}/moje/predaje`);
      const line = page.locator('.seller-sales tbody tr', { hasText: state.order });
      expect(await line.textContent()).toContain(SELLER.product);
      expect(await line.textContent()).toContain('19,50');
      await expectAxeClean(page, '/moje/predaje');
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit' }).format(new Date());
      await page.locator('#sales-month').selectOption(month);
      await Promise.all([page.waitForURL(new RegExp(`/moje/predaje\\?mesiac=${month}$`)), page.locator('.seller-sales__filter button[type="submit"]').click()]);
      await line.waitFor();
      const csvHref = await page.locator('a[download]', { hasText: 'Stiahnuť CSV' }).getAttribute('href');
      expect(csvHref).toBe(`/moje/predaje.csv?mesiac=${month}`);
      const csv = await page.evaluate(async (href) => (await fetch(href)).text(), csvHref!);
      expect(csv).toContain(state.order);
      expect(csv).toContain(SELLER.product);
    }), 120_000);

  it("phone: the seller's pages fit 375 px", () =>
    journey(s.browser, phone, {}, async ({ page, context }) => {
      expect(state.order, 'the desktop story sold the product').toMatch(/^\d{10}$/);
      await consentGiven(context, s.shop.url);
      await sellerSignIn(page);
      for (const path of ['/moje/udaje-obchodu', '/moje/produkty', '/moje/predaje', '/moje/spravy']) {
        await page.goto(`${s.shop.url}${path}`);
        expect(await scrollWidth(page), path).toBeLessThanOrEqual(phone.width);
        if (path !== '/moje/produkty') continue;
        // The Produkty table fits the screen: its box ends inside it (a phone scrolls the table, not the page).
        await page.locator('shop-seller-products tbody tr[data-product]').waitFor();
        const box = (await page.locator('shop-seller-products').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      }
    }));
});
