import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';

// Sign-ins run scrypt (~100 ms each) by design.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 12 });
});
afterAll(() => shop.close());

const sqlite = () => shop.db.$client;
let n = 0;

async function consumer(prefix = 'addr') {
  n += 1;
  const b = new Browser(shop);
  const email = `${prefix}${n}@example.sk`;
  await b.signUpAndIn(email);
  const { id } = sqlite().prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
  return { b, email, id };
}

function firstProduct(): number {
  return (sqlite().prepare('SELECT p.id FROM products p JOIN product_prices pr ON pr.product_id = p.id AND pr.shop_id = 1 WHERE p.visible = 2 ORDER BY p.id LIMIT 1').get() as { id: number }).id;
}

/** A cart ready for step 3: one line, courier, cash on delivery. */
async function readyCart(b: Browser) {
  const id = firstProduct();
  sqlite().prepare('UPDATE products SET quantity = 500, cart_limit = NULL WHERE id = ?').run(id);
  expect((await b.api('POST', '/api/cart/add', { product_id: id, quantity: 1 }, { json: true })).status).toBe(200);
  expect((await b.api('POST', '/api/cart/delivery', { id: 1 }, { json: true })).status).toBe(200);
  expect((await b.api('POST', '/api/cart/payment', { id: 1 }, { json: true })).status).toBe(200);
}

const DELIVERY = { first_name: 'Ján', last_name: 'Malý', company_name: '', company_number: '', company_vat: '', street: 'Dlhá 5', town: 'Trnava', zip: '91701', country: 'sk' };
const INVOICE = { first_name: '', last_name: '', company_name: 'Malý s.r.o.', company_number: '12345678', company_vat: 'SK2020123456', street: 'Krátka 7', town: 'Nitra', zip: '949 01', country: 'sk' };
const entry = (a: typeof DELIVERY) => ({
  street: a.street,
  town: a.town,
  zip: a.zip,
  country: { code: a.country },
  first_name: a.first_name,
  last_name: a.last_name,
  company_name: a.company_name,
  company_number: a.company_number,
  company_vat: a.company_vat,
});
const inputValue = (doc: Document, name: string) => (doc.querySelector(`form.order-form [name="${name}"]`) as HTMLInputElement | null)?.getAttribute('value') ?? '';

