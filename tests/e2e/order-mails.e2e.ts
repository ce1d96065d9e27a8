import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrderCli } from '../../server/orders/cli';
import type { MailMessage } from '../../server/mail/mailer';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser as ShopClient, CZ_HOST, placeOrder } from '../server/payments-helpers';
import { journey, launchBrowser, screenshot, scrollWidth, VIEWPORTS } from './harness';

/**
 * The order mails as a mail client shows them (issue 17: "renders well in common clients — check
 * the HTML in Chromium at 375 px"): every mail of an order's life, in both shops, laid out in a
 * phone's width without sideways scrolling, its button and text readable, the QR drawn; the
 * screenshots are kept for a person to look at (tests/.tmp/screens/mail-*.png).
 */
let shop: TestShop;
let browser: Browser;
const mails: { name: string; mail: MailMessage }[] = [];

beforeAll(async () => {
  shop = createTestShop({ products: 20 });
  browser = await launchBrowser();
  for (const [code, host, payment] of [['sk', '127.0.0.1:3000', 2], ['cz', CZ_HOST, 2]] as const) {
    const order = await placeOrder(shop, new ShopClient(shop), { payment, host });
    for (const step of ['paid', 'sent', 'delivered']) expect(runOrderCli(shop.db, [step, order.documentNumber, ...(step === 'sent' ? ['--tracking', 'DR1234567890SK'] : [])], () => {}, shop.clock.now())).toBe(0);
    await shop.app.outbox.deliverDue();
    for (const mail of shop.mail.filter((m) => m.subject.includes(order.documentNumber))) mails.push({ name: `${code}-${mails.length}`, mail });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  shop?.close();
});

/** The HTML as a client shows it: inline images (cid:) resolved from the attachments. */
function shown(mail: MailMessage): string {
  let html = mail.html!;
  for (const a of mail.attachments ?? []) if (a.cid) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString('base64')}`);
  return html;
}

describe('order mails in a phone-sized mail view', () => {
  it('every mail fits 375 px, keeps its button and text readable, and draws the QR', async () => {
    // Received, paid, sent, delivered to the shopper and the operator's mail, in each shop.
    expect(mails.length).toBe(10);
    const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
    await journey(browser, phone, {}, async ({ page }) => {
      for (const { name, mail } of mails) {
        await page.setContent(shown(mail), { waitUntil: 'load' });
        expect(await scrollWidth(page), `${name}: ${mail.subject}`).toBeLessThanOrEqual(phone.width);
        const button = page.locator('a[href*="/sledovanie-zasielky/"]').first();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, `${name}: the button fits`).toBeLessThanOrEqual(phone.width);
        expect(box.height, `${name}: the button is a tap target`).toBeGreaterThanOrEqual(40);
        const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('p, td, h1, h2')].map((e) => parseFloat(getComputedStyle(e).fontSize))));
        expect(smallest, `${name}: text size`).toBeGreaterThanOrEqual(12);
        const qr = page.locator('img[alt]');
        if (mail.attachments?.some((a) => a.cid)) expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await screenshot(page, `mail-${name}`, { fullPage: true });
      }
    });
  });
});
