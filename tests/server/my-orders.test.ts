import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { markOrderPaid } from '../../server/orders/order-lifecycle';
import { CUSTOMER } from '../setup/customer';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: TestShop;
const sqlite = () => shop.db.$client;


let n = 0;
async function signedIn(type?: 'seller') {
  n += 1;
  const b = new Browser(shop);
  const email = `orders${n}@example.sk`;
  if (type === 'seller') {
    await b.api('POST', '/api/security/signup', { username: email, password: 'Modrý kvetináč na balkóne 42', phone: '0905123456', type });
    runAccountsCli(shop.db, ['approve', '--email', email, '--role', 'seller'], () => {});
    await b.form('/moje/prihlasenie', { username: email, password: 'Modrý kvetináč na balkóne 42' });
    await b.get('/moje/konto');
  } else {
    await b.signUpAndIn(email);
  }
  const { id } = sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return { b, userId: id };
}

function productIds(count: number): number[] {
  const ids = (
    sqlite()
      .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT ?')
      .all(count) as { id: number }[]
  ).map((r) => r.id);
  for (const id of ids) sqlite().prepare('UPDATE products SET quantity = 500, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(id);
  return ids;
}

/** Places an order as the signed-in browser; returns the order row. */
async function placeOrder(b: Browser, products: number[]) {
  for (const id of products) expect((await b.api('POST', '/api/cart/add', { product_id: id, quantity: 1 }, { json: true })).status).toBe(200);
  expect((await b.api('POST', '/api/cart/delivery', { id: 1 }, { json: true })).status).toBe(200);
  expect((await b.api('POST', '/api/cart/payment', { id: 1 }, { json: true })).status).toBe(200);
  const submit = await b.api('POST', '/api/cart/submit', CUSTOMER, { json: true });
  expect(submit.status).toBe(200);
  return sqlite().prepare('SELECT id, hash, document_number, total, currency FROM orders WHERE hash = ?').get(submit.json.data.hash) as {
    id: number;
    hash: string;
    document_number: string;
    total: number;
    currency: string;
  };
}

function pay(order: { id: number; total: number; currency: string }) {
  const paid = markOrderPaid(shop.db, { orderId: order.id, amount: order.total, currency: order.currency, now: shop.clock.now() });
  expect(paid.paid).toBe(true);
  return paid.invoiceNumber!;
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let seller: Awaited<ReturnType<typeof signedIn>>;
let anonymous: Browser;
let order: Awaited<ReturnType<typeof placeOrder>>;
let invoiceNumber: string;

beforeAll(async () => {
  shop = createTestShop({ products: 30 });
  owner = await signedIn();
  other = await signedIn();
  seller = await signedIn('seller');
  anonymous = new Browser(shop);
  await anonymous.get('/');
  order = await placeOrder(owner.b, productIds(7));
  invoiceNumber = pay(order);
});
afterAll(() => shop.close());

describe('/moje/objednavky', () => {
  it('lists the owner’s orders with at most 5 thumbnails, status, paid state and links', async () => {
    const page = await owner.b.get('/moje/objednavky');
    expect(page.status).toBe(200);
    expect(page.response.headers.get('cache-control')).toContain('no-store');
    const row = page.doc!.querySelector(`tr[data-order="${order.document_number}"]`)!;
    expect(row).not.toBeNull();
    expect(row.querySelectorAll('.my-orders__thumb')).toHaveLength(5);
    expect(row.querySelector('.my-orders__more')!.textContent).toBe('+2');
    expect(row.querySelector('[data-paid]')!.textContent).toBe('Zaplatená');
    expect(row.textContent).toContain('Prijatá');
    expect(row.textContent).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    const invoice = row.querySelector('a[data-invoice]')!;
    expect(invoice.getAttribute('href')).toBe(`/moje/faktury/${invoiceNumber}`);
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(row.querySelector(`a[href="/sledovanie-zasielky/${order.hash}"]`)).not.toBeNull();
    // Tabs are plain links to the panels (no JS needed); the Návody panel is there too.
    expect(page.doc!.querySelector('a[href="#navody"]')).not.toBeNull();
    expect(page.doc!.getElementById('navody')).not.toBeNull();
    expect(page.doc!.querySelector('.order-tabs shop-order-tabs')).not.toBeNull();
  });

  it('shows another consumer and a seller only their own (empty) list; anonymous goes to sign-in', async () => {
    for (const who of [other, seller]) {
      const page = await who.b.get('/moje/objednavky');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(order.document_number);
      expect(page.text).not.toContain(invoiceNumber);
      expect(page.doc!.querySelector('#tovary .loyalty__empty')).not.toBeNull();
    }
    const anon = await anonymous.get('/moje/objednavky');
    expect(anon.status).toBe(303);
    expect(anon.location).toBe('/moje/prihlasenie?r=%2Fmoje%2Fobjednavky');
  });

  it('pages a long list (10 orders a page)', async () => {
    const many = await signedIn();
    const [a] = productIds(1);
    for (let i = 0; i < 11; i++) await placeOrder(many.b, [a]);
    const first = await many.b.get('/moje/objednavky');
    expect(first.doc!.querySelectorAll('tr[data-order]')).toHaveLength(10);
    expect(first.doc!.querySelector('a[rel="next"]')!.getAttribute('href')).toBe('/moje/objednavky?strana=2');
    const second = await many.b.get('/moje/objednavky?strana=2');
    expect(second.doc!.querySelectorAll('tr[data-order]')).toHaveLength(1);
    expect((await many.b.get('/moje/objednavky?strana=abc')).status).toBe(200);
  });
});

describe('/moje/faktury/{invoiceNumber}', () => {
  it('is a real PDF of the owner’s invoice, inline and never cached', async () => {
    const response = await shop.app.request(`/moje/faktury/${invoiceNumber}`, { headers: owner.b.headers() }, { incoming: { socket: { remoteAddress: owner.b.address } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="faktura-${invoiceNumber}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The number is in the document's title (pdfkit writes non-ASCII titles as UTF-16BE).
    const raw = pdf.toString('latin1');
    expect(raw.includes(invoiceNumber) || raw.includes(invoiceNumber.split('').join('\u0000'))).toBe(true);
    expect(pdf.length).toBeGreaterThan(2000);
  });

  it('answers another consumer, a seller and a missing number with the same 404; anonymous signs in first', async () => {
    const missing = await owner.b.get('/moje/faktury/2099999999');
    expect(missing.status).toBe(404);
    for (const who of [other, seller]) {
      const foreign = await who.b.get(`/moje/faktury/${invoiceNumber}`);
      expect(foreign.status).toBe(404);
      expect(foreign.response.headers.get('content-type')).toBe(missing.response.headers.get('content-type'));
      expect(foreign.text).not.toContain(order.document_number);
      expect(foreign.doc!.querySelector('h1')!.textContent).toBe(missing.doc!.querySelector('h1')!.textContent);
    }
    expect((await owner.b.get('/moje/faktury/..%2F..%2Fetc')).status).toBe(404);
    const anon = await anonymous.get(`/moje/faktury/${invoiceNumber}`);
    expect(anon.status).toBe(303);
    expect(anon.location).toBe(`/moje/prihlasenie?r=${encodeURIComponent(`/moje/faktury/${invoiceNumber}`)}`);
  });

});