describe('GET /api/cart/address/favorite and /recent', () => {
  it('answer 401 problem+json to an anonymous visitor', async () => {
    const b = new Browser(shop);
    for (const path of ['/api/cart/address/favorite', '/api/cart/address/recent']) {
      const r = await b.api('GET', path);
      expect(r.status).toBe(401);
      expect(r.response.headers.get('content-type')).toContain('application/problem+json');
      expect(r.json.detail).toBe('Pre túto akciu sa musíte prihlásiť.');
    }
  });

  it('favorite: the saved favourite addresses, phone and e-mail in the spec shape, own data only', async () => {
    const other = await consumer('other');
    await other.b.form('/moje/udaje/adresa/delivery', { ...DELIVERY, first_name: 'Eva', street: 'Iná 9' });
    const { b, email } = await consumer();
    const empty = await b.api('GET', '/api/cart/address/favorite');
    expect(empty.status).toBe(200);
    expect(empty.response.headers.get('cache-control')).toBe('no-store');
    expect(empty.json).toEqual({ delivery: null, invoice: null, phone: { raw: '+421905123456' }, email: { raw: email } });

    expect((await b.form('/moje/udaje/adresa/delivery', DELIVERY)).status).toBe(303);
    expect((await b.form('/moje/udaje/adresa/invoice', INVOICE)).status).toBe(303);
    const saved = await b.api('GET', '/api/cart/address/favorite');
    expect(saved.json).toEqual({
      delivery: entry(DELIVERY),
      invoice: entry({ ...INVOICE, company_vat: 'SK2020123456' }),
      phone: { raw: '+421905123456' },
      email: { raw: email },
    });
    expect(Object.keys(saved.json.delivery).sort()).toEqual(['company_name', 'company_number', 'company_vat', 'country', 'first_name', 'last_name', 'street', 'town', 'zip']);
    expect(saved.text).not.toContain('Eva');
    expect(saved.text).not.toContain('Iná 9');
  });

  it('recent: the delivery and invoice data of the latest own order; null parts before any order', async () => {
    const { b } = await consumer();
    expect((await b.api('GET', '/api/cart/address/recent')).json).toEqual({ delivery: null, invoice: null, phone: null, email: null });
    await readyCart(b);
    const order = {
      firstName: 'Peter', lastName: 'Horný', street: 'Horná 3', town: 'Žilina', zip: '010 01', country: 'sk', contact: '+421 911 222 333',
      email: 'peter@example.sk', companyName: 'Horný a syn', companyNumber: '87654321', companyVat: '', invoiceName: 'Horný a syn s.r.o.',
      invoiceNumber: '87654321', invoiceVat: 'SK2021987654', invoiceStreet: 'Dolná 4', invoiceTown: 'Martin', invoiceZip: '036 01', invoiceCountry: 'sk', condition: true,
    };
    const submitted = await b.api('POST', '/api/cart/submit', order, { json: true });
    expect(submitted.status).toBe(200);
    const recent = await b.api('GET', '/api/cart/address/recent');
    expect(recent.json).toEqual({
      delivery: { street: 'Horná 3', town: 'Žilina', zip: '010 01', country: { code: 'sk' }, first_name: 'Peter', last_name: 'Horný', company_name: 'Horný a syn', company_number: '87654321', company_vat: '' },
      invoice: { street: 'Dolná 4', town: 'Martin', zip: '036 01', country: { code: 'sk' }, first_name: '', last_name: '', company_name: 'Horný a syn s.r.o.', company_number: '87654321', company_vat: 'SK2021987654' },
      phone: { raw: '+421 911 222 333' },
      email: { raw: 'peter@example.sk' },
    });
    // Another user's latest order is not theirs.
    const stranger = await consumer('stranger');
    expect((await stranger.b.api('GET', '/api/cart/address/recent')).json).toEqual({ delivery: null, invoice: null, phone: null, email: null });
  });
});

