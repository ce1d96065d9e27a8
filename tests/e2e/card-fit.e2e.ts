import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journey, useShop, type Viewport } from './harness';
import { consentGiven, productMenu, ShopApi } from './discovery-helpers';

/**
 * Issue 23, "Design that holds": buttons readable in every style, cards whose text fits its box from
 * 320 to 1280 px in the list and the grid, and no toast or popover over the consent bar or the menu.
 */
const s = useShop({ products: 300 });
let category = '';
let product = '';

beforeAll(async () => {
  const api = await ShopApi.open(s.shop.url);
  const roots = await productMenu(api);
  category = roots[0].url;
  const html = await (await fetch(`${s.shop.url}${category}`)).text();
  product = /class="product-card__link" href="([^"]+)"/.exec(html)![1];
});

const at = (width: number): Viewport => ({ name: width < 576 ? 'phone' : 'desktop', width, height: 800 });

/** Every visible .button with a contrast ratio of its text on what is painted under it below 3:1. */
async function unreadableButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const backgroundOf = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const bg = rgba(getComputedStyle(node).backgroundColor);
        if ((bg[3] ?? 1) > 0.5) return bg;
      }
      return [255, 255, 255];
    };
    const bad: string[] = [];
    for (const el of document.querySelectorAll('.button')) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || !(el.textContent ?? '').trim()) continue;
      const text = rgba(getComputedStyle(el).color);
      const [a, b] = [luminance(text), luminance(backgroundOf(el))].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 3) bad.push(`"${(el.textContent ?? '').trim()}" (${el.className}) ${ratio.toFixed(2)}:1`);
    }
    return bad;
  });
}

describe('buttons: one class system, every style readable', () => {
  for (const width of [375, 1280]) {
    it(`outline and primary buttons and links are readable on the home, category, product, cart and shipping pages (${width} px)`, () =>
      journey(s.browser, at(width), {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        const found: string[] = [];
        for (const path of ['/', category, product]) {
          await page.goto(`${s.shop.url}${path}`);
          found.push(...(await unreadableButtons(page)).map((b) => `${path}: ${b}`));
        }
        // The product page's watchdog link is an outline button; it must show before its code loads.
        expect(await page.locator('.watchdog-slot__open').first().isVisible()).toBe(true);
        await page.locator('.product-detail .add-to-cart__button, .add-to-cart__button').first().click();
        await page.waitForResponse((r) => r.url().includes('/api/') && r.request().method() === 'POST').catch(() => undefined);
        for (const path of ['/nakupny-kosik', '/nakupny-kosik/doprava']) {
          await page.goto(`${s.shop.url}${path}`);
          found.push(...(await unreadableButtons(page)).map((b) => `${path}: ${b}`));
        }
        expect(found).toEqual([]);
        // The footer's copy button draws its icon before its code loads: never an empty pill.
        expect(await page.locator('.site-footer .copy-button__action svg path').count()).toBe(1);
      }));
  }
});

/** Opens a list (the category by default) once; the shopper's layout switch then picks each layout. */
async function openList(page: Page, path = category): Promise<void> {
  await page.goto(`${s.shop.url}${path}`);
  await page.evaluate(() => document.fonts.ready);
}

/** The layout as the shopper picks it: the list's code loads on the first touch, then its switch. */
async function pick(page: Page, layout: 'list' | 'grid'): Promise<void> {
  await page.locator('.product-list__toolbar').hover();
  await page.locator(`.layout-switch__button--${layout}`).click();
  await page.locator(`.product-list--${layout}`).waitFor();
}

/**
 * What does not fit on the cards: text wider than its box (names, prices, the cart button), a box
 * past its card's edge, "Do košíka" on two lines, the price under the heart, a ribbon over a list
 * thumbnail.
 */
async function misfits(page: Page, layout: 'list' | 'grid'): Promise<string[]> {
  return page.evaluate((layout) => {
    const bad: string[] = [];
    const overlap = (a: DOMRect, b: DOMRect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    const cards = [...document.querySelectorAll<HTMLElement>('.product-list .product-card')];
    if (cards.length === 0) bad.push('no cards');
    for (const card of cards) {
      const id = card.dataset.productId;
      const box = card.getBoundingClientRect();
      if (box.right > document.documentElement.clientWidth + 0.5) bad.push(`card ${id} ends past the viewport (${Math.round(box.right)})`);
      for (const selector of ['.product-card__name', '.product-card__price', '.product-card__price strong', '.product-card__availability', '.add-to-cart__button', '.add-to-cart']) {
        const el = card.querySelector<HTMLElement>(selector);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) bad.push(`card ${id}: ${selector} overflows its box (${el.scrollWidth} > ${el.clientWidth})`);
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5) bad.push(`card ${id}: ${selector} sticks out of the card (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`);
      }
      const label = card.querySelector<HTMLElement>('.add-to-cart__button span');
      if (label && label.getClientRects().length > 1) bad.push(`card ${id}: "Do košíka" wraps`);
      if (label && label.getBoundingClientRect().height > parseFloat(getComputedStyle(label).lineHeight || '20') * 1.5) bad.push(`card ${id}: "Do košíka" is on two lines`);
      const heart = card.querySelector('.favourite-button')?.getBoundingClientRect();
      for (const selector of ['.product-card__price strong', '.product-card__name', '.add-to-cart']) {
        const r = card.querySelector(selector)?.getBoundingClientRect();
        if (heart && r && overlap(heart, r) > 1) bad.push(`card ${id}: the heart covers ${selector}`);
      }
      const ribbons = card.querySelector('.product-card__ribbons')?.getBoundingClientRect();
      const image = card.querySelector('.product-card__image')?.getBoundingClientRect();
      if (layout === 'list' && ribbons && image && overlap(ribbons, image) > 0.1 * image.width * image.height) bad.push(`card ${id}: the ribbon covers the thumbnail`);
    }
    return bad;
  }, layout);
}

