import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { consentGiven, readOutbox } from './discovery-helpers';
import { journey, screenshot, scrollWidth, useShop, VIEWPORTS } from './harness';
import { acceptInvitationThroughPage, firstAdminLink, staffSignIn, type StaffMember } from './staff-helpers';

/**
 * Issue 20, "Done when" (catalogue): an admin signs in with TOTP, creates a category and a product
 * with an image, opens the shop and sees both (category page, product page with the image); a
 * shopper watches the product's price through the shop's own watchdog API; the admin lowers the
 * price and the watch's mail is in the outbox folder. The product list fits 375 px.
 */
const s = useShop({ products: 40 });
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const ADMIN = { email: 'katalog@obchod.sk', password: 'Zelená lampa na stole 77' };
const state = { admin: null as unknown as StaffMember, productId: '' };
const NAME = 'Smaltovaný hrniec Journey';

async function enrol(page: Page) {
  state.admin = await acceptInvitationThroughPage(page, firstAdminLink(s.shop.dbFile, s.shop.url, ADMIN.email), { email: ADMIN.email, name: 'Katalóg', password: ADMIN.password });
  await page.locator('a.button', { hasText: 'pokračovať' }).click();
  await page.locator('form[action="/admin/odhlasenie"] button').click();
  await page.waitForURL(/\/admin\/prihlasenie\?ok=signed-out/);
}

const submit = (page: Page, form: string, url: RegExp) => Promise.all([page.waitForURL(url), page.locator(`form[data-form="${form}"] button[type="submit"]`).click()]);

describe('catalogue in the back office', () => {
  it('desktop: a category and a product with an image, seen in the shop; a lower price mails the shopper who watches it', () =>
    journey(s.browser, desktop, {}, async ({ page, context }) => {
      await enrol(page);
      // The next step's code: the enrolment spent this one.
      await staffSignIn(page, s.shop.url, state.admin);

      await page.goto(`${s.shop.url}/admin/kategorie/nova`);
      await page.locator('input[name="name"]').fill('Smaltované hrnce');
      await page.locator('input[name="slug"]').fill('smaltovane-hrnce-journey');
      await submit(page, 'category', /\/admin\/kategorie\/\d+\?ok=ulozena/);
      const categoryId = /kategorie\/(\d+)/.exec(page.url())![1];

      await page.goto(`${s.shop.url}/admin/produkty/novy`);
      await page.locator('input[name="name"]').fill(NAME);
      await page.locator('input[name="code"]').fill('JOURNEY-1');
      await page.locator('select[name="category"]').selectOption(categoryId);
      await page.locator('select[name="visible"]').selectOption('2');
      await page.locator('input[name="quantity"]').fill('7');
      await page.locator('input[name="b2c_sk"]').fill('24,90');
      await page.locator('textarea[name="description"]').fill('Hrniec na polievku.');
      await submit(page, 'product', /\/admin\/produkty\/\d+\?ok=ulozeny/);
      state.productId = /produkty\/(\d+)/.exec(page.url())![1];

      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
      await page.locator('input[name="obrazok"]').setInputFiles({ name: 'hrniec.png', mimeType: 'image/png', buffer: png });
      await page.locator('#f-new-alt').fill('Zelený smaltovaný hrniec');
      await submit(page, 'image', /ok=obrazok/);
      const imageSrc = (await page.locator('[data-list="images"] img').first().getAttribute('src'))!;
      expect(imageSrc).toMatch(/^\/data\/product\/image\/medium\/sk\/[A-Za-z0-9_-]{22}\.jpg$/);
      await screenshot(page, 'admin-product-desktop');

      // The shop, as a shopper sees it.
      const shopper = await s.browser.newContext({ viewport: { width: desktop.width, height: desktop.height } });
      try {
        await consentGiven(shopper, s.shop.url);
        const shopPage = await shopper.newPage();
        await shopPage.goto(`${s.shop.url}/smaltovane-hrnce-journey`);
        await shopPage.getByText(NAME).first().waitFor();
        await shopPage.goto(`${s.shop.url}/smaltovany-hrniec-journey`);
        expect(await shopPage.locator('h1').textContent()).toContain(NAME);
        const shown = shopPage.locator(`img[src="${imageSrc}"]`).first();
        await shown.waitFor();
        expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        // The shopper watches the price through the shop's own API, with the page's token.
        const status = await shopPage.evaluate(async (product) => {
          const defaults = JSON.parse(document.getElementById('shop-defaults')!.textContent!) as { csrf: string };
          const response = await fetch('/api/watchdog', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': defaults.csrf },
            body: JSON.stringify({ product: Number(product), email: 'sleduje-hrniec@example.sk', price: true, price_value: '20,00' }),
          });
          return response.status;
        }, state.productId);
        expect(status).toBe(201);
      } finally {
        await shopper.close();
      }

      // The admin lowers the price below the shopper's limit.
      await page.goto(`${s.shop.url}/admin/produkty/${state.productId}`);
      await page.locator('input[name="b2c_sk"]').fill('19,90');
      await submit(page, 'product', /ok=ulozeny/);
      await expect
        .poll(() => readOutbox(s.shop.outbox).filter((m) => m.to.includes('sleduje-hrniec@example.sk')).map((m) => m.subject))
        .toEqual([`Cena klesla: ${NAME}`]);
      const price = await fetch(`${s.shop.url}/smaltovany-hrniec-journey`).then((r) => r.text());
      expect(price).toContain('19,90');
    }));

  it('phone: the product list fits 375 px', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      await staffSignIn(page, s.shop.url, state.admin, { recoveryCode: true });
      await page.goto(`${s.shop.url}/admin/produkty?q=Smaltovan`);
      await page.locator(`[data-product="${state.productId}"]`).waitFor();
      await page.goto(`${s.shop.url}/admin/produkty`);
      await page.locator('[data-table="products"]').waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
      await screenshot(page, 'admin-products-phone');
    }));
});