describe('step 3 prefill for ROLE_CONSUMER', () => {
  it('fills a fresh form from the favourite addresses', async () => {
    const { b, email } = await consumer();
    await b.form('/moje/udaje/adresa/delivery', DELIVERY);
    await b.form('/moje/udaje/adresa/invoice', INVOICE);
    await readyCart(b);
    const page = await b.get('/nakupny-kosik/objednavka');
    expect(page.status).toBe(200);
    const doc = page.doc!;
    expect(inputValue(doc, 'firstName')).toBe('Ján');
    expect(inputValue(doc, 'lastName')).toBe('Malý');
    expect(inputValue(doc, 'street')).toBe('Dlhá 5');
    expect(inputValue(doc, 'zip')).toBe('91701');
    expect(inputValue(doc, 'contact')).toBe('+421905123456');
    expect(inputValue(doc, 'email')).toBe(email);
    expect(inputValue(doc, 'invoiceName')).toBe('Malý s.r.o.');
    expect(inputValue(doc, 'invoiceVat')).toBe('SK2020123456');
    expect(inputValue(doc, 'invoiceStreet')).toBe('Krátka 7');
    // The wizard gets the same start values.
    const customer = JSON.parse(doc.getElementById('cart-view-customer')!.textContent!);
    expect(customer.values).toMatchObject({ firstName: 'Ján', street: 'Dlhá 5', email });
  });

  it('falls back to the latest order, part by part, and never replaces what the shopper typed', async () => {
    const { b } = await consumer();
    await readyCart(b);
    const typed = { firstName: 'Zuzana', lastName: 'Nová', street: 'Nová 1', town: 'Poprad', zip: '058 01', country: 'sk', contact: '0911000111', email: 'zuzana@example.sk', condition: true };
    expect((await b.api('POST', '/api/cart/submit', typed, { json: true })).status).toBe(200);
    // A favourite delivery address wins over the order's; the phone is the account's; the invoice part (none saved, none ordered) stays empty.
    await b.form('/moje/udaje/adresa/delivery', DELIVERY);
    await readyCart(b);
    const fresh = (await b.get('/nakupny-kosik/objednavka')).doc!;
    expect(inputValue(fresh, 'firstName')).toBe('Ján');
    expect(inputValue(fresh, 'invoiceStreet')).toBe('');

    // A refused submit shows the shopper's own state: an emptied field stays empty, typed text stays.
    const refused = await b.form('/nakupny-kosik/objednavka', { firstName: 'Iné meno', lastName: '', street: 'Bez čísla', town: 'Poprad', zip: '058 01', country: 'sk', contact: '0911', email: 'x@example.sk' });
    expect(refused.status).toBe(400);
    expect(inputValue(refused.doc!, 'firstName')).toBe('Iné meno');
    expect(inputValue(refused.doc!, 'lastName')).toBe('');
    expect(inputValue(refused.doc!, 'street')).toBe('Bez čísla');
  });

  it('uses the latest order when nothing is saved, and leaves an anonymous form empty', async () => {
    const { b } = await consumer();
    await readyCart(b);
    const typed = { firstName: 'Zuzana', lastName: 'Nová', street: 'Nová 1', town: 'Poprad', zip: '058 01', country: 'sk', contact: '0911000111', email: 'zuzana@example.sk', condition: true };
    expect((await b.api('POST', '/api/cart/submit', typed, { json: true })).status).toBe(200);
    // The account's phone (a favourite) wins over the order's contact; the rest is the order's.
    await readyCart(b);
    const doc = (await b.get('/nakupny-kosik/objednavka')).doc!;
    expect(inputValue(doc, 'firstName')).toBe('Zuzana');
    expect(inputValue(doc, 'town')).toBe('Poprad');
    expect(inputValue(doc, 'contact')).toBe('+421905123456');

    const anonymous = new Browser(shop);
    await anonymous.get('/');
    await readyCart(anonymous);
    const empty = (await anonymous.get('/nakupny-kosik/objednavka')).doc!;
    expect(inputValue(empty, 'firstName')).toBe('');
    expect(inputValue(empty, 'email')).toBe('');
  });
});

