import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../../server/admin/orders/csv';
import { createTestShop, type TestShop } from '../setup/test-app';
import { insertOrders } from '../setup/bulk-orders';
import { createStaff, StaffBrowser } from './admin.client';
import { Browser, placeOrder } from './payments-helpers';

let shop: TestShop;
let admin: StaffBrowser;
let placed: { documentNumber: string };

beforeAll(async () => {
  shop = createTestShop({ products: 10 });
  // 240 orders over the 60 days before the shop's clock, numbers from 2610000001 / 2620000001 on.
  insertOrders(shop.db.$client, { count: 240, until: shop.clock.now().getTime() - 3_600_000, days: 60 });
  placed = await placeOrder(shop, new Browser(shop), { payment: 2 });
  const member = await createStaff(shop, 'ROLE_ADMIN');
  admin = new StaffBrowser(shop);
  await admin.signIn(member);
});
afterAll(() => shop.close());

const numbers = (doc: Document) => [...doc.querySelectorAll('[data-table="orders"] tbody tr')].map((tr) => tr.getAttribute('data-order'));
const total = (doc: Document) => Number(/\d+/.exec(doc.querySelector('[data-field="total"]')!.textContent!)![0]);
const count = (where: string, ...params: unknown[]) => (shop.db.$client.prepare(`SELECT COUNT(*) AS n FROM orders ${where}`).get(...params) as { n: number }).n;

