import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markOrderPaid } from '../../server/orders/order-lifecycle';
import { CUSTOMER } from '../setup/customer';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { pdfText } from './pdf-text';

/**
 * A business buyer's company IDs on the invoice address (spec 2 tracking page, spec 3 Order): the
 * invoice section's IČO / IČ DPH when given, else the company IDs of the delivery section; on the
 * tracking page, in GET /api/purchase/{hash}, in the order PDF and in the invoice PDF.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
let owner: Browser;
const sqlite = () => shop.db.$client;

// None of these equals the supplier's own IČO / IČ DPH, which the invoice PDF prints too.
const DELIVERY_COMPANY = { companyName: 'Doručovacia firma s.r.o.', companyNumber: '87654321', companyTax: '2087654321', companyVat: 'SK2087654321' };
const INVOICE_SECTION = {
  invoiceName: 'Fakturačná firma s.r.o.',
  invoiceNumber: '46800551',
  invoiceTax: '2021234568',
  invoiceVat: 'SK1234567890',
  invoiceStreet: 'Fakturačná 5',
  invoiceTown: 'Košice',
  invoiceZip: '040 01',
  invoiceCountry: 'sk',
};

interface Placed {
  id: number;
  hash: string;
  total: number;
  currency: string;
}

async function placeOrder(fields: Record<string, string>): Promise<Placed> {
  const product = (
    sqlite()
      .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT 1')
      .get() as { id: number }
  ).id;
  sqlite().prepare('UPDATE products SET quantity = 500, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(product);
  expect((await owner.api('POST', '/api/cart/add', { product_id: product, quantity: 1 }, { json: true })).status).toBe(200);
  expect((await owner.api('POST', '/api/cart/delivery', { id: 1 }, { json: true })).status).toBe(200);
  expect((await owner.api('POST', '/api/cart/payment', { id: 1 }, { json: true })).status).toBe(200);
  const submit = await owner.api('POST', '/api/cart/submit', { ...CUSTOMER, ...fields }, { json: true });
  expect(submit.status).toBe(200);
  return sqlite().prepare('SELECT id, hash, total, currency FROM orders WHERE hash = ?').get(submit.json.data.hash) as Placed;
}

const request = (path: string) => shop.app.request(path, { headers: owner.headers() }, { incoming: { socket: { remoteAddress: owner.address } } });

/** The invoice-address box of the tracking page, and the order's JSON. */
async function tracking(order: Placed) {
  const page = await request(`/sledovanie-zasielky/${order.hash}`);
  expect(page.status).toBe(200);
  const box = parseHtml(await page.text()).querySelector('[data-field="invoice-address"]')!;
  const api = await request(`/api/purchase/${order.hash}`);
  expect(api.status).toBe(200);
  return { box: box.textContent!.replace(/\s+/g, ' '), data: ((await api.json()) as any).data };
}