describe('cards fit their boxes (list and grid, 320 to 1280 px)', () => {
  for (const width of [320, 375, 768, 1280]) {
    it(`${width} px`, () =>
      journey(s.browser, at(width), {}, async ({ page, context }) => {
        await consentGiven(context, s.shop.url);
        await openList(page);
        for (const layout of ['list', 'grid'] as const) {
          await pick(page, layout);
          const found = await misfits(page, layout);
          expect(found, `${layout} at ${width} px`).toEqual([]);
        }
      }));
  }
  // The search results share the list (and phones get it in the list layout by default).
  it('search results at 375 px in the list', () =>
    journey(s.browser, at(375), {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      await openList(page, '/hladaj?q=forma');
      await pick(page, 'list');
      expect(await misfits(page, 'list')).toEqual([]);
    }));
});

describe('nothing covers the consent bar or the menu', () => {
  const overlap = (a: { x: number; y: number; width: number; height: number } | null, b: { x: number; y: number; width: number; height: number } | null) =>
    !!a && !!b && a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

  it('phone, first visit: the free-shipping toast waits until the consent bar is answered, then comes', () =>
    journey(s.browser, at(375), {}, async ({ page }) => {
      await page.clock.install();
      await page.goto(`${s.shop.url}/`);
      const agree = page.locator('form.consent').getByRole('button', { name: 'Odmietnuť všetko' });
      await agree.waitFor();
      // The overlays are drawn (their regions exist) and every toast's time has come.
      await page.locator('shop-overlay-messages .overlay-popovers').waitFor({ state: 'attached' });
      await page.clock.runFor(2000);
      for (const toast of await page.locator('.overlay-toast').all()) {
        expect(overlap(await toast.boundingBox(), await agree.boundingBox()), `${await toast.textContent()} covers the consent bar`).toBe(false);
      }
      await agree.click();
      await page.locator('shop-overlay-messages .overlay-popovers').waitFor({ state: 'attached' });
      await page.clock.runFor(2000);
      await page.locator('.overlay-toast', { hasText: 'Doprava zadarmo' }).waitFor();
      expect(await page.locator('form.consent').isVisible()).toBe(false);
    }));

  it('desktop: the search hint does not cover the first mega-menu item', () =>
    journey(s.browser, at(1280), {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      await page.clock.install();
      await page.goto(`${s.shop.url}/`);
      await page.locator('shop-overlay-messages .overlay-popovers').waitFor({ state: 'attached' });
      await page.clock.runFor(1000);
      const hint = page.locator('.overlay-popover', { hasText: 'Hľadajte podľa názvu' });
      await hint.waitFor();
      const items = page.locator('nav.mega-menu a.mega-menu__link');
      for (const item of (await items.all()).slice(0, 3)) {
        expect(overlap(await hint.boundingBox(), await item.boundingBox()), `the hint covers "${await item.textContent()}"`).toBe(false);
      }
    }));
});

describe('sign-up (spec 5)', () => {
  it('the submit waits until e-mail, mobile number and the repeated password are valid', () =>
    journey(s.browser, at(375), {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      await page.goto(`${s.shop.url}/registracia`);
      const form = page.locator('shop-sign-up-guard form.auth-form');
      const submit = form.locator('button[type="submit"]');
      await expect.poll(() => submit.isDisabled()).toBe(true);
      await form.locator('[name="username"]').fill('jana@example.sk');
      await form.locator('[name="phone"]').fill('0905 123 456');
      await form.locator('[name="password"]').fill('dlha-fraza-na-heslo');
      await form.locator('[name="password2"]').fill('dlha-fraza-na-hesl');
      expect(await submit.isDisabled()).toBe(true);
      await form.locator('[name="password2"]').fill('dlha-fraza-na-heslo');
      expect(await submit.isDisabled()).toBe(false);
    }));
});
