import { readFileSync } from 'node:fs';
import { decode } from 'bysquare/pay';
import { describe, expect, it } from 'vitest';
import { journey, useShop, VIEWPORTS, type JourneyPage } from './harness';
import { consentGiven, parseMoney } from './discovery-helpers';
import { addFromProductPage, CUSTOMER, expectedTotals, fillCustomer, orderByBankTransfer, productWithAlignment, readQr, trackingTotals, type BuyableProduct, WIZARD_ORDER_FORM } from './checkout-helpers';

/**
 * Issue 4, "Done when": anonymous add → cart → Packeta pickup point → cash on delivery → the form
 * with a bad street (message) → fixed → order → tracking page whose totals match the shop's
 * arithmetic (0.05 alignment visible) → PDF; a bank transfer shows a PAY by square QR that decodes
 * to the order; the same flow without JavaScript. At 375 and 1280 px.
 */
const s = useShop({ products: 600 });
const STREET_ERROR = 'Musí obsahovať názov a čislo!';
/** Chromium logs the status of a document answered 400 (the no-JS form sent back with its errors). */
const BAD_REQUEST_DOCUMENT = /Failed to load resource: the server responded with a status of 400/;
const COD_FEE = 100;
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function choosePacketaAndCod(j: JourneyPage, withJs: boolean): Promise<void> {
  const { page } = j;
  if (withJs) {
    const wizard = page.locator('shop-checkout-wizard');
    // The wizard's radios show what the server saved, so they change after its answer: click, then wait.
    await wizard.locator('label.choice', { hasText: 'Packeta' }).locator('input').click();
    await expect.poll(() => wizard.locator('label.choice--selected', { hasText: 'Packeta' }).count()).toBe(1);
    // Spec 4: choosing Packeta opens the pickup-point dialog (issue 23; no tile server here: the list alone).
    const dialog = page.locator('.pickup-dialog[role="dialog"]');
    await dialog.waitFor();
    await dialog.locator('input[type="search"]').fill('bratislava');
    const point = dialog.locator('button.pickup-dialog__point').first();
    await expect.poll(() => point.locator('.pickup-dialog__address').textContent()).toContain('Bratislava');
    if (page.viewportSize()!.width < 768) {
      // Full screen on a phone, and no serious or critical WCAG 2 A/AA violation in the open dialog
      // (axe through the DevTools protocol: the page's CSP would refuse it as a script tag).
      expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(375);
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
        const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
        const result = await axe.run({ include: ['.pickup-dialog'] }, { runOnly: ['wcag2a', 'wcag2aa'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations).toEqual([]);
    }
    await point.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => wizard.locator('.pickup__chosen').textContent()).toContain('Bratislava');
    await wizard.locator('label.choice', { hasText: 'Dobierka' }).locator('input').click();
    await expect.poll(() => wizard.locator('label.choice--selected', { hasText: 'Dobierka' }).count()).toBe(1);
  } else {
    const form = page.locator('form.delivery-form');
    await form.locator('label.choice', { hasText: 'Packeta' }).locator('input').check();
    await form.locator('label.choice', { hasText: 'Dobierka' }).locator('input').check();
    await Promise.all([page.waitForLoadState('load'), form.locator('button.delivery-form__save').click()]);
    await page.locator('form.pickup-search input[name="q"]').fill('Bratislava');
    await Promise.all([page.waitForURL(/q=Bratislava/), page.locator('form.pickup-search button[type="submit"]').click()]);
    const select = page.locator('form.delivery-form select[name="pickup_point_id"]');
    const first = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(first!);
    await Promise.all([page.waitForLoadState('load'), page.locator('form.delivery-form button.delivery-form__save').click()]);
    expect(await page.locator('.pickup__chosen').textContent()).toContain('Bratislava');
  }
}

/** Product page → cart → shipping → customer form, in the browser as a shopper clicks. */
async function cartToForm(j: JourneyPage, product: BuyableProduct, withJs: boolean): Promise<void> {
  const { page } = j;
  await page.goto(`${s.shop.url}${product.url}`);
  const add = page.locator('.product-detail__buy shop-add-to-cart');
  if (withJs) {
    await add.locator('button.add-to-cart__button').click();
    await expect.poll(() => page.locator('shop-cart-button').textContent()).toContain('1');
    await page.goto(`${s.shop.url}/nakupny-kosik`);
  } else {
    // The product page's form posts straight to the cart (with the session's CSRF token).
    await Promise.all([page.waitForURL((u) => u.pathname === '/nakupny-kosik'), add.locator('button.add-to-cart__button').click()]);
  }
  expect(await page.locator('.cart-item__name').first().textContent()).toBe(product.name);
  await Promise.all([page.waitForURL(/\/nakupny-kosik\/doprava$/), page.locator('a.checkout__next').first().click()]);
  await choosePacketaAndCod(j, withJs);
  await Promise.all([page.waitForURL(/\/nakupny-kosik\/objednavka$/), page.locator('a.checkout__next').first().click()]);
}

async function submitCustomerForm(j: JourneyPage, withJs: boolean): Promise<void> {
  const { page } = j;
  const form = withJs ? WIZARD_ORDER_FORM : 'form.order-form';
  await fillCustomer(page, form, CUSTOMER);
  await page.locator(`${form} [name="condition"]`).check();
  await page.locator(`${form} button.order-form__submit`).click();
  // The street without a number is refused with the spec's text, and nothing is ordered yet.
  await expect.poll(() => page.locator(`${form} [data-error-for="street"], ${form} #order-street-error`).first().textContent()).toBe(STREET_ERROR);
  expect(new URL(page.url()).pathname).toBe('/nakupny-kosik/objednavka');
  await page.locator(`${form} [name="street"]`).fill('Hlavná 12');
  if (!withJs) {
    // The server sent the form back with what was typed; the terms box must be ticked again if it was lost.
    if (!(await page.locator(`${form} [name="condition"]`).isChecked())) await page.locator(`${form} [name="condition"]`).check();
  }
  await Promise.all([page.waitForURL(/\/sledovanie-zasielky\/[A-Za-z0-9_-]{22,}$/), page.locator(`${form} button.order-form__submit`).click()]);
}

async function checkTrackingPage(j: JourneyPage, product: BuyableProduct): Promise<void> {
  const { page, context } = j;
  expect(await page.locator('[data-field="payment"]').textContent()).toBe('Dobierka');
  expect(await page.locator('[data-field="package"]').textContent()).toContain('Bratislava');
  expect(await page.locator('[data-field="delivery-address"]').textContent()).toContain('Hlavná 12');
  const totals = await trackingTotals(page);
  const want = expectedTotals(product.price, 1, totals.shipping, COD_FEE);
  expect(totals.subtotal).toBe(want.subtotal);
  expect(totals.shipping).toBeGreaterThan(0);
  expect(totals.fee).toBe(COD_FEE);
  expect(totals.alignment).toBe(want.alignment);
  expect(totals.alignment).not.toBe(0);
  expect(totals.total).toBe(want.total);
  expect(totals.total % 5).toBe(0);
  // The cent alignment is not a supply: it stands beside the VAT summary (decision 208).
  expect(totals['without-vat'] + totals.vat + totals.alignment).toBe(totals.total);
  expect(await page.locator('.tracking-summary').textContent()).toContain('Centové dorovnanie');

  // "Uložiť ako PDF" is a real PDF of this order.
  const href = await page.locator('a[data-action="pdf"]').getAttribute('href');
  const pdf = await context.request.get(`${s.shop.url}${href}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

describe('purchase journeys', () => {
  for (const vp of VIEWPORTS) {
    it(`anonymous: add → Packeta point → COD → bad street → order → tracking totals → PDF (${vp.name})`, () =>
      journey(s.browser, vp, { allow: [BAD_REQUEST_DOCUMENT] }, async (j) => {
        await consentGiven(j.context, s.shop.url);
        const product = await productWithAlignment(s.shop.url);
        await cartToForm(j, product, true);
        await submitCustomerForm(j, true);
        await checkTrackingPage(j, product);
        // The order emptied the cart.
        await j.page.goto(`${s.shop.url}/nakupny-kosik`);
        expect(await j.page.locator('.cart-item').count()).toBe(0);
      }));

    it(`the same purchase without JavaScript (${vp.name})`, () =>
      journey(s.browser, vp, { javaScriptEnabled: false, allow: [BAD_REQUEST_DOCUMENT] }, async (j) => {
        await consentGiven(j.context, s.shop.url);
        const product = await productWithAlignment(s.shop.url);
        await cartToForm(j, product, false);
        await submitCustomerForm(j, false);
        await checkTrackingPage(j, product);
      }));
  }

  it('bank transfer: the tracking page shows a PAY by square QR that decodes to this order', () =>
    journey(s.browser, VIEWPORTS[1], {}, async ({ page, context }) => {
      await consentGiven(context, s.shop.url);
      const product = await productWithAlignment(s.shop.url);
      await addFromProductPage(page, s.shop.url, product);
      await orderByBankTransfer(page, s.shop.url);

      const dialog = page.locator('[data-field="payment-qr"]');
      expect(await dialog.isVisible()).toBe(true);
      const total = parseMoney(await page.locator('dd[data-total="total"]').textContent());
      const documentNumber = /č\.\s*(\d+)/.exec((await page.locator('h1.tracking__title').textContent())!)![1];
      const model = decode(await readQr(page, 'img.payment-qr__image'));
      const payment = model.payments[0];
      expect(Math.round(payment.amount! * 100)).toBe(total);
      expect(payment.currencyCode).toBe('EUR');
      expect(payment.variableSymbol).toBe(documentNumber);
      expect(payment.bankAccounts[0].iban).toBe((await dialog.locator('dd').nth(1).textContent())!.trim());
    }));
});