describe('/moje/udaje forms with bad input', () => {
  it('write nothing when any field is wrong, and say which', async () => {
    const { b, id } = await consumer();
    await b.form('/moje/udaje/adresa/delivery', DELIVERY);
    const before = sqlite().prepare('SELECT * FROM addresses WHERE user_id = ?').all(id);
    const tooLong = await b.form('/moje/udaje/adresa/delivery', { ...DELIVERY, first_name: 'Nové', company_name: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.doc!.querySelector('#f-delivery-company_name-error')!.textContent).toBe('Text je príliš dlhý');
    // The form shows what was sent, not the saved row.
    expect(tooLong.doc!.querySelector<HTMLInputElement>('#f-delivery-first_name')!.getAttribute('value')).toBe('Nové');
    const badVat = await b.form('/moje/udaje/adresa/invoice', { ...INVOICE, company_vat: 'XX12', company_number: 'abc' });
    expect(badVat.status).toBe(400);
    expect(badVat.doc!.querySelector('#f-invoice-company_vat-error')!.textContent).toBe('Nesprávny formát');
    expect(badVat.doc!.querySelector('#f-invoice-company_number-error')!.textContent).toBe('Nesprávny formát');
    expect(sqlite().prepare('SELECT * FROM addresses WHERE user_id = ?').all(id)).toEqual(before);

    const phoneBefore = sqlite().prepare('SELECT phone FROM users WHERE id = ?').get(id);
    const badPhone = await b.form('/moje/udaje/telefon', { phone: '02 123' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.doc!.querySelector('#f-phone-error')!.textContent).toBe('Nesprávny formát');
    expect(sqlite().prepare('SELECT phone FROM users WHERE id = ?').get(id)).toEqual(phoneBefore);

    // Without the CSRF token nothing is written either.
    const forged = await shop.app.request('/moje/udaje/adresa/delivery', {
      method: 'POST',
      body: new URLSearchParams({ ...DELIVERY, first_name: 'Cudzí' }),
      headers: b.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
    });
    expect(forged.status).toBe(403);
    expect(sqlite().prepare('SELECT * FROM addresses WHERE user_id = ?').all(id)).toEqual(before);
  });

  it('are behind sign-in', async () => {
    const b = new Browser(shop);
    const r = await b.form('/moje/udaje/adresa/delivery', DELIVERY);
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/moje\/prihlasenie/);
  });
});

describe('step 3 country with a pickup point (a field bound to a carrier)', () => {
  it('says where the parcel goes, and refuses another country than the pickup point’s', async () => {
    const { b, id } = await consumer('wholesale');
    sqlite().prepare(`UPDATE users SET roles = '["ROLE_CONSUMER","ROLE_WHOLESALE"]' WHERE id = ?`).run(id);
    await readyCart(b);
    const point = sqlite().prepare("SELECT id, name FROM pickup_points WHERE company_id = 10 AND country = 'sk' LIMIT 1").get() as { id: number; name: string };
    expect((await b.api('POST', '/api/cart/pickup', { pickup_point_id: point.id, company_id: 10 }, { json: true })).status).toBe(200);
    const page = (await b.get('/nakupny-kosik/objednavka')).doc!;
    const hint = page.querySelector('[data-pickup-country]')!;
    expect(hint.getAttribute('data-pickup-country')).toBe('sk');
    expect(hint.textContent).toContain(point.name);
    expect(hint.querySelector('a')!.getAttribute('href')).toBe('/nakupny-kosik/doprava');
    expect([...page.querySelectorAll('select[name="country"] option')].map((o) => o.getAttribute('value'))).toEqual(['sk', 'cz']);
    const customer = JSON.parse(page.getElementById('cart-view-customer')!.textContent!);
    expect(customer).toMatchObject({ saved: true, pickup: { name: point.name, country: 'sk' } });

    const order = { firstName: 'Ján', lastName: 'Malý', street: 'Dlhá 5', town: 'Brno', zip: '602 00', country: 'cz', contact: '0905123456', email: 'j@example.sk', condition: true };
    const refused = await b.api('POST', '/api/cart/submit', order, { json: true });
    // The cart's delivery country (the pickup point's) decides; another one is refused with the way to change it.
    expect(refused.status).toBe(409);
    expect(refused.json.errors.country).toBe('Krajina sa líši od krajiny doručenia v košíku. Zmeňte ju tlačidlom Zmeniť krajinu.');
    const count = (sqlite().prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?').get(id) as { n: number }).n;
    expect(count).toBe(0);
    // Without JS: the form comes back with the message on the country field and the shopper's values.
    const noJs = await b.form('/nakupny-kosik/objednavka', { ...order, condition: '1' });
    expect(noJs.status).toBe(409);
    expect(noJs.doc!.querySelector('[data-error-for="country"]')!.textContent).toBe('Krajina sa líši od krajiny doručenia v košíku. Zmeňte ju tlačidlom Zmeniť krajinu.');
    expect(noJs.doc!.querySelector('select[name="country"] option[selected]')!.getAttribute('value')).toBe('cz');
    expect((await b.api('POST', '/api/cart/submit', { ...order, country: 'sk' }, { json: true })).status).toBe(200);
  });
});

describe('API description', () => {
  it('documents the saved-address calls and the cart continuation', async () => {
    const doc = (await (await shop.app.request('/api/openapi.json', { headers: { host: '127.0.0.1:3000' } })).json()) as { paths: Record<string, unknown> };
    for (const path of ['/api/cart/address/favorite', '/api/cart/address/recent', '/api/cart/continue']) expect(doc.paths[path], path).toBeDefined();
  });
});
