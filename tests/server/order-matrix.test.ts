import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { ORDER_NUMBER } from '../../server/orders/order-number';
import { supplierOf } from '../../server/shops/supplier.service';
import { parseHtml } from '../setup/html';
import { dataUrlPng, decodePaymentQr, readQrPng } from '../setup/payment-qr';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, CZ_HOST, SK_HOST, stockedProduct } from './payments-helpers';
import { pdfText } from './pdf-text';

/**
 * Every shipping × payment combination the shop offers, in both shops, for a consumer and a
 * wholesale buyer (at home and, as only wholesale may, delivered to the other country): the order
 * is placed, its tracking page, PDF, API answer and mails are made, and a bank transfer's QR reads
 * back as the supplier's IBAN, the total, the currency and the order number as a variable symbol
 * of at most 10 digits. The combinations are read from the shop itself, so a carrier or payment
 * added later is walked too. (A Czech bank-transfer order crashed because no test placed one.)
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

let shop: TestShop;
let wholesale: Browser;
const WHOLESALE = 'matrix-velkoobchod@example.sk';
const PASSWORD = 'Modrý kvetináč na balkóne 42';

beforeAll(async () => {
  shop = createTestShop({ products: 30 });
  wholesale = new Browser(shop);
  const up = await wholesale.api('POST', '/api/security/signup', { username: WHOLESALE, password: PASSWORD, phone: '0905123456', type: 'wholesale' });
  expect(up.status).toBe(201);
  expect(runAccountsCli(shop.db, ['approve', '--email', WHOLESALE, '--role', 'wholesale'], () => {})).toBe(0);
  expect((await wholesale.form('/moje/prihlasenie', { username: WHOLESALE, password: PASSWORD })).status).toBe(303);
  // Signing in gives a new session: its token comes with the next page.
  await wholesale.get('/moje/konto');
});
afterAll(() => shop.close());

interface Case {
  shop: 'sk' | 'cz';
  buyer: 'consumer' | 'wholesale';
  country: 'sk' | 'cz';
}

const CASES: Case[] = [
  { shop: 'sk', buyer: 'consumer', country: 'sk' },
  { shop: 'sk', buyer: 'wholesale', country: 'sk' },
  { shop: 'sk', buyer: 'wholesale', country: 'cz' },
  { shop: 'cz', buyer: 'consumer', country: 'cz' },
  { shop: 'cz', buyer: 'wholesale', country: 'cz' },
  { shop: 'cz', buyer: 'wholesale', country: 'sk' },
];

const ADDRESS = {
  sk: { street: 'Hlavná 12', town: 'Bratislava', zip: '811 01' },
  cz: { street: 'Masarykova 3', town: 'Brno', zip: '602 00' },
};

let serial = 0;

/** One shopper's requests to one storefront: JSON with the session's token, as the widgets send them. */
function client(browser: Browser, host: string) {
  const call = async (method: string, path: string, body?: object) => {
    const response = await shop.app.request(path, {
      method,
      headers: browser.headers({ host, 'x-csrf-token': browser.csrf, ...(body ? { 'content-type': 'application/json' } : {}) }),
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return response;
  };
  const json = async (method: string, path: string, body?: object) => {
    const response = await call(method, path, body);
    const data = (await response.json()) as any;
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  return { call, json };
}

/** The carrier × payment pairs the cart offers this buyer for its delivery country. */
async function offeredCombinations(api: ReturnType<typeof client>): Promise<[number, number][]> {
  const pairs: [number, number][] = [];
  const { cart } = await api.json('GET', '/api/cart');
  for (const carrier of cart.shipping_options as { id: number }[]) {
    const chosen = (await api.json('POST', '/api/cart/delivery', { id: carrier.id })).cart;
    for (const payment of chosen.payment_options as { id: number; enabled: boolean }[]) if (payment.enabled) pairs.push([carrier.id, payment.id]);
  }
  return pairs;
}

async function placeCombination(c: Case, browser: Browser, carrier: number, payment: number) {
  const host = c.shop === 'sk' ? SK_HOST : CZ_HOST;
  const api = client(browser, host);
  const shopId = c.shop === 'sk' ? 1 : 2;
  await api.json('POST', '/api/cart/add', { product_id: stockedProduct(shop, shopId, serial % 5, 10_000), quantity: 1 + (serial % 3) });
  if (c.country !== c.shop) await api.json('POST', '/api/cart/country', { country: c.country });
  const delivered = (await api.json('POST', '/api/cart/delivery', { id: carrier })).cart;
  if (delivered.shipping_options.find((o: { id: number; pickup: boolean }) => o.id === carrier)?.pickup) {
    const points = (await api.json('GET', `/api/cart/pickup-points?company_id=${carrier}`)).items as { id: number }[];
    await api.json('POST', '/api/cart/pickup', { company_id: carrier, pickup_point_id: points[0].id });
  }
  const ready = (await api.json('POST', '/api/cart/payment', { id: payment })).cart;
  expect(ready.problems, `${carrier}×${payment}`).toEqual([]);
  serial += 1;
  const email = `matrix-${serial}@example.sk`;
  const submitted = await api.json('POST', '/api/cart/submit', {
    firstName: 'Ján', lastName: 'Novák', ...ADDRESS[c.country], country: c.country, contact: '+421 900 123 456', email, condition: true,
  });
  return { hash: submitted.data.hash as string, email, host, shopId, cartTotal: ready.total as number };
}

/** Everything that must hold for one placed order; answers what went wrong, or nothing. */
async function checkDocuments(placed: Awaited<ReturnType<typeof placeCombination>>, payment: number): Promise<string[]> {
  const problems: string[] = [];
  const get = (path: string) => shop.app.request(path, { headers: { host: placed.host } });
  const api = await get(`/api/purchase/${placed.hash}`);
  if (api.status !== 200) return [`API ${api.status}`];
  const order = ((await api.json()) as any).data;
  const number: string = order.document_number;
  if (!ORDER_NUMBER.test(number) || order.variable_symbol !== number) problems.push(`number ${number} / VS ${order.variable_symbol}`);
  if (order.total !== placed.cartTotal) problems.push(`total ${order.total} ≠ cart ${placed.cartTotal}`);
  const items = order.items.reduce((s: number, i: { line_total: number }) => s + i.line_total, 0);
  if (items + order.price_shipping + order.price_payment - order.voucher_price + order.price_alignment !== order.total) problems.push('API lines do not add up to the total');

  const page = await get(`/sledovanie-zasielky/${placed.hash}`);
  const html = await page.text();
  if (page.status !== 200) problems.push(`tracking page ${page.status}`);
  else if (!html.includes(number)) problems.push('tracking page without the order number');

  const pdf = await get(`/pdf/${placed.hash}`);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  if (pdf.status !== 200 || pdf.headers.get('content-type') !== 'application/pdf' || bytes.subarray(0, 5).toString() !== '%PDF-') problems.push(`PDF ${pdf.status}`);
  else if (!pdfText(bytes).some((line) => line.includes(number))) problems.push('PDF without the order number');

  await shop.mailsSent();
  const mail = shop.mail.find((m) => m.to === placed.email && m.subject.includes(number));
  if (!mail?.html || !mail.text.includes(number)) problems.push('no confirmation mail');
  if (!shop.mail.some((m) => m.to !== placed.email && m.subject.includes(number))) problems.push('no operator mail');

  if (payment === 2) {
    const supplier = supplierOf(shop.db, placed.shopId);
    const expected = { iban: supplier.iban, amount: order.total, currency: order.currency.code, variableSymbol: number };
    const src = parseHtml(html).querySelector('[data-field="payment-qr"] img')?.getAttribute('src');
    if (!src) problems.push('bank transfer without a QR on the tracking page');
    else expectPayment(problems, 'tracking page QR', decodePaymentQr(readQrPng(dataUrlPng(src))), expected);
    const attached = mail?.attachments?.find((a) => a.cid === 'payment-qr');
    if (!attached) problems.push('bank transfer mail without its QR');
    else expectPayment(problems, 'mail QR', decodePaymentQr(readQrPng(attached.content)), expected);
  }
  return problems;
}

function expectPayment(problems: string[], where: string, got: { iban: string; amount: number; currency: string; variableSymbol: string }, expected: typeof got) {
  if (got.variableSymbol.length > 10) problems.push(`${where}: variable symbol of ${got.variableSymbol.length} digits`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${where}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`);
}

describe('every shipping × payment × shop × buyer', () => {
  for (const c of CASES) {
    it(`${c.shop} shop, ${c.buyer}, delivered to ${c.country}`, async () => {
      const browser = c.buyer === 'wholesale' ? wholesale : new Browser(shop);
      await browser.holdToken({ host: c.shop === 'sk' ? SK_HOST : CZ_HOST });
      const api = client(browser, c.shop === 'sk' ? SK_HOST : CZ_HOST);
      await api.json('POST', '/api/cart/add', { product_id: stockedProduct(shop, c.shop === 'sk' ? 1 : 2, 0, 10_000), quantity: 1 });
      if (c.country !== c.shop) await api.json('POST', '/api/cart/country', { country: c.country });
      const combinations = await offeredCombinations(api);
      await api.json('POST', '/api/cart/update', { product_id: stockedProduct(shop, c.shop === 'sk' ? 1 : 2, 0, 10_000), quantity: 0 });
      // Every payment id of the spec that the shop offers at home turns up (sk: 1, 2, 20, 30; cz: 1, 2, 10, 20).
      expect(new Set(combinations.map(([, p]) => p)).size, JSON.stringify(combinations)).toBeGreaterThanOrEqual(c.country === c.shop ? 4 : 3);

      const failures: string[] = [];
      for (const [carrier, payment] of combinations) {
        try {
          const placed = await placeCombination(c, browser, carrier, payment);
          for (const problem of await checkDocuments(placed, payment)) failures.push(`${carrier}×${payment}: ${problem}`);
        } catch (error) {
          failures.push(`${carrier}×${payment}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
      expect(shop.errors).toEqual([]);
    });
  }
});
