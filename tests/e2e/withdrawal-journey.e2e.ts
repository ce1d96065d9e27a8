import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { supplierOf } from '../../server/shops/supplier.service';
import { pdfText } from '../server/pdf-text';
import { journey, useShop, VIEWPORTS } from './harness';
import { consentGiven, readOutbox } from './discovery-helpers';
import { chooseDelivery, fillCustomer, openDeliveryStep, type BuyableProduct, type Customer, WIZARD_ORDER_FORM } from './checkout-helpers';

/**
 * Issue 17, "Done when": in the Czech shop a guest orders with bank transfer → the tracking page's
 * QR decodes to a QR Platba (SPAYD) payment of this order → the order PDF downloads → the guest opens
 * "Odstoupit od smlouvy" from the footer, identifies the order, confirms → the receipt mail is in the
 * outbox folder with the date and time to the second, and the tracking page shows the withdrawal.
 * At 375 and 1280 px. Node does not resolve cz.localhost, so every request goes through the browser.
 */
const s = useShop({ products: 300 });
const czOrigin = () => `http://cz.localhost:${s.shop.port}`;
const SECONDS = /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/;

const guest = (n: string): Customer => ({
  firstName: 'Petra',
  lastName: 'Svobodová',
  street: 'Národní 12',
  town: 'Praha',
  zip: '110 00',
  contact: '+420 601 123 456',
  email: `petra.svobodova.${n}@example.cz`,
});

