import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { insertOrders } from '../setup/bulk-orders';
import { consentGiven, readOutbox } from './discovery-helpers';
import { addFromProductPage, CUSTOMER, orderByBankTransfer, productWithAlignment } from './checkout-helpers';
import { journey, layoutShift, layoutShifts, screenshot, scrollWidth, useShop, VIEWPORTS } from './harness';
import { acceptInvitationThroughPage, firstAdminLink, staffSignIn, type StaffMember } from './staff-helpers';

/**
 * Issue 20, "Done when" (phase A): the first admin, made by the command line, accepts the
 * invitation (password, TOTP enrolment), signs in again with the password and a code computed here,
 * sees the dashboard and its chart, finds the order a shopper just placed by typing its number into
 * the live filter, marks it paid and sent with a tracking number, and the shopper's two mails are in
 * the outbox folder; the order list works at 375 px; an invited editor is refused on orders.
 */
const s = useShop({ products: 300 });
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const ADMIN = { email: 'majitel@obchod.sk', password: 'Zelená lampa na stole 77' };
const state = { admin: null as unknown as StaffMember, order: '' };

describe('back office', () => {
  it('a shopper orders by bank transfer', () =>
    journey(s.browser, desktop, {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      const product = await productWithAlignment(s.shop.url);
      await addFromProductPage(page, s.shop.url, product);
      await orderByBankTransfer(page, s.shop.url);
      state.order = /č\.\s*(\d{10})/.exec((await page.locator('h1.tracking__title').textContent())!)![1];
      // Other shoppers' orders of the last 30 days (written straight into the running shop's file, WAL):
      // the list, the live filter and the dashboard have something to sort through.
      const db = openDb(s.shop.dbFile);
      insertOrders(db.$client, { count: 400, until: Date.now() - 3_600_000, days: 30, start: 100_000 });
      db.$client.close();
    }));

  it('desktop: the first admin enrols, signs in with password and TOTP, finds the order, marks it paid and sent; the shopper has both mails', () =>
    journey(s.browser, desktop, {}, async ({ page }) => {
      expect(state.order).toMatch(/^\d{10}$/);
      state.admin = await acceptInvitationThroughPage(page, firstAdminLink(s.shop.dbFile, s.shop.url, ADMIN.email), { email: ADMIN.email, name: 'Majiteľ Obchodu', password: ADMIN.password });
      expect(state.admin.recovery).toHaveLength(10);
      await page.locator('a.button', { hasText: 'pokračovať' }).click();
      await page.locator('form[action="/admin/odhlasenie"] button').click();
      await page.waitForURL(/\/admin\/prihlasenie\?ok=signed-out/);

      // The enrolment spent this 30-second step: the next step's code (inside the drift window) signs in.
      await staffSignIn(page, s.shop.url, state.admin);
      await expect.poll(() => page.locator('[data-table="figures"] tbody tr').count()).toBe(2);
      const chart = page.locator('shop-admin-sales-chart[data-shop="sk"]');
      const box = await chart.boundingBox();
      await chart.locator('canvas').waitFor();
      expect(await chart.boundingBox(), 'the chart drew in the box its table held').toEqual(box);
      expect(await layoutShift(page), (await layoutShifts(page)).join('\n')).toBeLessThan(0.01);
      expect(await page.locator('[data-queue="to-book"] .admin-queue__count').textContent()).not.toBe('0');
      await screenshot(page, 'admin-dashboard-desktop', { fullPage: true });

      // The live filter: typing the number swaps the list without submitting the form.
      await page.locator('.admin-nav a[data-section="orders"]').click();
      await page.waitForURL(/\/admin\/objednavky$/);
      expect(await page.locator('[data-table="orders"] tbody tr').count()).toBe(50);
      await page.locator('shop-admin-live-filter input[name="q"]').fill(state.order);
      await page.waitForURL(new RegExp(`/admin/objednavky\\?q=${state.order}$`));
      await expect.poll(() => page.locator('[data-table="orders"] tbody tr').count()).toBe(1);
      await Promise.all([page.waitForURL(new RegExp(`/admin/objednavky/${state.order}$`)), page.locator(`[data-order="${state.order}"] a`).click()]);

      await page.locator('button[data-action="paid"]').click();
      await expect.poll(() => page.locator('[data-field="notice"]').textContent()).toContain('Platba je zaúčtovaná');
      await page.locator('input[name="tracking"]').fill('DR1234567890SK');
      await page.locator('button[data-action="sent"]').click();
      await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('Odoslaná');
      expect(await page.locator('[data-field="tracking"]').textContent()).toBe('DR1234567890SK');
      await screenshot(page, 'admin-order-desktop', { fullPage: true });

      await expect
        .poll(() => readOutbox(s.shop.outbox).filter((m) => m.to.includes(CUSTOMER.email) && m.subject.includes(state.order)).map((m) => m.subject))
        .toEqual(expect.arrayContaining([`Platba za objednávku č. ${state.order} prijatá`, `Objednávka č. ${state.order} je na ceste`]));
      const sent = readOutbox(s.shop.outbox).find((m) => m.subject === `Objednávka č. ${state.order} je na ceste`)!;
      expect(sent.text).toContain('DR1234567890SK');
    }));

  it('phone: the order list fits 375 px (a recovery code signs in, once)', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      await staffSignIn(page, s.shop.url, state.admin, { recoveryCode: true });
      await page.goto(`${s.shop.url}/admin/objednavky`);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
      const row = page.locator(`[data-order="${state.order}"]`);
      await row.waitFor();
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(phone.width);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-orders-phone-list');
      // The menu is a <details> on a phone: the section links are one tap away.
      await page.locator('.admin-bar__menu summary').click();
      await expect.poll(() => page.locator('.admin-bar__menu a[data-section="settings"]').isVisible()).toBe(true);
      await screenshot(page, 'admin-orders-phone');
    }));

  it('an invited editor signs up by the e-mailed link and is refused on orders', () =>
    journey(s.browser, desktop, { allow: [/status of 403/] }, async ({ page, context }) => {
      await staffSignIn(page, s.shop.url, state.admin, { recoveryCode: true });
      await page.goto(`${s.shop.url}/admin/pristupy`);
      await page.locator('form[action="/admin/pristupy/pozvat"] input[name="email"]').fill('redaktorka@obchod.sk');
      await page.locator('form[action="/admin/pristupy/pozvat"] select[name="role"]').selectOption('ROLE_EDITOR');
      await page.locator('form[action="/admin/pristupy/pozvat"] button[type="submit"]').click();
      await expect.poll(() => page.locator('[data-field="notice"]').textContent()).toContain('Pozvánka odišla');
      let link = '';
      await expect
        .poll(() => (link = /http:\/\/\S+\/admin\/pozvanka\/[A-Za-z0-9_-]{43}/.exec(readOutbox(s.shop.outbox).find((m) => m.to.includes('redaktorka@obchod.sk'))?.text ?? '')?.[0] ?? ''))
        .not.toBe('');
      await context.clearCookies();
      // The mail links to the configured origin (SHOP_SK_ORIGIN); this server listens on its own port.
      await acceptInvitationThroughPage(page, `${s.shop.url}${new URL(link).pathname}`, { email: 'redaktorka@obchod.sk', name: 'Redaktorka', password: 'Modrý kvetináč na balkóne 42' });
      await page.locator('a.button', { hasText: 'pokračovať' }).click();
      expect(await page.locator('.admin-nav a[data-section="orders"]').count()).toBe(0);
      const refused = await page.goto(`${s.shop.url}/admin/objednavky`);
      expect(refused!.status()).toBe(403);
      expect(await page.locator('[data-field="detail"]').textContent()).toBe('Na túto časť administrácie nemáte prístup.');
    }));
});
