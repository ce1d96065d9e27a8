import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decode } from 'bysquare/pay';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { CZ, SK, shopperRequests, type Visitor } from '../setup/visitor';
import { CUSTOMER } from '../setup/customer';
import { paymentQrText } from '../../server/orders/payment-qr';
import { DEMO_SUPPLIERS as BANK_ACCOUNTS } from '../../server/shops/supplier.service';
import { promisedDates } from '../../server/orders/dates';

// Twenty concurrent submits each fsync a transaction: on a loaded shared machine that takes longer
// than vitest's 5 s default; the tests assert outcomes, never time.
vi.setConfig({ testTimeout: 30_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 60 });
});
afterAll(() => shop.close());

const { visitor, headers, post, form } = shopperRequests(() => shop.app);

const sqlite = () => shop.db.$client;

function productIds(shopId = 1, n = 3): number[] {
  return (
    sqlite()
      .prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = ? WHERE p.visible = 2 ORDER BY p.id LIMIT ?')
      .all(shopId, n) as { id: number }[]
  ).map((r) => r.id);
}

function setStock(id: number, quantity: number) {
  sqlite().prepare('UPDATE products SET quantity = ?, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(quantity, id);
}

/** A visitor with the given lines in the cart, courier delivery and the given payment. */
async function readyCart(lines: [number, number][], options: { host?: string; payment?: number } = {}): Promise<Visitor> {
  const v = await visitor(options.host ?? SK);
  for (const [id, quantity] of lines) expect((await post(v, '/api/cart/add', { product_id: id, quantity })).response.status).toBe(200);
  expect((await post(v, '/api/cart/delivery', { id: 1 })).response.status).toBe(200);
  expect((await post(v, '/api/cart/payment', { id: options.payment ?? 1 })).response.status).toBe(200);
  return v;
}

const orderRow = (hash: string) => sqlite().prepare('SELECT * FROM orders WHERE hash = ?').get(hash) as Record<string, any>;
const itemRows = (orderId: number) => sqlite().prepare('SELECT * FROM order_items WHERE order_id = ?').all(orderId) as Record<string, any>[];
const stockOf = (id: number) => (sqlite().prepare('SELECT quantity FROM products WHERE id = ?').get(id) as { quantity: number }).quantity;

describe('POST /api/cart/submit', () => {
  it('creates the order from the server cart view, decrements stock, empties the cart and mails the shopper', async () => {
    const [a, b] = productIds();
    setStock(a, 50);
    setStock(b, 50);
    const v = await readyCart([[a, 2], [b, 1]]);
    const before = (await (await shop.app.request('/api/cart', { headers: headers(v) })).json()) as any;
    const mails = shop.mail.length;
    const { response, body } = await post(v, '/api/cart/submit', { ...CUSTOMER, total: 1, subtotal: 1, items: [{ id: a, price_active: 1, quantity: 2 }], price: 1 });
    expect(response.status).toBe(200);
    const hash = body.data.hash as string;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(hash, 'base64url')).toHaveLength(16);

    const order = orderRow(hash);
    const items = itemRows(order.id);
    // Client-sent prices and totals are ignored: the order equals the server's cart view.
    expect(order.total).toBe(before.cart.total);
    expect(order.subtotal).toBe(before.cart.subtotal);
    expect(order.subtotal).toBe(items.reduce((s, i) => s + i.line_total, 0));
    expect(order.total).toBe(order.subtotal + order.shipping_price + order.payment_fee + order.alignment - order.voucher_price);
    for (const i of items) expect(i.line_total).toBe(i.unit_price * i.quantity);
    // The cash alignment is not a supply: it stands outside the VAT summary.
    expect(order.vat + order.total_without_vat + order.alignment).toBe(order.total);
    expect(order.vat).toBeGreaterThan(0);
    expect(order.points).toBe(before.cart.points);
    expect(order.currency).toBe('EUR');
    // YY, the shop, the order's place in the shop's year: a variable symbol of 10 digits (decision 208).
    expect(order.document_number).toMatch(/^261\d{7}$/);
    expect(order.promise_send_date).toBe(promisedDates(shop.clock.now()).send);
    expect(stockOf(a)).toBe(48);
    expect(stockOf(b)).toBe(49);

    const after = (await (await shop.app.request('/api/cart', { headers: headers(v) })).json()) as any;
    expect(after.cart.items).toHaveLength(0);

    await shop.mailsSent();
    const mail = shop.mail.slice(mails).find((m) => m.to === 'jan@example.sk')!;
    expect(mail.to).toBe('jan@example.sk');
    expect(mail.subject).toContain(order.document_number);
    expect(mail.text).toContain(`/sledovanie-zasielky/${hash}`);
  });

  it('answers every validation message and creates nothing', async () => {
    const [a] = productIds();
    setStock(a, 50);
    const v = await readyCart([[a, 1]]);
    const count = () => (sqlite().prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    const n = count();
    const empty = await post(v, '/api/cart/submit', {});
    expect(empty.response.status).toBe(400);
    for (const field of ['firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact', 'email']) {
      expect(empty.body.errors[field]).toBe('Toto pole je povinné');
    }
    expect(empty.body.errors.condition).toBe('Pre dokončenie objednávky musíte súhlasiť s obchodnými podmienkami');
    const street = await post(v, '/api/cart/submit', { ...CUSTOMER, street: 'Hlavná' });
    expect(street.body.errors).toEqual({ street: 'Musí obsahovať názov a čislo!' });
    const digits = await post(v, '/api/cart/submit', { ...CUSTOMER, street: '12' });
    expect(digits.body.errors.street).toBe('Musí obsahovať názov a čislo!');
    const terms = await post(v, '/api/cart/submit', { ...CUSTOMER, condition: false });
    expect(Object.keys(terms.body.errors)).toEqual(['condition']);
    // Only the shop's own country for a non-wholesale buyer.
    const country = await post(v, '/api/cart/submit', { ...CUSTOMER, country: 'cz' });
    expect(country.body.errors.country).toBe('Do tejto krajiny nedoručujeme');
    // Exactly one address: the shop must never mail an order to a list of strangers.
    for (const email of ['jan@example.sk, eva@example.sk', 'Ján Novák <jan@example.sk>', 'jan@example.sk;eva@example.sk', 'a;b', 'not-an-email', 'jan@localhost', `${'a'.repeat(120)}@example.sk`]) {
      const refused = await post(v, '/api/cart/submit', { ...CUSTOMER, email });
      expect(refused.response.status, email).toBe(400);
      expect(Object.keys(refused.body.errors), email).toEqual(['email']);
      expect(refused.body.errors.email, email).toMatch(/^(Zadajte jednu platnú e-mailovú adresu|Text je príliš dlhý)$/);
    }
    expect(count()).toBe(n);
    // The invoice street check is only a warning: the order goes through.
    const ok = await post(v, '/api/cart/submit', { ...CUSTOMER, invoiceStreet: 'Hlavná' });
    expect(ok.response.status).toBe(200);
    expect(count()).toBe(n + 1);
  });

  it('refuses a cart that is not ready', async () => {
    const v = await visitor();
    const { response, body } = await post(v, '/api/cart/submit', CUSTOMER);
    expect(response.status).toBe(409);
    expect(body.detail).toBe('Košík je prázdny');
  });

  it('is idempotent per Idempotency-Key and session', async () => {
    const [a] = productIds();
    setStock(a, 50);
    const v = await readyCart([[a, 3]]);
    const first = await post(v, '/api/cart/submit', CUSTOMER, { 'idempotency-key': 'retry-key-0001' });
    const second = await post(v, '/api/cart/submit', CUSTOMER, { 'idempotency-key': 'retry-key-0001' });
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(200);
    expect(second.body.data.hash).toBe(first.body.data.hash);
    expect((sqlite().prepare('SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ?').get('retry-key-0001') as { n: number }).n).toBe(1);
    expect(stockOf(a)).toBe(47);
  });

  it('never oversells: 20 concurrent submits for the last 5 pieces', async () => {
    const [, , c] = productIds();
    setStock(c, 100);
    const visitors: Visitor[] = [];
    for (let i = 0; i < 20; i += 1) visitors.push(await readyCart([[c, 1]]));
    setStock(c, 5);
    const results = await Promise.all(visitors.map((v, i) => post(v, '/api/cart/submit', CUSTOMER, { 'idempotency-key': `race-${i}-key` })));
    const ok = results.filter((r) => r.response.status === 200);
    const conflict = results.filter((r) => r.response.status === 409);
    expect(ok).toHaveLength(5);
    expect(conflict).toHaveLength(15);
    expect(conflict[0].body.detail).toMatch(/Dostupné 0 ks/);
    expect(stockOf(c)).toBe(0);
  });

  it('shows the 0.05 € cash alignment on the order', async () => {
    const ids = productIds(1, 40);
    let found: { v: Visitor; cart: any } | undefined;
    for (const id of ids) {
      setStock(id, 50);
      const v = await readyCart([[id, 1]]);
      const cart = ((await (await shop.app.request('/api/cart', { headers: headers(v) })).json()) as any).cart;
      if (cart.alignment !== 0) {
        found = { v, cart };
        break;
      }
    }
    expect(found).toBeDefined();
    const { body } = await post(found!.v, '/api/cart/submit', CUSTOMER);
    const order = orderRow(body.data.hash);
    expect(order.alignment).toBe(found!.cart.alignment);
    expect(order.total % 5).toBe(0);
    const html = await (await shop.app.request(`/sledovanie-zasielky/${body.data.hash}`, { headers: { host: SK } })).text();
    const doc = parseHtml(html);
    expect(doc.querySelector('[data-total="alignment"]')!.textContent).not.toMatch(/^0,00/);
  });
});

describe('step 3 without JavaScript', () => {
  it('re-renders with messages and kept input, then redirects to the tracking page once per form token', async () => {
    const [a] = productIds();
    setStock(a, 50);
    const v = await readyCart([[a, 1]]);
    const pageResponse = await shop.app.request('/nakupny-kosik/objednavka', { headers: { host: SK, cookie: `sid=${v.sid}` } });
    expect(pageResponse.status).toBe(200);
    const doc = parseHtml(await pageResponse.text());
    const token = (doc.querySelector('input[name="_submit"]') as HTMLInputElement).value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const name of ['companyName', 'companyNumber', 'companyVat', 'firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact', 'email',
      'invoiceNumber', 'invoiceVat', 'invoiceName', 'invoiceStreet', 'invoiceTown', 'invoiceZip', 'invoiceCountry', 'userNote', 'voucher', 'condition', 'consentHeureka']) {
      expect(doc.querySelector(`form.order-form [name="${name}"]`), name).not.toBeNull();
    }

    const fields = { ...CUSTOMER, condition: '1', _submit: token } as Record<string, string>;
    const bad = await form(v, '/nakupny-kosik/objednavka', { ...fields, street: 'Hlavná', invoiceStreet: 'Vedľajšia' });
    expect(bad.status).toBe(400);
    const badDoc = parseHtml(await bad.text());
    expect(badDoc.querySelector('[data-error-for="street"]')!.textContent).toBe('Musí obsahovať názov a čislo!');
    expect(badDoc.querySelector('[data-warning-for="invoiceStreet"]')!.textContent).toBe('Musí obsahovať názov a čislo!');
    expect((badDoc.querySelector('input[name="firstName"]') as HTMLInputElement).value).toBe('Ján');
    expect((badDoc.querySelector('input[name="_submit"]') as HTMLInputElement).value).toBe(token);

    const noTerms = await form(v, '/nakupny-kosik/objednavka', { ...fields, condition: '' });
    expect(parseHtml(await noTerms.text()).querySelector('[data-error-for="condition"]')).not.toBeNull();

    const ok = await form(v, '/nakupny-kosik/objednavka', fields);
    expect(ok.status).toBe(303);
    const location = ok.headers.get('location')!;
    expect(location).toMatch(/^\/sledovanie-zasielky\/[A-Za-z0-9_-]{22}$/);
    // A double click / resent form: the same token answers the same order.
    const again = await form(v, '/nakupny-kosik/objednavka', fields);
    expect(again.headers.get('location')).toBe(location);
  });
});