/** A product the Czech shop sells, probed with a real add in a throwaway browser session. */
async function czProduct(browser: Browser): Promise<BuyableProduct> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${czOrigin()}/`);
    return await page.evaluate(async () => {
      for (let offset = 0; offset < 300; offset += 100) {
        const list = (await (await fetch(`/api/product?_limit=100&_offset=${offset}`)).json()) as { items: BuyableProduct[] };
        for (const p of list.items) {
          const added = await fetch('/api/cart/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product_id: p.id, quantity: 1 }) });
          if (added.ok) return p;
        }
      }
      throw new Error('the Czech shop sells nothing');
    });
  } finally {
    await context.close();
  }
}

/** Product page → cart → bank transfer and courier → the customer form → the tracking page. */
async function orderByBankTransfer(page: Page, product: BuyableProduct, customer: Customer): Promise<void> {
  await page.goto(`${czOrigin()}${product.url}`);
  await page.locator('.product-detail__buy shop-add-to-cart button.add-to-cart__button').click();
  await expect.poll(() => page.locator('shop-cart-button').textContent()).toContain('1');
  await openDeliveryStep(page, czOrigin());
  await chooseDelivery(page, 'Bankovní převod');
  await chooseDelivery(page, 'Kurýr – doručení na adresu');
  await Promise.all([page.waitForURL(/objednavka$/), page.locator('a.checkout__next').first().click()]);
  const form = WIZARD_ORDER_FORM;
  await fillCustomer(page, form, customer);
  await page.locator(`${form} [name="condition"]`).check();
  await Promise.all([page.waitForURL(/\/sledovanie-zasielky\/[A-Za-z0-9_-]{22}$/), page.locator(`${form} button.order-form__submit`).click()]);
}

/** The QR image read back from its pixels, as a banking app reads it: the SPAYD text. */
async function qrText(page: Page): Promise<string> {
  const src = (await page.locator('img.payment-qr__image').getAttribute('src'))!;
  expect(src).toMatch(/^data:image\/png;base64,/);
  const png = PNG.sync.read(Buffer.from(src.split(',')[1], 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('the QR image could not be read');
  return code.data;
}

/** The order PDF as the browser downloads it from the tracking page's link. */
async function downloadPdf(page: Page): Promise<{ status: number; type: string; body: Buffer }> {
  const href = (await page.locator('a[data-action="pdf"]').getAttribute('href'))!;
  const got = await page.evaluate(async (path) => {
    const response = await fetch(path);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { status: response.status, type: response.headers.get('content-type') ?? '', base64: btoa(binary) };
  }, href);
  return { status: got.status, type: got.type, body: Buffer.from(got.base64, 'base64') };
}

function czechSupplierIban(dbFile: string): string {
  const db = openDb(dbFile);
  try {
    return supplierOf(db, 2).iban;
  } finally {
    db.$client.close();
  }
}

describe('withdrawal journey (Czech shop)', () => {
  for (const vp of VIEWPORTS) {
    it(`bank transfer → QR that decodes → PDF → withdraw as a guest from the footer → receipt mail → the order shows it (${vp.name})`, () =>
      journey(s.browser, vp, {}, async ({ page, context }) => {
        await consentGiven(context, czOrigin());
        const customer = guest(vp.name);
        await orderByBankTransfer(page, await czProduct(s.browser), customer);

        // The tracking page: the order number is the variable symbol; the QR is this payment.
        const documentNumber = /č\.\s*(\d+)/.exec((await page.locator('h1.tracking__title').textContent())!)![1];
        expect(documentNumber.length).toBeLessThanOrEqual(10);
        const total = Number(await page.locator('dd[data-total="total"]').getAttribute('data-amount'));
        const spayd = await qrText(page);
        const fields = Object.fromEntries(spayd.split('*').slice(2).map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]));
        expect(spayd.startsWith('SPD*1.0*')).toBe(true);
        expect(fields.ACC.split('+')[0]).toBe(czechSupplierIban(s.shop.dbFile));
        expect(fields.AM).toBe((total / 100).toFixed(2));
        expect(fields.CC).toBe('CZK');
        expect(fields['X-VS']).toBe(documentNumber);
        expect(fields['X-VS']).toMatch(/^\d{1,10}$/);

        const pdf = await downloadPdf(page);
        expect(pdf.status).toBe(200);
        expect(pdf.type).toBe('application/pdf');
        expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pdfText(pdf.body).join('\n')).toContain(documentNumber);
        const trackingUrl = page.url();
        // The tracking page offers the withdrawal too, readable (a ghost button's text in the page's text colour).
        const withdraw = page.locator('a[data-action="withdraw"]');
        expect(await withdraw.textContent()).toBe('Odstoupit od smlouvy');
        expect(await withdraw.getAttribute('href')).toBe(`/odstoupeni-od-smlouvy/${trackingUrl.split('/').pop()}`);
        expect(await withdraw.evaluate((el) => getComputedStyle(el).color === getComputedStyle(document.body).color)).toBe(true);

        // The footer of any page leads to the withdrawal function, in Czech.
        await page.goto(`${czOrigin()}/`);
        const footerLink = page.locator('.site-footer a', { hasText: 'Odstoupit od smlouvy' });
        await Promise.all([page.waitForURL(/\/odstoupeni-od-smlouvy$/), footerLink.click()]);
        const find = page.locator('form.auth-form');
        await find.locator('[name="name"]').fill(`${customer.firstName} ${customer.lastName}`);
        await find.locator('[name="documentNumber"]').fill(documentNumber);
        await find.locator('[name="email"]').fill(customer.email.toUpperCase());
        await Promise.all([page.waitForLoadState('load'), find.locator('button[type="submit"]').click()]);

        // Step 2: this order's item, chosen by default; the second, clearly labelled button.
        const confirm = page.locator('form.withdrawal__form');
        await confirm.waitFor({ state: 'visible' });
        expect(await page.locator('.withdrawal__order').textContent()).toContain(documentNumber);
        expect(await confirm.locator('input[name="qty_0"]').isChecked()).toBe(true);
        const button = confirm.locator('button[data-action="confirm-withdrawal"]');
        expect((await button.textContent())?.trim()).toBe('Potvrdit odstoupení');
        await Promise.all([page.waitForURL(/\/odstoupeni-od-smlouvy\/potvrzeni\/[A-Za-z0-9_-]{22}$/), button.click()]);

        const when = (await page.locator('[data-field="when"]').textContent())!.trim();
        expect(when).toMatch(SECONDS);
        expect(await page.locator('h1').textContent()).toBe('Potvrzení o odstoupení od smlouvy');

        // The receipt went out as a mail: an .eml in the server's outbox, to the guest, to the second.
        await expect.poll(() => readOutbox(s.shop.outbox).filter((m) => m.to === customer.email && m.subject.startsWith('Potvrzení o odstoupení')).length).toBe(1);
        const receipt = readOutbox(s.shop.outbox).find((m) => m.to === customer.email && m.subject.startsWith('Potvrzení o odstoupení'))!;
        expect(receipt.subject).toBe(`Potvrzení o odstoupení od smlouvy – objednávka č. ${documentNumber}`);
        expect(receipt.text).toContain(when);
        expect(receipt.text).toContain(documentNumber);

        // The order's tracking page shows the withdrawal.
        await page.goto(trackingUrl);
        expect(await page.locator('[data-field="withdrawal"]').textContent()).toContain(`Odstoupení ze dne ${when}`);
        expect(await page.locator('a[data-action="withdraw"]').count()).toBe(0);
      }));
  }
});