/** The lines of a PDF between a heading and the next line starting with `until`. */
function section(lines: string[], heading: string, until: string): string[] {
  const start = lines.indexOf(heading);
  expect(start, `${heading} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith(until));
  return end < 0 ? rest : rest.slice(0, end);
}

async function pdfLines(path: string): Promise<string[]> {
  const response = await request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

/** The invoice address of the order PDF (/pdf/{hash}). */
async function orderPdfInvoice(order: Placed) {
  return section(await pdfLines(`/pdf/${order.hash}`), 'Fakturačná adresa', 'Doručovacia adresa');
}

/** The customer ("Odberateľ") block of the paid order's invoice PDF (/moje/faktury/{number}). */
async function invoicePdfCustomer(order: Placed) {
  const paid = markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: order.currency, now: shop.clock.now() });
  expect(paid.paid).toBe(true);
  return section(await pdfLines(`/moje/faktury/${paid.invoiceNumber}`), 'Odberateľ', 'Doručovacia adresa');
}

beforeAll(async () => {
  shop = createTestShop({ products: 5 });
  owner = new Browser(shop);
  await owner.signUpAndIn('firma@example.sk');
});
afterAll(() => shop.close());

describe('invoice address company IDs', () => {
  it('shows the invoice section’s IČO and IČ DPH, not the delivery company’s, everywhere', async () => {
    const order = await placeOrder({ ...DELIVERY_COMPANY, ...INVOICE_SECTION });

    const { box, data } = await tracking(order);
    expect(box).toContain('Fakturačná firma s.r.o.');
    expect(box).toContain('IČO: 46800551');
    expect(box).toContain('IČ DPH: SK1234567890');
    expect(box).not.toContain('87654321');
    expect(box).not.toContain('SK2087654321');

    // The existing fields keep their meaning (the delivery section's company); the invoice pair is added.
    expect(data.company_number).toBe('87654321');
    expect(data.company_vat).toBe('SK2087654321');
    expect(data.invoice_company_number).toBe('46800551');
    expect(data.invoice_company_vat).toBe('SK1234567890');

    const orderPdf = await orderPdfInvoice(order);
    expect(orderPdf).toEqual(['Fakturačná firma s.r.o.', 'IČO: 46800551', 'DIČ: 2021234568', 'IČ DPH: SK1234567890', 'Fakturačná 5', '040 01 Košice', 'Slovensko']);

    const invoice = await invoicePdfCustomer(order);
    expect(invoice).toContain('IČO: 46800551');
    expect(invoice).toContain('IČ DPH: SK1234567890');
    expect(invoice.join('\n')).not.toContain('87654321');
  });

  it('falls back to the delivery section’s company IDs when the invoice section has none', async () => {
    const order = await placeOrder(DELIVERY_COMPANY);

    const { box, data } = await tracking(order);
    expect(box).toContain('Doručovacia firma s.r.o.');
    expect(box).toContain('IČO: 87654321');
    expect(box).toContain('IČ DPH: SK2087654321');
    expect(data.invoice_company_number).toBe('87654321');
    expect(data.invoice_company_vat).toBe('SK2087654321');

    expect(await orderPdfInvoice(order)).toEqual(['Doručovacia firma s.r.o.', 'IČO: 87654321', 'DIČ: 2087654321', 'IČ DPH: SK2087654321', 'Hlavná 12', '811 01 Bratislava', 'Slovensko']);

    const invoice = await invoicePdfCustomer(order);
    expect(invoice).toContain('IČO: 87654321');
    expect(invoice).toContain('IČ DPH: SK2087654321');
  });

  it('falls back too when only the invoice address (no IDs) is given', async () => {
    const { invoiceNumber, invoiceVat, invoiceTax, ...address } = INVOICE_SECTION;
    const order = await placeOrder({ ...DELIVERY_COMPANY, ...address });
    const { box, data } = await tracking(order);
    expect(box).toContain('IČO: 87654321');
    expect(box).toContain('IČ DPH: SK2087654321');
    expect(data.invoice_company_number).toBe('87654321');
    expect(await orderPdfInvoice(order)).toEqual(['Fakturačná firma s.r.o.', 'IČO: 87654321', 'DIČ: 2087654321', 'IČ DPH: SK2087654321', 'Fakturačná 5', '040 01 Košice', 'Slovensko']);
  });

  it('keeps the IDs as a pair: an invoice IČO alone never borrows the delivery company’s IČ DPH', async () => {
    const order = await placeOrder({ ...DELIVERY_COMPANY, ...INVOICE_SECTION, invoiceVat: '' });
    const { box, data } = await tracking(order);
    expect(box).toContain('IČO: 46800551');
    expect(box).not.toContain('IČ DPH');
    expect(data.invoice_company_vat).toBe('');
    expect(await orderPdfInvoice(order)).toEqual(['Fakturačná firma s.r.o.', 'IČO: 46800551', 'DIČ: 2021234568', 'Fakturačná 5', '040 01 Košice', 'Slovensko']);
    const invoice = await invoicePdfCustomer(order);
    expect(invoice).toContain('IČO: 46800551');
    expect(invoice.join('\n')).not.toContain('SK2087654321');
  });

  it('takes the delivery address whole when the invoice address is incomplete, and keeps the invoice name', async () => {
    const order = await placeOrder({ invoiceName: 'Iba meno s.r.o.', invoiceStreet: 'Fakturačná 5' });
    const { data } = await tracking(order);
    expect([data.invoice_name, data.invoice_street, data.invoice_zip, data.invoice_town]).toEqual(['Iba meno s.r.o.', 'Hlavná 12', '811 01', 'Bratislava']);
    expect(await orderPdfInvoice(order)).toEqual(['Iba meno s.r.o.', 'Hlavná 12', '811 01 Bratislava', 'Slovensko']);
  });

  it('prints no ID lines for a consumer without any company', async () => {
    const order = await placeOrder({});
    const { box, data } = await tracking(order);
    expect(box).toContain('Ján Novák');
    expect(box).not.toContain('IČO');
    expect(box).not.toContain('IČ DPH');
    expect([data.invoice_company_number, data.invoice_company_vat]).toEqual(['', '']);
    expect(await orderPdfInvoice(order)).toEqual(['Ján Novák', 'Hlavná 12', '811 01 Bratislava', 'Slovensko']);
    const invoice = await invoicePdfCustomer(order);
    expect(invoice.join('\n')).not.toMatch(/IČO|IČ DPH/);
  });
});
