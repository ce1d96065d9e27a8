import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFinished } from '../../server/admin/catalogue-csv/products-import';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { auditRows, StaffBrowser, signedInStaff } from './admin.client';

let shop: TestShop;
let admin: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  shop = createTestShop({ products: 30 });
  admin = await signedInStaff(shop, 'ROLE_ADMIN');
  editor = await signedInStaff(shop, 'ROLE_EDITOR');
});
afterAll(() => shop.close());

/** Every product and price row as the database holds them: what "changes nothing" compares. */
const snapshot = () => ({
  products: shop.db.$client.prepare('SELECT * FROM products ORDER BY id').all(),
  prices: shop.db.$client.prepare('SELECT * FROM product_prices ORDER BY product_id, shop_id').all(),
});

async function exportCsv(query = ''): Promise<string> {
  const answer = await admin.get(`/admin/produkty/csv/export${query}`);
  expect(answer.status).toBe(200);
  expect(answer.response.headers.get('content-type')).toContain('text/csv');
  return answer.text;
}

/** Uploads a file through the page's multipart form, as a browser does, and waits for the job to end. */
async function upload(browser: StaffBrowser, csv: string, dryRun = false) {
  if (!browser.csrf) await browser.get('/admin/produkty/csv');
  const form = new FormData();
  form.set('_csrf', browser.csrf);
  form.set('file', new File([csv], 'produkty.csv', { type: 'text/csv' }));
  if (dryRun) form.set('dry_run', '1');
  const response = await shop.app.request('/admin/produkty/csv/import', { method: 'POST', body: form, headers: browser.headers(), redirect: 'manual' }, browser.env());
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) return { status: response.status, text: await response.text(), job: null, page: null };
  const id = Number(location.split('/').pop());
  await importFinished(id);
  const page = await browser.get(location);
  const state = JSON.parse((await browser.get(`${location}/stav`)).text) as {
    status: string;
    rowsDone: number;
    errorCount: number;
    created: number;
    updated: number;
  };
  return { status: response.status, text: '', job: state, page: page.doc! };
}

