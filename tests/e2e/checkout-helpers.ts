import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ShopApi, parseMoney } from './discovery-helpers';

/**
 * Helpers of the purchase journeys (issue 4): a product to buy picked from the data (one whose
 * price makes the 0.05 € rounding visible), the customer form, the tracking page's figures and the
 * QR code read back from its pixels.
 */

export interface BuyableProduct {
  id: number;
  name: string;
  url: string;
  price: number;
}

/**
 * The first product the shop sells (probed with a real add in a throwaway session) whose price is
 * not a multiple of 5 cents and below the free-shipping limit, so the order carries a shipping price
 * and a non-zero "Centové dorovnanie".
 */
export async function productWithAlignment(url: string): Promise<BuyableProduct> {
  const api = await ShopApi.open(url);
  for (let offset = 0; offset < 600; offset += 100) {
    const page = await api.get<{ items: BuyableProduct[] }>(`/api/product?_limit=100&_offset=${offset}`);
    for (const p of page.items) {
      if (p.price % 5 === 0 || p.price > 4000) continue;
      try {
        await api.post('/api/cart/add', { product_id: p.id, quantity: 1 });
        return p;
      } catch {
        /* not for sale (unavailable or hidden): try the next one */
      }
    }
  }
  throw new Error('the demo catalogue has no purchasable product with a price off the 0.05 grid');
}

export interface Customer {
  firstName: string;
  lastName: string;
  street: string;
  town: string;
  zip: string;
  contact: string;
  email: string;
}

export const CUSTOMER: Customer = {
  firstName: 'Jana',
  lastName: 'Nováková',
  street: 'Hlavná',
  town: 'Bratislava',
  zip: '811 01',
  contact: '+421 905 123 456',
  email: 'jana.novakova@example.sk',
};

/**
 * Step 3's form as the wizard draws it (no `action`: it orders through the API). The server's form,
 * with its action, stays until the wizard's code for step 3 is there (define.ts `ready`); a journey
 * with JavaScript types into the wizard's, so no keystroke lands in a form that is being replaced.
 */
export const WIZARD_ORDER_FORM = 'shop-checkout-wizard form.order-form:not([action])';

/** Fills the customer form (the server's page form or the wizard's) by field name. */
export async function fillCustomer(page: Page, form: string, customer: Customer): Promise<void> {
  for (const [name, value] of Object.entries(customer)) await page.locator(`${form} [name="${name}"]`).fill(value);
}

/** Puts `product` in the cart from its page and waits for the header's count. */
export async function addFromProductPage(page: Page, origin: string, product: BuyableProduct): Promise<void> {
  await page.goto(`${origin}${product.url}`);
  await page.locator('shop-add-to-cart button.add-to-cart__button').first().click();
  await expect.poll(() => page.locator('shop-cart-button').textContent()).toContain('1');
}

/**
 * Opens the cart's delivery step and waits until the wizard has drawn its own choices, so each click
 * lands on the wizard's radio and its poll waits for that save alone. A tap on the server's radios
 * before the wizard drew is saved when it draws (tests/e2e/early-taps.e2e.ts); a click while the
 * form is being replaced is the race that once lost a journey's "Bankový prevod".
 */
export async function openDeliveryStep(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/nakupny-kosik/doprava`);
  await page.locator('shop-checkout-wizard div.delivery-form').waitFor({ state: 'attached' });
}

/** Chooses the first delivery or payment option named `name` and waits until the server saved it. */
export async function chooseDelivery(page: Page, name: string): Promise<void> {
  const wizard = page.locator('shop-checkout-wizard');
  await wizard.locator('label.choice', { hasText: name }).first().locator('input').click();
  await expect.poll(() => wizard.locator('label.choice--selected', { hasText: name }).count()).toBe(1);
}

/**
 * Orders the cart through the wizard by bank transfer and courier, with CUSTOMER at Hlavná 12, and
 * waits for the tracking page.
 */
export async function orderByBankTransfer(page: Page, origin: string): Promise<void> {
  await openDeliveryStep(page, origin);
  await chooseDelivery(page, 'Bankový prevod');
  await chooseDelivery(page, 'Kuriér');
  await Promise.all([page.waitForURL(/objednavka$/), page.locator('a.checkout__next').first().click()]);
  await fillCustomer(page, WIZARD_ORDER_FORM, { ...CUSTOMER, street: 'Hlavná 12' });
  await page.locator(`${WIZARD_ORDER_FORM} [name="condition"]`).check();
  await Promise.all([page.waitForURL(/sledovanie-zasielky/), page.locator('shop-checkout-wizard button.order-form__submit').click()]);
}

/** The tracking page's price summary, in minor units. */
export async function trackingTotals(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const dd of await page.locator('.tracking-summary dd[data-total]').all()) {
    const key = (await dd.getAttribute('data-total'))!;
    const text = (await dd.textContent()) ?? '';
    out[key] = (text.includes('-') || text.includes('−') ? -1 : 1) * parseMoney(text);
  }
  return out;
}

/**
 * The shop's arithmetic (spec 9), recomputed here from the order's own lines: subtotal + shipping +
 * COD fee rounded to the nearest 0.05 €, the difference being the alignment.
 */
export function expectedTotals(unitPrice: number, quantity: number, shipping: number, fee: number) {
  const subtotal = unitPrice * quantity;
  const raw = subtotal + shipping + fee;
  const total = Math.round(raw / 5) * 5;
  return { subtotal, shipping, fee, alignment: total - raw, total };
}

/** Reads the QR code in an <img> with a PNG data URL back from its pixels (what a banking app does). */
export async function readQr(page: Page, selector: string): Promise<string> {
  const src = await page.locator(selector).getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  const png = PNG.sync.read(Buffer.from(src!.split(',')[1], 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('the QR image could not be read');
  return code.data;
}
