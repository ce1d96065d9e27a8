import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, createStaff, StaffBrowser } from './admin.client';
import { Browser, invoicesOf, orderRow, placeOrder, purchasePoints, stockOf, stockedProduct } from './payments-helpers';
import { pdfText } from './pdf-text';

/**
 * Issue 20 "Orders": staff move an order along from the back office through the same lifecycle the
 * shop and the command line use; each step queues the shopper's mail and writes its audit row.
 */
let shop: TestShop;
let admin: StaffBrowser;
let adminEmail: string;

beforeAll(async () => {
  shop = createTestShop({ products: 20 });
  const member = await createStaff(shop, 'ROLE_ADMIN');
  adminEmail = member.email;
  admin = new StaffBrowser(shop);
  await admin.signIn(member);
});
afterAll(() => shop.close());

const orderPage = (number: string) => admin.get(`/admin/objednavky/${number}`);
const act = (number: string, action: string, fields: Record<string, string> = {}) => admin.form(`/admin/objednavky/${number}/${action}`, fields);

describe('order detail and actions', () => {
  it('shows every line, the customer, the payment and the documents', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const page = await orderPage(order.documentNumber);
    expect(page.status).toBe(200);
    const doc = page.doc!;
    expect(doc.querySelector('h1')?.textContent).toContain(order.documentNumber);
    expect(doc.querySelectorAll('[data-table="items"] tbody tr').length).toBeGreaterThan(0);
    expect(doc.querySelector('[data-field="customer"]')?.textContent).toContain('jan@example.sk');
    expect(doc.querySelector('[data-field="stage"]')?.textContent).toBe('Prijatá');
    expect(doc.querySelector('[data-field="documents"]')?.textContent).toContain(`Objednávka č. ${order.documentNumber}`);
    const pdf = await admin.get(`/admin/objednavky/${order.documentNumber}/objednavka.pdf`);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect((await admin.get('/admin/objednavky/2619999999')).status).toBe(404);
    expect(doc.querySelector('[data-field="partner"]')).toBeNull();
  });

  it('names the partner whose embed brought the shopper (attribution, staff only)', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    shop.db.$client.prepare('UPDATE orders SET partner = ? WHERE document_number = ?').run('recepty.example', order.documentNumber);
    const doc = (await orderPage(order.documentNumber)).doc!;
    expect(doc.querySelector('[data-field="partner"]')?.textContent).toContain('recepty.example');
  });

  it('shows the withdrawals and claims of an order, and lists the orders withdrawn from', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const w = shop.db.$client
      .prepare("INSERT INTO withdrawals (public_id, order_id, token, name, email, reason, locale, created_at) VALUES ('pub1', ?, 'tok1', 'Ján Novák', 'jan@example.sk', 'Nesedí veľkosť', 'sk', ?)")
      .run(order.id, shop.clock.now().getTime()).lastInsertRowid;
    shop.db.$client.prepare("INSERT INTO withdrawal_items (withdrawal_id, product_id, name, unit_price, quantity) VALUES (?, NULL, 'Hrniec', 1990, 1)").run(w);
    const page = await orderPage(order.documentNumber);
    expect(page.doc!.querySelector('[data-field="withdrawals"]')?.textContent).toContain('1 × Hrniec');
    expect(page.doc!.querySelector('[data-field="withdrawals"]')?.textContent).toContain('Nesedí veľkosť');
    const list = await admin.get('/admin/objednavky?stav=odstupenie');
    expect([...list.doc!.querySelectorAll('[data-table="orders"] tbody tr')].map((tr) => tr.getAttribute('data-order'))).toEqual([order.documentNumber]);
    expect((await admin.get('/admin')).doc!.querySelector('[data-queue="withdrawals"] .admin-queue__count')?.textContent).toBe('1');
  });

  it('paid, sent with a tracking number, delivered: the shopper gets each mail and every step is audited', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await shop.mailsSent();
    const before = shop.mail.length;
    const paid = await act(order.documentNumber, 'zaplatena');
    expect(paid.location).toBe(`/admin/objednavky/${order.documentNumber}?ok=zaplatena`);
    const shown = await admin.get(paid.location!);
    expect(shown.doc!.querySelector('[data-field="notice"]')?.textContent).toContain('Platba je zaúčtovaná');
    expect(shown.doc!.querySelector('[data-field="payment-log"]')?.textContent).toContain(`Platba prevodom zaúčtovaná: ${(order.total / 100).toFixed(2).replace('.', ',')}\u00a0€`);
    expect(invoicesOf(shop, order.id)).toHaveLength(1);
    expect((await admin.get(`/admin/objednavky/${order.documentNumber}/faktura.pdf`)).response.headers.get('content-type')).toBe('application/pdf');

    const noTracking = await act(order.documentNumber, 'odoslana', { tracking: 'Z<script>' });
    expect(noTracking.status).toBe(400);
    expect(noTracking.doc!.querySelector('#f-tracking-error')).not.toBeNull();
    expect(noTracking.doc!.querySelector('input[name="tracking"]')?.getAttribute('value')).toBe('Z<script>');
    expect((await act(order.documentNumber, 'odoslana', { tracking: 'DR1234567890SK' })).status).toBe(303);
    expect((await act(order.documentNumber, 'dorucena')).status).toBe(303);
    expect(orderRow(shop, order.id).status).toBe(3);

    await shop.mailsSent();
    const mails = shop.mail.slice(before).filter((m) => m.to === 'jan@example.sk');
    expect(mails.map((m) => m.subject)).toEqual([
      `Platba za objednávku č. ${order.documentNumber} prijatá`,
      `Objednávka č. ${order.documentNumber} je na ceste`,
      `Objednávka č. ${order.documentNumber} je doručená`,
    ]);
    expect(mails[1].text).toContain('DR1234567890SK');

    const rows = auditRows(shop).filter((r) => r.subject === order.documentNumber);
    expect(rows.map((r) => r.action)).toEqual(['order.paid', 'order.sent', 'order.delivered']);
    for (const row of rows) expect(row).toMatchObject({ actor: adminEmail, section: 'orders', requestId: expect.any(String) });
    expect(JSON.parse(rows[0].before!)).toMatchObject({ stage: 0, paidAt: null });
    expect(JSON.parse(rows[0].after!)).toMatchObject({ stage: 1, invoice: invoicesOf(shop, order.id)[0] });
    expect(JSON.parse(rows[1].after!)).toMatchObject({ stage: 2, trackingNumber: 'DR1234567890SK' });

    // A step that changes nothing is refused with the reason and writes nothing.
    const again = await act(order.documentNumber, 'zaplatena');
    expect(again.status).toBe(409);
    expect(again.doc!.querySelector('[data-field="form-error"]')?.textContent).toContain('je už zaplatená');
    expect(auditRows(shop).filter((r) => r.subject === order.documentNumber)).toHaveLength(3);
  });

  it('cancelled: stock returns, purchase points are taken back, the shopper gets the mail', async () => {
    const b = new Browser(shop);
    await b.signUpAndIn('zrusenie@example.sk');
    const product = stockedProduct(shop, 1, 3, 50);
    const order = await placeOrder(shop, b, { payment: 2, lines: [[product, 3]] });
    expect(stockOf(shop, product)).toBe(47);
    await act(order.documentNumber, 'zaplatena');
    const userId = orderRow(shop, order.id).user_id!;
    expect(purchasePoints(shop, userId, order.id)).toEqual([order.points]);
    expect((await act(order.documentNumber, 'zrusena')).location).toBe(`/admin/objednavky/${order.documentNumber}?ok=zrusena`);
    expect(stockOf(shop, product)).toBe(50);
    expect(purchasePoints(shop, userId, order.id)).toEqual([order.points, -order.points]);
    await shop.mailsSent();
    expect(shop.mail.filter((m) => m.subject.includes(order.documentNumber)).at(-1)?.subject).toMatch(/zrušená/);
    expect(auditRows(shop, 'order.cancelled').at(-1)).toMatchObject({ subject: order.documentNumber });
  });

  it('a credit note for a cancelled paid order: its own number series, negative lines, the invoice named; once', async () => {
    const first = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const unpaid = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await act(first.documentNumber, 'zaplatena');
    expect((await act(first.documentNumber, 'dobropis')).status).toBe(409);
    await act(first.documentNumber, 'zrusena');
    await act(unpaid.documentNumber, 'zrusena');
    expect((await act(unpaid.documentNumber, 'dobropis')).status).toBe(409);
    expect((await act(first.documentNumber, 'dobropis')).location).toBe(`/admin/objednavky/${first.documentNumber}?ok=dobropis`);
    expect((await act(first.documentNumber, 'dobropis')).status).toBe(409);
    const page = await orderPage(first.documentNumber);
    const link = page.doc!.querySelector('[data-field="credit-note"]')!;
    expect(link.textContent).toContain('Dobropis č. D2026000001');
    const invoice = invoicesOf(shop, first.id)[0];
    const text = pdfText(Buffer.from(await (await shop.app.request(link.getAttribute('href')!, { headers: admin.headers() }, admin.env())).arrayBuffer()));
    expect(text).toContain('Dobropis – opravný daňový doklad č. D2026000001');
    expect(text).toContain(`K faktúre č. ${invoice}`);
    const total = (first.total / 100).toFixed(2).replace('.', ',');
    expect(text.some((line) => line.startsWith('-') && line.includes(total))).toBe(true);
    expect(text.join('\n')).toMatch(new RegExp(`Sumu ${total.replace(',', ',')}\\s?€ vrátime`));
    expect(auditRows(shop, 'order.credit-note').at(-1)).toMatchObject({ subject: first.documentNumber, after: expect.stringContaining('"creditNote":"D2026000001"') });

    const second = await placeOrder(shop, new Browser(shop), { payment: 2 });
    await act(second.documentNumber, 'zaplatena');
    await act(second.documentNumber, 'zrusena');
    await act(second.documentNumber, 'dobropis');
    expect((await orderPage(second.documentNumber)).doc!.querySelector('[data-field="credit-note"]')?.textContent).toContain('D2026000002');
  });
});
