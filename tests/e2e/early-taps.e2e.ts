import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { menuOf } from '../setup/html';
import { addFromProductPage, chooseDelivery, openDeliveryStep, productWithAlignment, WIZARD_ORDER_FORM } from './checkout-helpers';
import { journey, useShop, VIEWPORTS } from './harness';

/**
 * Decision 166: a category page loads no widget code at load; the cards' add-to-cart and heart wait
 * for the first touch. A tap that comes before their code is held by the site entry and replayed on
 * the widget when it has drawn: it adds to the cart (and keeps a heart) without leaving the page,
 * never sending the shopper to the no-JavaScript confirmation or sign-in page. Both orders are forced:
 * the code held back by the network, and the natural race right after load.
 */
const s = useShop();
const phone = { ...VIEWPORTS.find((v) => v.name === 'phone')!, width: 375 };
let category = '';

beforeAll(async () => {
  const home = await fetch(`${s.shop.url}/`).then((r) => r.text());
  // The phone drawer's tree, read from the mega menu as the widget reads it (decision 186).
  const menu = menuOf(home);
  category = menu.product.find((root) => root.children.length > 0)!.children[0].url;
});

/** Holds the card widgets' code until `release` is called: the tap surely comes first. */
async function holdCardCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/chunks\/(add-to-cart|favourite-button)\.element-[^/]*\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function tapAddAndHeart(page: Page): Promise<{ productId: string; heartId: string }> {
  const cards = page.locator('shop-product-list article.product-card:has(shop-add-to-cart)');
  const first = cards.first();
  const productId = (await first.getAttribute('data-product-id'))!;
  await first.locator('.add-to-cart__button').tap();
  const second = cards.nth(1);
  const heartId = (await second.getAttribute('data-product-id'))!;
  await second.locator('.favourite-button__toggle').tap();
  return { productId, heartId };
}

async function expectDoneInPlace(page: Page, url: string, ids: { productId: string; heartId: string }): Promise<void> {
  // The widget drew in the card (its stepper is not in the server's form); "Pridané" lasts only 1 s.
  await page.locator(`article[data-product-id="${ids.productId}"] .add-to-cart__stepper`).waitFor();
  await expect.poll(() => page.locator('shop-cart-button .cart-button__count').first().textContent()).toBe('1');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('product.favorites'))).toBe(`[${ids.heartId}]`);
  await page.locator(`article[data-product-id="${ids.heartId}"] .favourite-button__toggle[aria-pressed="true"]`).waitFor();
  expect(page.url()).toBe(url);
  // One tap, one item: the held tap was replayed once.
  const cart = await page.evaluate(() => fetch('/api/cart', { headers: { accept: 'application/json' } }).then((r) => r.json()));
  expect(JSON.stringify(cart)).toContain(`"quantity":1`);
}

describe('a tap right after load on a 375 px category page', () => {
  it('before the cards\' code came: held, then added in place and the heart kept', () =>
    journey(s.browser, phone, { hasTouch: true, isMobile: true }, async ({ page }) => {
      const release = await holdCardCode(page);
      const url = s.shop.url + category;
      await page.goto(url, { waitUntil: 'load' });
      const ids = await tapAddAndHeart(page);
      // Nothing happened yet: no navigation to the confirmation page, nothing in the cart.
      await page.waitForTimeout(300);
      expect(page.url()).toBe(url);
      expect((await page.locator('shop-cart-button .cart-button__count').first().textContent())?.trim()).toBe('0');
      release();
      await expectDoneInPlace(page, url, ids);
    }));

  it('in the natural race with the code: the same, once', () =>
    journey(s.browser, phone, { hasTouch: true, isMobile: true }, async ({ page }) => {
      const url = s.shop.url + category;
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const ids = await tapAddAndHeart(page);
      await expectDoneInPlace(page, url, ids);
    }));

  it('loads no widget runtime before the first touch', () =>
    journey(s.browser, phone, {}, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => request.url().endsWith('.js') && scripts.push(new URL(request.url()).pathname));
      await page.goto(s.shop.url + category, { waitUntil: 'networkidle' });
      // Plain DOM only: the site script, the overlay messages and, on a first visit, the consent bar's
      // buttons (620 B, decision 243); never the widget runtime's chunk.
      expect(scripts.filter((path) => !/\/build\/(site-|chunks\/(overlay-messages\.element|consent-ui)-)/.test(path))).toEqual([]);
    }));
});

describe('a choice on the 375 px delivery step before the wizard drew', () => {
  it('is saved when the wizard draws, as a tap on its own choice would be', () =>
    journey(s.browser, phone, { hasTouch: true, isMobile: true }, async ({ page }) => {
      await addFromProductPage(page, s.shop.url, await productWithAlignment(s.shop.url));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/build\/chunks\/checkout-wizard\.element-[^/]*\.js$/, async (route: Route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${s.shop.url}/nakupny-kosik/doprava`, { waitUntil: 'load' });
      // The server's form: the tap checks its radio, nothing is sent.
      const early = page.locator('shop-checkout-wizard form.delivery-form label.choice', { hasText: 'Bankový prevod' }).locator('input');
      await early.tap();
      expect(await early.isChecked()).toBe(true);
      release();
      const wizard = page.locator('shop-checkout-wizard');
      await wizard.locator('div.delivery-form').waitFor({ state: 'attached' });
      await expect.poll(() => wizard.locator('label.choice--selected', { hasText: 'Bankový prevod' }).count()).toBe(1);
      // Saved on the server: the next page view (no JS needed) shows it chosen.
      await page.unroute(/checkout-wizard/);
      const html = await page.evaluate(() => fetch('/nakupny-kosik/doprava').then((r) => r.text()));
      expect(html).toMatch(/<label class="choice choice--selected">\s*<input type="radio" name="payment" value="\d+" checked>\s*<span class="choice__name">Bankový prevod</);
    }));
});

describe('typing on the 375 px order step before its form\'s code came', () => {
  it('keeps the server\'s form to type in, then the drawn form holds what was typed', () =>
    journey(s.browser, phone, { hasTouch: true, isMobile: true }, async ({ page }) => {
      await addFromProductPage(page, s.shop.url, await productWithAlignment(s.shop.url));
      await openDeliveryStep(page, s.shop.url);
      await chooseDelivery(page, 'Bankový prevod');
      await chooseDelivery(page, 'Kuriér');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const formCodeAsked = new Promise<void>((resolve) => (asked = resolve));
      await page.route(/\/build\/chunks\/CustomerStep-[^/]*\.js$/, async (route: Route) => {
        asked();
        await released;
        await route.continue();
      });
      await page.goto(`${s.shop.url}/nakupny-kosik/objednavka`, { waitUntil: 'load' });
      // The wizard's code ran and asked for the form's: the step is not blank, the server's form is there to type in.
      await formCodeAsked;
      const server = page.locator('shop-checkout-wizard form.order-form[action]');
      await server.locator('[name="firstName"]').fill('Zuzana');
      expect(await server.isVisible()).toBe(true);
      release();
      // The wizard's form (no action: it sends through the API) draws with the name typed before it.
      const drawn = page.locator(WIZARD_ORDER_FORM);
      await drawn.waitFor();
      expect(await drawn.locator('[name="firstName"]').inputValue()).toBe('Zuzana');
      // The shopper is still in the field, the caret after the name: the phone's keyboard stays open.
      expect(await drawn.locator('[name="firstName"]').evaluate((field: HTMLInputElement) => field === document.activeElement && field.selectionStart)).toBe(6);
      expect(await server.count()).toBe(0);
    }));
});
