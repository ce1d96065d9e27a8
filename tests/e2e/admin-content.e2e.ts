import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { journey, useShop, VIEWPORTS } from './harness';
import { enrolStaff, staffSignIn } from './staff-helpers';

/**
 * Issue 20 (content): an editor signs in with password and TOTP, writes a guide with a product
 * carousel inserted from the editor's tag list, sees the preview draw its product cards, publishes
 * it, and the shop's guide page shows the carousel; orders stay closed to an editor (403).
 */
const s = useShop({ products: 30 });
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const EDITOR = { email: 'redaktor@obchod.sk' };

describe('content in the back office', () => {
  it('an editor writes a guide with a product carousel, previews and publishes it; the shop shows the carousel; orders are refused', () =>
    journey(s.browser, desktop, { allow: [/status of 403/] }, async ({ page }) => {
      const editor = await enrolStaff(s.shop.dbFile, EDITOR.email, 'ROLE_EDITOR', 'Redaktor');
      const db = openDb(s.shop.dbFile);
      const productIds = db.$client.prepare("SELECT id FROM products WHERE visible = 1 AND type != 'variant' ORDER BY id LIMIT 3").pluck().all() as number[];
      db.$client.close();

      await staffSignIn(page, s.shop.url, editor);

      await page.goto(`${s.shop.url}/admin/navody/novy`);
      await page.locator('input[name="title"]').fill('Jesenná výsadba');
      await page.locator('input[name="slug"]').fill('jesenna-vysadba');
      const category = page.locator('select[name="categoryId"]');
      await category.selectOption({ index: 1 });
      await page.locator('textarea[name="short"]').fill('<p>Čo zasadiť na jeseň.</p>');
      const body = page.locator('textarea[name="body"]');
      await body.fill('<h2>Postup</h2><p>Vyberte si náradie:</p>\n');
      await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.length, area.value.length));
      await page.locator('shop-admin-guide-editor button[data-insert="shop-product-carousel"]').click();
      // The list's own example (server/content/article-widgets.ts), its ids then replaced by real ones.
      await expect.poll(() => body.inputValue()).toMatch(/<shop-product-carousel product-ids="[\d,]+"[^>]*><\/shop-product-carousel>/);
      await body.fill((await body.inputValue()).replace(/product-ids="[\d,]+"/, `product-ids="${productIds.join(',')}"`));

      // The live preview: the shop's own guide page in the frame, its carousel drawing the product cards.
      const preview = page.frameLocator('#content-preview');
      await expect.poll(() => preview.locator('.guide__title').textContent(), { timeout: 10_000 }).toBe('Jesenná výsadba');
      await expect.poll(() => preview.locator('.guide__body shop-product-carousel .product-card').count(), { timeout: 10_000 }).toBe(productIds.length);

      await Promise.all([page.waitForURL(/\/admin\/navody\/\d+\?ok=created/), page.locator('button[data-action="save"]').click()]);
      expect(await page.locator('[data-field="notice"]').textContent()).toBe('Návod je vytvorený.');
      const shopLink = await page.locator('[data-field="shop-link"]').getAttribute('href');
      await page.goto(`${s.shop.url}${shopLink}`);
      expect(await page.locator('h1.guide__title').textContent()).toBe('Jesenná výsadba');
      await expect.poll(() => page.locator('.guide__body shop-product-carousel .product-card').count(), { timeout: 10_000 }).toBe(productIds.length);

      const refused = await page.goto(`${s.shop.url}/admin/objednavky`);
      expect(refused!.status()).toBe(403);
    }));
});
