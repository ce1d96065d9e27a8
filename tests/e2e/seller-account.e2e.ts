import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, scrollWidth, useShop, VIEWPORTS } from './harness';
import { consentGiven } from './discovery-helpers';
import { SHOPPER_PASSWORD, signUpThroughPage } from './account-helpers';

/**
 * Issue 21, the seller's part: a seller signs up, the operator grants the role, the seller fills
 * Údaje obchodu with a picture, adds a product with an image, sees it pending; once the operator
 * approves it only the price can change. At phone and desktop widths.
 */
const s = useShop({ products: 60, env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'obchod-e2e-uploads-')) } });
const PASSWORD = SHOPPER_PASSWORD;

/** What the operator does in the back office, written to the server's DB file (WAL: safe while it runs). */
function operator(sql: string, ...params: unknown[]): void {
  const db = new Database(s.shop.dbFile);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

async function signUpAsSeller(page: Page, email: string): Promise<void> {
  await signUpThroughPage(page, s.shop.url, email, { seller: true });
  // A seller waits for approval: the shop sends them to sign in, not into the account.
  expect(new URL(page.url()).pathname).toBe('/moje/prihlasenie');
  operator(`UPDATE users SET roles = json_insert(roles, '$[#]', 'ROLE_SELLER'), status = 'active' WHERE email = ?`, email);
  const signIn = page.locator('form.auth-form');
  await signIn.locator('[name="username"]').fill(email);
  await signIn.locator('[name="password"]').fill(PASSWORD);
  await Promise.all([page.waitForURL(/\/moje\/konto$/), signIn.locator('button[type="submit"]').click()]);
}

describe('seller account', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.name}: shop data with a picture, a product that waits, then only its price`, () =>
      journey(s.browser, viewport, {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const email = `predajca.${viewport.name}.${Date.now()}@example.sk`;
        await signUpAsSeller(page, email);
        const picture = { name: 'obchod.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 160, height: 160, channels: 3, background: '#2a7' } }).png().toBuffer() };

        await page.goto(`${s.shop.url}/moje/udaje-obchodu`);
        const profile = page.locator('shop-seller-profile form.seller-profile');
        // The widget's own form (its ids, not the server's f-…): typed into, it keeps what was typed.
        await profile.locator('input[name="name"]:not(#f-seller-name)').waitFor();
        await profile.locator('input[name="name"]').fill(`Dielňa ${viewport.name}`);
        await profile.locator('textarea[name="description"]').fill('Ručne šité tašky');
        await profile.locator('input[type="file"]').setInputFiles(picture);
        await expect.poll(() => profile.locator('.seller-profile__preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
        await profile.locator('button[type="submit"]').click();
        await expect.poll(() => page.locator('shop-seller-profile .shop-toast').textContent()).toBe('Údaje obchodu boli úspešne uložené');
        await expect.poll(() => profile.locator('.seller-profile__preview').getAttribute('src')).toMatch(/^\/data\/seller\/image\/\d+\.png$/);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

        await page.goto(`${s.shop.url}/moje/produkty`);
        const table = page.locator('shop-seller-products');
        await table.locator('.seller-products__add-button').click();
        const dialog = page.locator('.seller-dialog');
        await dialog.locator('input').first().fill('Ľanová taška');
        await dialog.locator('input[inputmode="decimal"]').fill('24,90');
        await dialog.locator('input[type="file"]').setInputFiles({ ...picture, name: 'taska.png' });
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(() => table.locator('.shop-toast').textContent()).toBe('Produkt bol úspešne vytvorený');
        await expect(dialog.count()).resolves.toBe(0);
        const row = table.locator('tbody tr[data-product]');
        await expect.poll(() => row.count()).toBe(1);
        expect(await row.locator('.seller-status').getAttribute('title')).toBe('Čaká na schválenie');
        expect(await row.textContent()).toContain('24,90');
        expect(await table.locator('tfoot').textContent()).toBe('Spolu produktov: 1');
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

        // The operator approves it: now only the price can change, and the shop shows the new one.
        const id = Number(await row.getAttribute('data-product'));
        operator('UPDATE products SET visible = 2 WHERE id = ?', id);
        await table.locator('.seller-products__refresh').click();
        await expect.poll(() => row.locator('.seller-status').getAttribute('title')).toBe('Schválené');
        await row.locator('.seller-products__edit').click();
        await expect.poll(() => dialog.textContent()).toContain('Produkt je schválený. Môžete upraviť iba cenu.');
        expect(await dialog.locator('input').first().isDisabled()).toBe(true);
        expect(await dialog.locator('input[inputmode="decimal"]').inputValue()).toBe('24,90');
        await dialog.locator('input[inputmode="decimal"]').fill('19,50');
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(() => table.locator('.shop-toast').textContent()).toBe('Produkt bol úspešne aktualizovaný');
        await expect.poll(() => row.textContent()).toContain('19,50');
      }));
  }
});
