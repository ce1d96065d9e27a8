import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { runStaffCli } from '../../server/staff/cli';
import { totpCode } from '../server/admin.client';
import { consentGiven, readOutbox } from './discovery-helpers';
import { journey, screenshot, scrollWidth, useShop, VIEWPORTS } from './harness';

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
const state = { secret: '', recovery: [] as string[], productId: '' };
const NAME = 'Smaltovaný hrniec Journey';

function firstAdminLink(): string {
  const db = openDb(s.shop.dbFile);
  try {
    const out: string[] = [];
    const config = loadConfig({ DB_FILE: s.shop.dbFile, SHOP_SK_ORIGIN: s.shop.url });
    expect(runStaffCli(db, config, ['create-admin', '--email', ADMIN.email], (line) => out.push(line))).toBe(0);
    return out.find((line) => line.includes('/admin/pozvanka/'))!;
  } finally {
    db.$client.close();
  }
}

async function enrol(page: Page) {
  await page.goto(firstAdminLink());
  state.secret = (await page.locator('[data-field="totp-secret"]').textContent())!.replace(/\s+/g, '');
  await page.locator('input[name="name"]').fill('Katalóg');
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('input[name="password2"]').fill(ADMIN.password);
  await page.locator('input[name="code"]').fill(totpCode(state.secret, new Date()));
  await page.locator('form.admin-form button[type="submit"]').click();
  await page.locator('[data-field="recovery-codes"]').waitFor();
  state.recovery = await page.locator('[data-field="recovery-codes"] code').allTextContents();
  await page.locator('a.button', { hasText: 'pokračovať' }).click();
  await page.locator('form[action="/admin/odhlasenie"] button').click();
  await page.waitForURL(/\/admin\/prihlasenie\?ok=signed-out/);
}

async function signIn(page: Page, code: string) {
  await page.goto(`${s.shop.url}/admin`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await Promise.all([page.waitForURL(/\/admin\/prihlasenie\/overenie/), page.locator('form.admin-form button[type="submit"]').click()]);
  await page.locator('input[name="code"]').fill(code);
  await Promise.all([page.waitForURL((u) => u.pathname === '/admin'), page.locator('form.admin-form button[type="submit"]').click()]);
}

const submit = (page: Page, form: string, url: RegExp) => Promise.all([page.waitForURL(url), page.locator(`form[data-form="${form}"] button[type="submit"]`).click()]);

describe('catalogue in the back office', () => {
  it('desktop: a category and a product with an image, seen in the shop; a lower price mails the shopper who watches it', () =>
    journey(s.browser, desktop, {}, async ({ page, context }) => {
      await enrol(page);
      // A code of the next step: the enrolment used this one.
      await signIn(page, totpCode(state.secret, new Date(Date.now() + 30_000)));

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
      await signIn(page, state.recovery[0]);
      await page.goto(`${s.shop.url}/admin/produkty?q=Smaltovan`);
      await page.locator(`[data-product="${state.productId}"]`).waitFor();
      await page.goto(`${s.shop.url}/admin/produkty`);
      await page.locator('[data-table="products"]').waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
      await screenshot(page, 'admin-products-phone');
    }));
});
