import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOrderCli } from '../../server/orders/cli';
import { cancelOrder } from '../../server/orders/order-lifecycle';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, CZ_HOST, placeOrder, SK_HOST, stockedProduct } from './payments-helpers';
import { pdfText } from './pdf-text';

/**
 * The mails of an order's life (issue 17): received, paid, sent (carrier, pickup point, tracking
 * number), delivered (the invoice PDF attached), cancelled, each in the order's language with a
 * plain-text part; the operator gets every new order.
 */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 30, env: { MAIL_OPERATOR: 'predajca@obchod.sk' } });
});
afterAll(() => shop.close());

const cli = (...argv: string[]) => runOrderCli(shop.db, argv, () => {}, shop.clock.now());
const mailsTo = (to: string, number: string) => shop.mail.filter((m) => m.to === to && m.subject.includes(number));

/** A Packeta order: the pickup point is chosen in the cart before the payment. */
async function packetaOrder(host: string, payment: number) {
  const b = new Browser(shop);
  await b.holdToken({ host });
  const call = async (path: string, body?: object) => {
    const r = await shop.app.request(path, { method: body ? 'POST' : 'GET', headers: b.headers({ host, 'x-csrf-token': b.csrf, 'content-type': 'application/json' }), ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(r.status, path).toBe(200);
    return (await r.json()) as any;
  };
  const cz = host === CZ_HOST;
  await call('/api/cart/add', { product_id: stockedProduct(shop, cz ? 2 : 1), quantity: 1 });
  const point = (await call('/api/cart/pickup-points?company_id=10')).items[0];
  await call('/api/cart/pickup', { company_id: 10, pickup_point_id: point.id });
  await call('/api/cart/payment', { id: payment });
  const done = await call('/api/cart/submit', { firstName: 'Petra', lastName: 'Veselá', street: 'Nádražní 5', town: 'Praha', zip: '110 00', country: cz ? 'cz' : 'sk', contact: '+420 601 123 456', email: 'petra@example.cz', condition: true });
  const number = (shop.db.$client.prepare('SELECT document_number AS n FROM orders WHERE hash = ?').get(done.data.hash) as { n: string }).n;
  return { hash: done.data.hash as string, number, point };
}

describe('order mails', () => {
  it('a Czech Packeta order: received → sent with the point and tracking number → delivered with the invoice, all in Czech', async () => {
    const order = await packetaOrder(CZ_HOST, 1);
    await shop.mailsSent();
    const [received] = mailsTo('petra@example.cz', order.number);
    expect(received.subject).toBe(`Potvrzení objednávky č. ${order.number}`);
    expect(received.text).toContain('Objednávku jsme přijali');
    expect(received.html).toContain('lang="cs"');
    expect(mailsTo('predajca@obchod.sk', order.number).map((m) => m.subject)).toEqual([`Nová objednávka č. ${order.number}`]);

    expect(cli('sent', order.number, '--tracking', 'Z 1234 5678')).toBe(0);
    await shop.app.outbox.deliverDue();
    const sent = mailsTo('petra@example.cz', order.number).at(-1)!;
    expect(sent.subject).toBe(`Objednávka č. ${order.number} je na cestě`);
    expect(sent.text).toContain('Z 1234 5678');
    expect(sent.text).toContain(order.point.name);
    expect(sent.text).toContain('dopravci Packeta');

    expect(cli('delivered', order.number)).toBe(0);
    await shop.app.outbox.deliverDue();
    const delivered = mailsTo('petra@example.cz', order.number).at(-1)!;
    expect(delivered.subject).toBe(`Objednávka č. ${order.number} je doručena`);
    // Cash on delivery is paid as it is delivered: the invoice goes with this mail, no separate "paid" mail.
    const pdf = delivered.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^faktura-\d{10}\.pdf$/);
    const text = pdfText(pdf!.content);
    expect(text[0]).toMatch(/^Faktura – daňový doklad č\. \d{10}$/);
    expect(text).toContain(`Objednávka č. ${order.number} (22.11.2026 11:00)`);
    expect(delivered.text).toMatch(/odstoupit/i);
    expect(mailsTo('petra@example.cz', order.number).map((m) => m.subject)).toHaveLength(3);
  });

  it('a Slovak bank transfer: the payment is confirmed by its own mail; every mail has a text and an HTML part', async () => {
    const placed = await placeOrder(shop, new Browser(shop), { payment: 2, host: SK_HOST });
    expect(cli('paid', placed.documentNumber)).toBe(0);
    await shop.app.outbox.deliverDue();
    const mails = mailsTo('jan@example.sk', placed.documentNumber);
    expect(mails.map((m) => m.subject)).toEqual([`Potvrdenie objednávky č. ${placed.documentNumber}`, `Platba za objednávku č. ${placed.documentNumber} prijatá`]);
    for (const m of mails) {
      expect(m.text.length).toBeGreaterThan(50);
      expect(m.text).not.toMatch(/<[a-z]/i);
      expect(m.html).toMatch(/^<!doctype html>/i);
    }
  });

  it('a cancelled order tells the shopper', async () => {
    const placed = await placeOrder(shop, new Browser(shop), { payment: 1 });
    expect(cancelOrder(shop.db, { orderId: placed.id, now: shop.clock.now() })).toBe(true);
    await shop.app.outbox.deliverDue();
    expect(mailsTo('jan@example.sk', placed.documentNumber).at(-1)!.subject).toBe(`Objednávka č. ${placed.documentNumber} je zrušená`);
    expect(shop.errors).toEqual([]);
  });
});