const rows = (csv: string) => parse(csv, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
const line = (values: string[]) => `${values.join(';')}\r\n`;
const toCsv = (records: Record<string, string>[]) => {
  const columns = Object.keys(records[0]);
  return line(columns) + records.map((r) => line(columns.map((c) => (/[;"\r\n]/.test(r[c]) ? `"${r[c].replace(/"/g, '""')}"` : r[c])))).join('');
};
const errorsOf = (doc: Document) =>
  [...doc.querySelectorAll('[data-table="errors"] tbody tr')].map((tr) => [Number(tr.getAttribute('data-row')), tr.getAttribute('data-column'), tr.querySelector('td:last-child')!.textContent]);

describe('product CSV export', () => {
  it('writes every product in the columns the import reads, for Slovak Excel', async () => {
    const raw = new Uint8Array(await (await shop.app.request('/admin/produkty/csv/export', { headers: admin.headers() }, admin.env())).arrayBuffer());
    // UTF-8 with a byte order mark, so Excel reads the diacritics.
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = await exportCsv();
    const header = csv.slice(0, csv.indexOf('\r\n')).split(';');
    expect(header).toEqual(expect.arrayContaining(['id', 'code', 'name', 'category', 'price_b2c_sk', 'price_b2b_cz', 'vat_sk', 'stock', 'visible', 'seller_id']));
    const records = rows(csv);
    expect(records).toHaveLength((shop.db.$client.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n);
    const first = shop.db.$client.prepare('SELECT p.id, p.code_public AS code, pp.price_b2c AS b2c FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1 ORDER BY p.id LIMIT 1').get() as { id: number; code: string; b2c: number };
    const exported = records.find((r) => r.id === String(first.id))!;
    expect(exported.code).toBe(first.code);
    expect(exported.price_b2c_sk).toBe(String(first.b2c / 100).replace('.', ','));
    // One shop: its price columns only.
    const sk = (await exportCsv('?shop=sk')).split('\r\n')[0];
    expect(sk).toContain('price_b2c_sk');
    expect(sk).not.toContain('price_b2c_cz');
  });

  it('is for admins only: an editor gets 403 on export and import', async () => {
    expect((await editor.get('/admin/produkty/csv/export')).status).toBe(403);
    expect((await editor.get('/admin/produkty/csv')).status).toBe(403);
    const refused = await upload(editor, 'id;name\r\n1;X\r\n');
    expect(refused.status).toBe(403);
  });
});

describe('product CSV import', () => {
  it('round trip: the exported file imported again changes nothing', async () => {
    const before = snapshot();
    const version = readCatalogVersion(shop.db);
    const result = await upload(admin, await exportCsv());
    expect(result.job).toMatchObject({ status: 'done', errorCount: 0, created: 0, updated: 0 });
    expect(snapshot()).toEqual(before);
    expect(readCatalogVersion(shop.db)).toBe(version);
  });

  it('dry run with bad rows lists each error by row and column in the member language, and changes nothing', async () => {
    const records = rows(await exportCsv());
    records[0].price_b2c_sk = 'dvanásť';
    records[2].category = 'neexistuje-taka';
    records[4].stock = '-3';
    records[5].code = records[6].code;
    const before = snapshot();
    const result = await upload(admin, toCsv(records), true);
    expect(result.job!.status).toBe('refused');
    expect(errorsOf(result.page!)).toEqual([
      [2, 'price_b2c_sk', 'Zadajte sumu, napríklad 12,90'],
      [4, 'category', 'Kategória neexistuje'],
      [6, 'stock', 'Nesprávny formát'],
      [7, 'code', 'Kód už má iný produkt'],
      [8, 'code', 'Produkt je v súbore viackrát'],
    ]);
    expect(snapshot()).toEqual(before);
    // A good file in a dry run: checked, still nothing written.
    records[0].price_b2c_sk = '1,00';
    records[2].category = records[1].category;
    records[4].stock = '3';
    records[5].code = `${records[5].code}-X`;
    const dry = await upload(admin, toCsv(records), true);
    expect(dry.job).toMatchObject({ status: 'checked', errorCount: 0 });
    expect(snapshot()).toEqual(before);
  });

  it('10,000 bad rows are reported (the first 500 listed) and nothing changes', async () => {
    const header = line(['code', 'name', 'category', 'price_b2c_sk']);
    const category = (shop.db.$client.prepare("SELECT slug FROM categories WHERE type = 'product' LIMIT 1").pluck().get() as string);
    let csv = header;
    for (let i = 0; i < 10_000; i++) csv += line([`NEW-${i}`, `Nový ${i}`, category, i % 2 ? 'zlá cena' : '-1']);
    const before = snapshot();
    const result = await upload(admin, csv);
    expect(result.job).toMatchObject({ status: 'refused', errorCount: 10_000, rowsDone: 10_000 });
    expect(errorsOf(result.page!)).toHaveLength(500);
    expect(result.page!.body.textContent).toContain('Zobrazených je prvých 500 z 10000 chýb.');
    expect(snapshot()).toEqual(before);
  }, 30_000);

  it('a good import updates by id and by code, creates new products, writes one audit row, and the shop shows it on the next request', async () => {
    const records = rows(await exportCsv());
    const target = records[0];
    const product = shop.db.$client.prepare('SELECT slug FROM products WHERE id = ?').get(Number(target.id)) as { slug: string };
    const page = async (host = '127.0.0.1:3000') => (await shop.app.request(`/${product.slug}`, { headers: { host } })).text();
    expect(await page()).not.toContain('Lampa z CSV');
    const category = target.category;
    const csv =
      line(['id', 'code', 'name', 'category', 'price_b2c_sk', 'price_old_b2c_sk', 'price_b2c_cz', 'stock']) +
      line([target.id, target.code, 'Lampa z CSV', category, '12,90', '15', '333', '7']) +
      line(['', records[1].code, 'Podľa kódu', '', '', '', '', '']) +
      line(['', 'CSV-NEW-1', 'Úplne nový produkt', category, '9,99', '', '', '4']);
    const result = await upload(admin, csv);
    expect(errorsOf(result.page!)).toEqual([]);
    expect(result.job).toMatchObject({ status: 'done', created: 1, updated: 2, rowsDone: 3 });
    const after = shop.db.$client.prepare('SELECT p.name, p.quantity, pp.price_b2c, pp.price_old_b2c FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1 WHERE p.id = ?').get(Number(target.id));
    expect(after).toEqual({ name: 'Lampa z CSV', quantity: 7, price_b2c: 1290, price_old_b2c: 1500 });
    expect(shop.db.$client.prepare('SELECT price_b2c FROM product_prices WHERE product_id = ? AND shop_id = 2').pluck().get(Number(target.id))).toBe(33300);
    expect(shop.db.$client.prepare('SELECT name FROM products WHERE code_public = ?').pluck().get(records[1].code)).toBe('Podľa kódu');
    const created = shop.db.$client.prepare('SELECT slug, visible, quantity FROM products WHERE code_public = ?').get('CSV-NEW-1') as { slug: string; visible: number; quantity: number };
    expect(created).toEqual({ slug: 'uplne-novy-produkt-csv-new-1', visible: 2, quantity: 4 });
    expect(shop.db.$client.prepare('SELECT price_b2c, price_b2b, vat_rate FROM product_prices p JOIN products x ON x.id = p.product_id WHERE x.code_public = ? AND shop_id = 1').get('CSV-NEW-1')).toEqual({ price_b2c: 999, price_b2b: 999, vat_rate: 23 });
    // The shop's very next request shows it: the catalogue version moved with the write.
    const html = await page();
    expect(html).toContain('Lampa z CSV');
    expect(html).toMatch(/12,90\s*€/);
    expect((await shop.app.request(`/${created.slug}`, { headers: { host: '127.0.0.1:3000' } })).status).toBe(200);
    const audit = auditRows(shop, 'products.import');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after!)).toEqual({ rows: 3, created: 1, updated: 2, unchanged: 0 });
    expect(audit[0].section).toBe('catalogue');
  });

  it('refuses an upload that is not a UTF-8 text file, keeping the form', async () => {
    if (!admin.csrf) await admin.get('/admin/produkty/csv');
    const form = new FormData();
    form.set('_csrf', admin.csrf);
    form.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])], 'obrazok.csv'));
    const response = await shop.app.request('/admin/produkty/csv/import', { method: 'POST', body: form, headers: admin.headers() }, admin.env());
    expect(response.status).toBe(400);
    const doc = parseHtml(await response.text());
    expect(doc.querySelector('#f-file-error')!.textContent).toBe('Súbor nie je text CSV v UTF-8');
    const empty = new FormData();
    empty.set('_csrf', admin.csrf);
    const none = await shop.app.request('/admin/produkty/csv/import', { method: 'POST', body: empty, headers: admin.headers() }, admin.env());
    expect(none.status).toBe(400);
  });

  it('shows a running job with a progress bar that refreshes itself, and its state as JSON', async () => {
    const { createImportJob } = await import('../../server/admin/catalogue-csv/products-import');
    const id = createImportJob(shop.db, { staffId: null, fileName: 'beží.csv', dryRun: false, now: shop.clock.now() });
    shop.db.$client.prepare("UPDATE catalog_imports SET status = 'checking', rows_done = 400, rows_total = 1000 WHERE id = ?").run(id);
    const page = await admin.get(`/admin/produkty/csv/import/${id}`);
    expect(page.doc!.querySelector('meta[http-equiv="refresh"]')!.getAttribute('content')).toBe('1');
    expect(page.doc!.querySelector('progress')!.getAttribute('value')).toBe('400');
    expect(JSON.parse((await admin.get(`/admin/produkty/csv/import/${id}/stav`)).text)).toMatchObject({ status: 'checking', running: true, rowsDone: 400, rowsTotal: 1000 });
    expect((await admin.get('/admin/produkty/csv/import/999999')).status).toBe(404);
    // Left running by a process that stopped: after ten minutes it is failed, and the page stops refreshing.
    shop.clock.set(new Date(shop.clock.now().getTime() + 11 * 60_000));
    const stale = await admin.get(`/admin/produkty/csv/import/${id}`);
    expect(stale.doc!.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    expect(stale.doc!.querySelector('[data-job]')!.getAttribute('data-status')).toBe('failed');
  });
});