describe('order list', () => {
  it('pages on the server, newest first, 50 a page, and keeps the filter in the page links', async () => {
    const first = await admin.get('/admin/objednavky?obchod=sk');
    expect(first.status).toBe(200);
    expect(total(first.doc!)).toBe(count('WHERE shop_id = 1'));
    expect(numbers(first.doc!)).toHaveLength(50);
    const next = first.doc!.querySelector('a[rel="next"]')!.getAttribute('href');
    expect(next).toBe('/admin/objednavky?obchod=sk&strana=2');
    const second = await admin.get(next!);
    const dates = (doc: Document) => [...doc.querySelectorAll('[data-table="orders"] tbody td:nth-child(2)')].map((td) => td.textContent);
    expect(new Set([...numbers(first.doc!), ...numbers(second.doc!)]).size).toBe(numbers(first.doc!).length + numbers(second.doc!).length);
    expect(dates(second.doc!).length).toBeGreaterThan(0);
    // Past the end: the last page.
    expect((await admin.get('/admin/objednavky?obchod=sk&strana=999')).doc!.querySelector('[data-field="page"]')?.textContent).toMatch(/Strana (\d+) z \1/);
  });

  it('finds by number (or its beginning), name, e-mail and phone', async () => {
    const byNumber = await admin.get(`/admin/objednavky?q=${placed.documentNumber}`);
    expect(numbers(byNumber.doc!)).toEqual([placed.documentNumber]);
    expect(total((await admin.get('/admin/objednavky?q=262')).doc!)).toBe(count("WHERE document_number LIKE '262%'"));
    expect(numbers((await admin.get('/admin/objednavky?q=zakaznik17%40example.sk')).doc!)).toEqual(['2620000018']);
    // The beginning of an e-mail, in any case; the last nine digits of a phone however it is written.
    expect(numbers((await admin.get('/admin/objednavky?q=ZAKAZNIK17%40')).doc!)).toEqual(['2620000018']);
    expect(numbers((await admin.get('/admin/objednavky?q=0900+000+017')).doc!)).toEqual(['2620000018']);
    expect(numbers((await admin.get('/admin/objednavky?q=%2B421+900+123+456')).doc!)).toContain(placed.documentNumber);
    expect(total((await admin.get('/admin/objednavky?q=Mária+Nov')).doc!)).toBe(count("WHERE first_name = 'Mária' AND last_name LIKE 'Nov%'"));
    // Wildcards are text: "%" finds nothing rather than everything.
    expect(total((await admin.get('/admin/objednavky?q=%25')).doc!)).toBe(0);
    expect(total((await admin.get('/admin/objednavky?q=%22OR%22')).doc!)).toBe(0);
  });

  it('finds names through their index: any case, with or without accents, word beginnings, kept by the triggers', async () => {
    const marias = count("WHERE first_name = 'Mária'");
    expect(total((await admin.get('/admin/objednavky?q=maria')).doc!)).toBe(marias);
    expect(total((await admin.get('/admin/objednavky?q=M%C3%81RIA')).doc!)).toBe(marias);
    expect(total((await admin.get('/admin/objednavky?q=kovacova+mari')).doc!)).toBe(count("WHERE first_name = 'Mária' AND last_name = 'Kováčová'"));
    // Part of an e-mail without its @: a word of the address.
    expect(numbers((await admin.get('/admin/objednavky?q=zakaznik17')).doc!)).toContain('2620000018');
    // A changed name (a correction, an anonymised order) is found under the new one only.
    shop.db.$client.prepare("UPDATE orders SET last_name = 'Šťastná', company_name = 'Zelená Lúka s.r.o.' WHERE document_number = '2620000018'").run();
    expect(numbers((await admin.get('/admin/objednavky?q=stastna')).doc!)).toEqual(['2620000018']);
    expect(numbers((await admin.get('/admin/objednavky?q=zelena+luka')).doc!)).toEqual(['2620000018']);
    // The plan uses the FTS index, not a scan of the orders.
    const plan = shop.db.$client
      .prepare("EXPLAIN QUERY PLAN SELECT o.id FROM orders o WHERE o.id IN (SELECT rowid FROM orders_search WHERE orders_search MATCH ?)")
      .all('"maria"*') as { detail: string }[];
    expect(plan.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan.map((r) => r.detail).join('\n')).not.toMatch(/SCAN o\b/);
  });

  it('filters by stage, queue, shop and days', async () => {
    expect(total((await admin.get('/admin/objednavky?stav=zrusena')).doc!)).toBe(count('WHERE cancelled_at IS NOT NULL'));
    expect(total((await admin.get('/admin/objednavky?stav=na-zauctovanie')).doc!)).toBe(count('WHERE stage = 0 AND payment_id = 2'));
    expect(total((await admin.get('/admin/objednavky?stav=na-odoslanie')).doc!)).toBe(count('WHERE stage = 1 OR (stage = 0 AND payment_id = 1)'));
    expect(total((await admin.get('/admin/objednavky?obchod=cz')).doc!)).toBe(count('WHERE shop_id = 2'));
    const day = new Date(shop.clock.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const oneDay = await admin.get(`/admin/objednavky?od=${day}&do=${day}`);
    expect(total(oneDay.doc!)).toBeGreaterThan(0);
    expect(total(oneDay.doc!)).toBeLessThan(20);
  });

  it('refuses a wrong filter with a message per field, keeping what was typed', async () => {
    const wrong = await admin.get('/admin/objednavky?stav=vsetko&od=2026-13-01x&do=2026-01-01&obchod=de');
    expect(wrong.status).toBe(400);
    expect(wrong.doc!.querySelector('#f-stav-error')?.textContent).toBe('Vyberte jednu z možností');
    expect(wrong.doc!.querySelector('#f-od-error')?.textContent).toBe('Zadajte dátum v tvare RRRR-MM-DD');
    expect(wrong.doc!.querySelector('#f-obchod-error')).not.toBeNull();
    expect(wrong.doc!.querySelector('[data-table="orders"]')).toBeNull();
    const reversed = await admin.get('/admin/objednavky?od=2026-02-01&do=2026-01-01');
    expect(reversed.doc!.querySelector('#f-do-error')?.textContent).toBe('Koniec obdobia je pred jeho začiatkom');
    expect(reversed.doc!.querySelector('input[name="od"]')?.getAttribute('value')).toBe('2026-02-01');
  });

  it('the JSON API answers the same list and problem+json for a wrong filter', async () => {
    const list = await admin.get('/admin/api/objednavky?obchod=cz&strana=2');
    const body = JSON.parse(list.text);
    expect(body).toMatchObject({ total: count('WHERE shop_id = 2'), page: 2 });
    expect(body.orders[0]).toMatchObject({ shop: 'cz', total: { currency: 'CZK', amount: expect.any(Number) } });
    const wrong = await admin.get('/admin/api/objednavky?stav=x');
    expect(wrong.status).toBe(400);
    expect(wrong.response.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.parse(wrong.text).errors.stav).toBe('Vyberte jednu z možností');
    const detail = JSON.parse((await admin.get(`/admin/api/objednavky/${placed.documentNumber}`)).text);
    expect(detail).toMatchObject({ document_number: placed.documentNumber, stage: 'prijata', shop: 'sk' });
    expect(JSON.parse((await admin.get('/admin/api/objednavky/2610009999')).text).status).toBe(404);
    const anonymous = await new StaffBrowser(shop).get('/admin/api/objednavky');
    expect(anonymous.status).toBe(401);
    expect(anonymous.response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('the API acts with the same rules: 200, then 409 for a step already done, 400 for a bad tracking number', async () => {
    const order = await placeOrder(shop, new Browser(shop), { payment: 2 });
    const call = (action: string, body: object) =>
      shop.app.request(`/admin/api/objednavky/${order.documentNumber}/${action}`, { method: 'POST', body: JSON.stringify(body), headers: admin.headers({ 'content-type': 'application/json', 'x-csrf-token': admin.csrf }) }, admin.env());
    const paid = await call('zaplatena', {});
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ stage: 'zaplatena', invoices: [{ number: expect.stringMatching(/^2026\d{6}$/) }] });
    expect((await call('zaplatena', {})).status).toBe(409);
    const bad = await call('odoslana', { tracking: 'x'.repeat(41) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.tracking).toBe('Sledovacie číslo je príliš dlhé');
  });
});

describe('CSV for accounting', () => {
  it('quotes as RFC 4180 with semicolons, keeps numbers as numbers and defuses formulas', () => {
    expect(csvLine(['a;b', 'say "hi"', 'line\nbreak', 12.5, null, '=SUM(A1)', '-5', 'plain'])).toBe('"a;b";"say ""hi""";"line\nbreak";12,5;;\'=SUM(A1);\'-5;plain\r\n');
    expect(csvLine([-12.9, 0])).toBe('-12,9;0\r\n');
  });

  it('exports the filtered list: BOM, one row per order, VAT per rate, invoice number', async () => {
    shop.db.$client.prepare(`UPDATE orders SET first_name = ?, company_name = ? WHERE document_number = '2610000004'`).run('=HYPERLINK("x")', 'Firma; "Úžasná" s.r.o.');
    const response = await shop.app.request('/admin/objednavky/export?obchod=sk&stav=zaplatena', { headers: admin.headers() }, admin.env());
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="objednavky-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0].split(';')).toEqual(expect.arrayContaining(['Číslo objednávky', 'Spolu s DPH', 'Základ dane 23 %', 'DPH 23 %', 'Faktúra', 'Stav']));
    expect(lines).toHaveLength(1 + count('WHERE shop_id = 1 AND stage = 1'));
    const row = lines.find((l) => l.startsWith('2610000004;'))!;
    expect(row).toContain(`"'=HYPERLINK(""x"") Novák"`);
    expect(row).toContain('"Firma; ""Úžasná"" s.r.o."');
    const sample = lines[1].split(';');
    const header = lines[0].split(';');
    expect(sample[header.indexOf('Stav')]).toBe('Zaplatená');
    expect(sample[header.indexOf('Spolu s DPH')]).toMatch(/^\d+(,\d{1,2})?$/);
  });

  it('streams 2,000+ orders in batches without holding a statement between them', async () => {
    insertOrders(shop.db.$client, { count: 2100, until: shop.clock.now().getTime() - 86_400_000 * 70, days: 30, start: 5000 });
    const response = await shop.app.request('/admin/objednavky/export', { headers: admin.headers() }, admin.env());
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + count(''));
  });
});
