import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { RETRY_AFTER_MS } from '../../server/mail/outbox';
import { Browser, CZ_HOST, placeOrder } from './payments-helpers';
import { pdfText } from './pdf-text';

/**
 * A mail server that is down, or a QR that cannot be drawn, never fails the shopper's order or
 * its pages: the mail stays queued and goes on a later attempt (decision 209).
 */
let shop: TestShop;
let smtpDown = true;
beforeAll(() => {
  shop = createTestShop({
    products: 20,
    mailer: async () => {
      if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    },
  });
});
afterAll(() => shop.close());

const queue = () => shop.db.$client.prepare('SELECT kind, attempts, due_at AS dueAt, sent_at AS sentAt, last_error AS lastError FROM mail_queue ORDER BY id').all() as {
  kind: string; attempts: number; dueAt: number | null; sentAt: number | null; lastError: string | null;
}[];

describe('mail outbox', () => {
  it('keeps the order and its pages when the mail server is down, and sends on a later attempt', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2, host: CZ_HOST });
    await shop.mailsSent();
    expect(shop.mail).toEqual([]);
    const failed = queue();
    expect(failed.map((r) => r.kind)).toEqual(['order.received', 'order.operator']);
    for (const row of failed) {
      expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
      expect(row.dueAt).toBe(shop.clock.now().getTime() + RETRY_AFTER_MS[0]);
    }

    const page = await shop.app.request(`/sledovanie-zasielky/${order.hash}`, { headers: { host: CZ_HOST } });
    expect(page.status).toBe(200);
    const doc = parseHtml(await page.text());
    // Nothing alarming for the shopper: the confirmation is on its way.
    expect(doc.querySelector('[data-field="confirmation"]')!.textContent).toBe('Potvrzení objednávky vám pošleme na jan@example.sk.');

    // Not yet due: nothing is tried again.
    await shop.app.outbox.deliverDue();
    expect(queue()[0].attempts).toBe(1);

    smtpDown = false;
    shop.clock.set(new Date(shop.clock.now().getTime() + RETRY_AFTER_MS[0]));
    expect(await shop.app.outbox.deliverDue()).toBe(2);
    expect(queue().map((r) => [r.attempts, r.dueAt, r.sentAt !== null])).toEqual([[2, null, true], [2, null, true]]);
    expect(shop.mail.map((m) => m.subject)).toEqual([`Potvrzení objednávky č. ${order.documentNumber}`, `Nová objednávka č. ${order.documentNumber}`]);
    const after = parseHtml(await (await shop.app.request(`/sledovanie-zasielky/${order.hash}`, { headers: { host: CZ_HOST } })).text());
    expect(after.querySelector('[data-field="confirmation"]')!.textContent).toBe('Potvrzení objednávky jsme poslali na jan@example.sk.');
    expect(shop.errors).toHaveLength(2);
    shop.errors.length = 0;
  });

  it('gives up after the last attempt, keeps the row and says so in the log', async () => {
    smtpDown = true;
    await placeOrder(shop, new Browser(shop), { payment: 1 });
    for (const wait of RETRY_AFTER_MS) {
      await shop.app.outbox.deliverDue();
      shop.clock.set(new Date(shop.clock.now().getTime() + wait));
    }
    await shop.app.outbox.deliverDue();
    const rows = queue().slice(-2);
    expect(rows.map((r) => [r.attempts, r.dueAt, r.sentAt])).toEqual([[RETRY_AFTER_MS.length + 1, null, null], [RETRY_AFTER_MS.length + 1, null, null]]);
    expect(String(shop.errors.at(-1))).toContain('ECONNREFUSED');
    shop.errors.length = 0;
    smtpDown = false;
  });

  it('shows the payment details without the QR when the QR cannot be drawn, on the page, in the PDF and in the mail', async () => {
    // A beneficiary name no QR code can hold (the QR libraries throw on it).
    shop.db.$client.prepare('UPDATE suppliers SET beneficiary = ? WHERE shop_id = 2').run('obchod s.r.o. '.repeat(300));
    const order = await placeOrder(shop, new Browser(shop), { payment: 2, host: CZ_HOST });
    const page = await shop.app.request(`/sledovanie-zasielky/${order.hash}`, { headers: { host: CZ_HOST } });
    expect(page.status).toBe(200);
    const box = parseHtml(await page.text()).querySelector('[data-field="payment-qr"]')!;
    expect(box.querySelector('[data-field="variable-symbol"]')!.textContent).toBe(order.documentNumber);
    expect(box.querySelector('img')).toBeNull();
    const pdf = await shop.app.request(`/pdf/${order.hash}`, { headers: { host: CZ_HOST } });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(`Variabilní symbol: ${order.documentNumber}`);
    await shop.mailsSent();
    const mail = shop.mail.find((m) => m.subject === `Potvrzení objednávky č. ${order.documentNumber}`)!;
    expect(mail.text).toContain(order.documentNumber);
    expect(mail.attachments ?? []).toEqual([]);
    expect(shop.errors.length).toBeGreaterThan(0);
    shop.errors.length = 0;
  });
});