describe('tracking page, API and PDF', () => {
  let hash: string;
  let order: Record<string, any>;
  beforeAll(async () => {
    const [a, b] = productIds();
    setStock(a, 50);
    setStock(b, 50);
    const v = await readyCart([[a, 2], [b, 1]], { payment: 2 });
    const { body } = await post(v, '/api/cart/submit', {
      ...CUSTOMER,
      companyName: 'Firma s.r.o.',
      companyNumber: '12345678',
      userNote: 'Zvoniť dvakrát',
    });
    hash = body.data.hash;
    order = orderRow(hash);
  });

  it('shows every field, with no-store', async () => {
    const response = await shop.app.request(`/sledovanie-zasielky/${hash}`, { headers: { host: SK } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const doc = parseHtml(await response.text());
    expect(doc.querySelector('h1')!.textContent).toContain(order.document_number);
    expect(doc.querySelectorAll('.tracking-progress__step')).toHaveLength(3);
    expect(doc.querySelector('[data-field="created"]')!.textContent).toBe('22.11.2026 11:00');
    expect(doc.querySelector('[data-field="send-date"]')!.textContent).toBe('23.11.2026');
    expect(doc.querySelector('[data-field="delivery-date"]')!.textContent).toBe('25.11.2026');
    expect(doc.querySelector('[data-field="delivery"]')!.textContent).toContain('Kuriér');
    expect(doc.querySelector('[data-field="payment"]')!.textContent!.length).toBeGreaterThan(0);
    expect(doc.querySelector('[data-field="delivery-address"]')!.textContent).toContain('Hlavná 12');
    // The invoice address falls back to the delivery data.
    const invoice = doc.querySelector('[data-field="invoice-address"]')!.textContent!;
    expect(invoice).toContain('Firma s.r.o.');
    expect(invoice).toContain('Hlavná 12');
    expect(doc.querySelector('[data-field="note"]')!.textContent).toBe('Zvoniť dvakrát');
    expect(doc.querySelectorAll('.tracking-items tbody tr')).toHaveLength(2);
    for (const key of ['without-vat', 'vat', 'total', 'paid']) expect(doc.querySelector(`[data-total="${key}"]`), key).not.toBeNull();
    expect(doc.querySelector('[data-action="pdf"]')!.getAttribute('href')).toBe(`/pdf/${hash}`);
    expect(doc.querySelector('[data-action="back"]')).not.toBeNull();
    // Bank transfer: bank name, account, SWIFT and the QR image.
    const qr = doc.querySelector('[data-field="payment-qr"]')!;
    expect(qr.querySelector('h2')!.textContent).toBe(BANK_ACCOUNTS.sk.bankName);
    expect(qr.textContent).toContain(BANK_ACCOUNTS.sk.swift);
    expect(qr.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('answers the same 404 for a missing and a foreign hash', async () => {
    const cz = await readyCart([[productIds(2)[0], 1]], { host: CZ });
    setStock(productIds(2)[0], 50);
    const foreign = (await post(cz, '/api/cart/submit', { ...CUSTOMER, country: 'cz' })).body.data.hash as string;
    expect(foreign).toBeTruthy();
    const missing = 'AAAAAAAAAAAAAAAAAAAAAA';
    const strip = (body: any) => ({ ...body, requestId: undefined });
    const a = await shop.app.request(`/api/purchase/${missing}`, { headers: { host: SK } });
    const b = await shop.app.request(`/api/purchase/${foreign}`, { headers: { host: SK } });
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(strip(await a.json())).toEqual(strip(await b.json()));
    expect(a.headers.get('cache-control')).toBe('no-store');
    const pa = await shop.app.request(`/sledovanie-zasielky/${missing}`, { headers: { host: SK } });
    const pb = await shop.app.request(`/sledovanie-zasielky/${foreign}`, { headers: { host: SK } });
    expect([pa.status, pb.status]).toEqual([404, 404]);
    expect(pb.headers.get('cache-control')).toBe('no-store');
    const title = async (r: Response) => parseHtml(await r.text()).querySelector('h1')?.textContent;
    expect(await title(pa)).toBe(await title(pb));
    expect((await shop.app.request(`/pdf/${foreign}`, { headers: { host: SK } })).status).toBe(404);
    // The order is there on its own shop.
    expect((await shop.app.request(`/api/purchase/${foreign}`, { headers: { host: CZ } })).status).toBe(200);
  });

  it('GET /api/purchase/{hash} answers the spec Order fields, no-store, no session data', async () => {
    const response = await shop.app.request(`/api/purchase/${hash}`, { headers: { host: SK } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = (await response.json()) as any;
    expect(data.hash).toBe(hash);
    expect(data.total).toBe(order.total);
    expect(data.items.reduce((s: number, i: any) => s + i.line_total, 0)).toBe(order.subtotal);
    expect(data.full_name).toBe('Ján Novák');
    expect(data.invoice_street).toBe('Hlavná 12');
    expect(JSON.stringify(data)).not.toContain(order.session_hash);
    expect(data).not.toHaveProperty('session_hash');
  });

  it('GET /api/purchase needs a signed-in user', async () => {
    expect((await shop.app.request('/api/purchase', { headers: { host: SK } })).status).toBe(401);
  });

  it('/pdf/{hash} is a real PDF', async () => {
    const response = await shop.app.request(`/pdf/${hash}`, { headers: { host: SK } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(bytes.length).toBeGreaterThan(2000);
  });

  it('QR payloads carry amount, currency, IBAN and variable symbol', () => {
    const sk = decode(paymentQrText(BANK_ACCOUNTS.sk, { amount: order.total, currency: 'EUR', variableSymbol: order.document_number, note: 'x' }));
    const payment = sk.payments[0];
    expect(payment.amount).toBe(order.total / 100);
    expect(payment.currencyCode).toBe('EUR');
    expect(payment.variableSymbol).toBe(order.document_number);
    expect(payment.bankAccounts[0].iban).toBe(BANK_ACCOUNTS.sk.iban);
    const cz = paymentQrText(BANK_ACCOUNTS.cz, { amount: 45050, currency: 'CZK', variableSymbol: '2026200001', note: 'x' });
    expect(cz).toMatch(/^SPD\*1\.0\*/);
    expect(cz).toContain('AM:450.50');
    expect(cz).toContain('CC:CZK');
    expect(cz).toContain(`ACC:${BANK_ACCOUNTS.cz.iban}`);
    expect(cz).toContain('X-VS:2026200001');
  });

  it('the confirmation mail of a bank transfer carries the QR', async () => {
    await shop.mailsSent();
    const mail = shop.mail.find((m) => m.subject.includes(order.document_number) && m.to === order.email)!;
    // An inline attachment shown by cid: mail clients block data: images.
    expect(mail.html).toContain('src="cid:payment-qr"');
    expect(mail.attachments?.find((a) => a.cid === 'payment-qr')?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(mail.text).toContain(BANK_ACCOUNTS.sk.iban);
  });

  it('POST /api/payment/log records the payment event', async () => {
    const v = await visitor();
    const { response } = await post(v, '/api/payment/log', { hash, bank: 'Tatra banka' });
    expect(response.status).toBe(200);
    const event = sqlite().prepare('SELECT type, text FROM payment_events WHERE order_id = ?').get(order.id) as { type: string; text: string };
    expect(event).toEqual({ type: 'payment', text: 'Zvolená QR platba s bankou Tatra banka' });
  });

  it('POST /api/purchase/track finds by document number and phone, 404 otherwise, and is rate limited', async () => {
    const v = await visitor();
    const found = await post(v, '/api/purchase/track', { documentNumber: order.document_number, phone: '0900 123 456' });
    expect(found.response.status).toBe(200);
    expect(found.body.order.hash).toBe(hash);
    const wrong = await post(v, '/api/purchase/track', { documentNumber: order.document_number, phone: '0900 000 000' });
    expect(wrong.response.status).toBe(404);
    expect(wrong.body.detail).toBe('Objednávku s týmto číslom a telefónom sme nenašli');
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i += 1) status = (await post(v, '/api/purchase/track', { documentNumber: 'x', phone: '1' })).response.status;
    expect(status).toBe(429);
  });
});
