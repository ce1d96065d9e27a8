import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAccountsCli } from '../../server/accounts/cli';
import { decideProduct, decideSeller } from '../../server/admin/people/approvals.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, STRONG } from './accounts.client';
import { svgImage, zipArchive } from './claims.helpers';
import { postJson, watchRows } from './watchdog-helpers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let shop: TestShop;
let uploads: string;
const b: Record<'seller' | 'other' | 'consumer', Browser> = {} as never;
const ACTOR = { staffId: null, actor: 'cli', requestId: null };
const FROM = { shopId: 1, locale: 'sk' };

const png = (side = 64, colour = '#c03') => sharp({ create: { width: side, height: side, channels: 3, background: colour } }).png().toBuffer();
/** A noisy PNG of about `bytes` bytes (noise does not compress). */
async function pngOfSize(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const image = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  return image;
}
/** A real PNG with a text chunk that carries a script. */
async function scriptPng(): Promise<Buffer> {
  const image = await png();
  const text = Buffer.from('Comment\0<script>alert(1)</script>', 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(text.length, 0);
  head.write('tEXt', 4, 'latin1');
  return Buffer.concat([image.subarray(0, 33), head, text, Buffer.alloc(4), image.subarray(33)]);
}

async function send(who: Browser, path: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  await who.holdToken();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'image/png' }));
  const response = await shop.app.request(path, { method: 'POST', body: form, headers: who.headers({ 'x-csrf-token': who.csrf }), redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : null, text, location: response.headers.get('location') };
}

const sellerId = (email: string) => (shop.db.$client.prepare('SELECT s.id FROM sellers s JOIN users u ON u.id = s.user_id WHERE u.email = ?').pluck().get(email) as number);
const product = (id: number) =>
  shop.db.$client.prepare('SELECT name, description, visible, quantity, image_filename AS image FROM products WHERE id = ?').get(id) as { name: string; description: string; visible: number; quantity: number; image: string };
const priceOf = (id: number) => shop.db.$client.prepare("SELECT price_b2c FROM product_prices pp JOIN shops s ON s.id = pp.shop_id AND s.currency = 'EUR' WHERE product_id = ?").pluck().get(id) as number;

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'obchod-seller-'));
  shop = createTestShop({ products: 8, env: { UPLOADS_DIR: uploads } });
  for (const who of ['seller', 'other', 'consumer'] as const) {
    const browser = new Browser(shop);
    const email = `${who}@example.sk`;
    await browser.api('POST', '/api/security/signup', { username: email, password: STRONG, phone: '0905123456', type: who === 'consumer' ? 'consumer' : 'seller' });
    if (who !== 'consumer') runAccountsCli(shop.db, ['approve', '--email', email, '--role', 'seller'], () => {});
    await browser.form('/moje/prihlasenie', { username: email, password: STRONG });
    await browser.get('/moje/konto');
    b[who] = browser;
  }
});
afterAll(() => {
  shop.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe('Údaje obchodu', () => {
  it('a consumer without the seller role gets 403, an anonymous caller 401', async () => {
    expect((await b.consumer.get('/moje/udaje-obchodu')).status).toBe(403);
    expect((await b.consumer.api('GET', '/api/seller/profile')).status).toBe(403);
    expect((await new Browser(shop).api('GET', '/api/seller/profile')).status).toBe(401);
  });

  it('opens empty, refuses a missing name with the spec texts, saves with an image served as PNG', async () => {
    const page = await b.seller.get('/moje/udaje-obchodu');
    expect(page.status).toBe(200);
    expect(page.doc!.querySelector('shop-seller-profile form[enctype="multipart/form-data"]')).not.toBeNull();
    const empty = await send(b.seller, '/api/seller/profile', { name: '  ', description: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ detail: 'Vyplňte povinné polia', errors: { name: 'Názov je povinný.' } });

    const saved = await send(b.seller, '/api/seller/profile', { name: 'Dielňa Anna', description: 'Ručne šité' }, { name: 'a.png', bytes: await png(200) });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ name: 'Dielňa Anna', slug: 'dielna-anna', description: 'Ručne šité', locked: false });
    const image = await shop.app.request(`/data/seller/image/${saved.json.id}.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 200]);
    expect(readdirSync(join(uploads, 'sellers'))[0]).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
  });

  it('refuses a picture of 1 MB or more and anything that is not a picture', async () => {
    const big = await send(b.seller, '/api/seller/profile', { name: 'Dielňa Anna' }, { name: 'big.png', bytes: await pngOfSize(1024 * 1024 + 10) });
    expect(big.status).toBe(400);
    expect(big.json.errors).toEqual({ image: 'Veľkosť súboru musí byť menšia ako 1MB' });
    for (const bytes of [zipArchive(), svgImage(), await scriptPng()]) {
      const bad = await send(b.seller, '/api/seller/profile', { name: 'Dielňa Anna' }, { name: 'x.png', bytes });
      expect(bad.json.errors).toEqual({ image: 'Neplatný typ súboru' });
    }
  });

  it('the plain form keeps the values and shows the message by the field', async () => {
    const form = await b.seller.form('/moje/udaje-obchodu', { name: '', description: 'Môj popis' });
    expect(form.status).toBe(400);
    expect(form.doc!.querySelector('#f-seller-name-error')?.textContent).toBe('Názov je povinný.');
    expect(form.doc!.querySelector('textarea[name=description]')?.textContent).toBe('Môj popis');
    const ok = await b.seller.form('/moje/udaje-obchodu', { name: 'Dielňa Anna', description: 'Ručne šité' });
    expect([ok.status, ok.location]).toEqual([303, '/moje/udaje-obchodu?ulozene=1']);
  });

  it('once approved, the page locks every field and the server refuses a save', async () => {
    const id = sellerId('seller@example.sk');
    expect(decideSeller(shop.db, ACTOR, id, { approve: true }, FROM, new Date()).ok).toBe(true);
    const page = await b.seller.get('/moje/udaje-obchodu');
    expect(page.doc!.querySelector('fieldset[disabled]')).not.toBeNull();
    expect(page.text).toContain('Obchod je schválený. Už nemôžete robiť úpravy.');
    const refused = await send(b.seller, '/api/seller/profile', { name: 'Iný názov' });
    expect([refused.status, refused.json.detail]).toEqual([409, 'Obchod je schválený. Už nemôžete robiť úpravy.']);
    expect((await b.seller.api('GET', '/api/seller/profile')).json).toMatchObject({ name: 'Dielňa Anna', locked: true });
    expect((await shop.app.request('/obchod/dielna-anna')).status).toBe(200);
  });
});

describe('Produkty', () => {
  let first = 0;

  it('creates a pending product with a required image, price in EUR and the seller’s stock', async () => {
    const missing = await send(b.seller, '/api/seller/products', { name: 'Taška', price: '12,50' });
    const required = 'Vyplňte všetky povinné polia';
    expect([missing.status, missing.json.detail, missing.json.errors]).toEqual([400, required, { image: required, quantity: required }]);
    const empty = await send(b.seller, '/api/seller/products', { name: 'Taška', price: '12,50', quantity: ' ' }, { name: 't.png', bytes: await png() });
    expect([empty.status, empty.json.errors]).toEqual([400, { quantity: required }]);
    const created = await send(b.seller, '/api/seller/products', { name: 'Taška', price: '12,50', quantity: '1 200' }, { name: 't.png', bytes: await png() });
    expect(created.status).toBe(201);
    first = created.json.id;
    expect(product(first)).toMatchObject({ name: 'Taška', description: '', visible: 4, quantity: 1200 });
    expect(priceOf(first)).toBe(1250);
    const list = await b.seller.api('GET', '/api/seller/products');
    expect(list.json).toMatchObject({ total: 1, limit: 10, products: [{ id: first, price: 1250, quantity: 1200, visible: 4, category: { name: expect.any(String) } }] });
    const image = await shop.app.request(list.json.products[0].imageUrl);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('checks the price range and format, the image size and type', async () => {
    const cases: [string, string][] = [
      ['100000,01', 'Cena musí byť od 0 do 100 000 €.'],
      ['-1', 'Zadajte cenu v eurách, napríklad 12,50.'],
      ['12,345', 'Zadajte cenu v eurách, napríklad 12,50.'],
      ['abc', 'Zadajte cenu v eurách, napríklad 12,50.'],
      ['', 'Vyplňte všetky povinné polia'],
    ];
    for (const [price, message] of cases) expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price })).json.errors).toEqual({ price: message });
    const stock: [string, string][] = [
      ['100001', 'Počet kusov musí byť od 0 do 100 000.'],
      ['-1', 'Zadajte počet kusov ako celé číslo, napríklad 5.'],
      ['1,5', 'Zadajte počet kusov ako celé číslo, napríklad 5.'],
      ['päť', 'Zadajte počet kusov ako celé číslo, napríklad 5.'],
      ['', 'Vyplňte všetky povinné polia'],
    ];
    for (const [quantity, message] of stock) {
      const bad = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '1', quantity });
      expect([bad.status, bad.json.detail, bad.json.errors], quantity).toEqual([400, message, { quantity: message }]);
    }
    // sk-SK grouping with a no-break space; a left-out stock stays as it is.
    expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '1', quantity: '100\u00a0000' })).status).toBe(200);
    expect(product(first).quantity).toBe(100_000);
    expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '1' })).status).toBe(200);
    expect(product(first).quantity).toBe(100_000);
    expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '100 000,00' })).status).toBe(200);
    expect(priceOf(first)).toBe(10_000_000);
    expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '0' })).status).toBe(200);
    const big = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '1' }, { name: 'big.png', bytes: await pngOfSize(307_201) });
    expect(big.json.errors).toEqual({ image: 'Neplatná veľkosť súboru, súbor musí byť menší ako 300 KB.' });
    for (const bytes of [zipArchive(), svgImage(), await scriptPng()]) {
      expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška', price: '1' }, { name: 'x.png', bytes })).json.errors).toEqual({
        image: 'Neplatný typ súboru, povolené sú iba obrázky.',
      });
    }
  });

  it('while pending everything changes; once approved only the price, and the shop shows it at once', async () => {
    const edited = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška veľká', description: 'Ľan', price: '20' }, { name: 'n.png', bytes: await png(80, '#03c') });
    expect(edited.status).toBe(200);
    expect(product(first)).toMatchObject({ name: 'Taška veľká', description: 'Ľan', visible: 4 });
    expect(decideProduct(shop.db, ACTOR, first, { approve: true }, FROM, new Date()).ok).toBe(true);
    const renamed = await send(b.seller, `/api/seller/products/${first}`, { name: 'Iná', description: 'Ľan', price: '20' });
    expect([renamed.status, renamed.json.detail]).toEqual([409, 'Produkt je schválený. Môžete upraviť iba cenu.']);
    const imaged = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška veľká', description: 'Ľan', price: '20' }, { name: 'n.png', bytes: await png() });
    expect(imaged.status).toBe(409);
    const priced = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška veľká', description: 'Ľan', price: '18,90', quantity: '0' });
    expect(priced.status).toBe(200);
    expect(product(first)).toMatchObject({ visible: 2, quantity: 0 });
    expect(priceOf(first)).toBe(1890);
    // Sold out, a shopper watches it; the seller's restock fires the watch as any stock change does.
    expect((await postJson(shop, { product: first, email: 'jana@example.sk', available: true, available_value: 0 })).status).toBeLessThan(300);
    const restocked = await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška veľká', description: 'Ľan', price: '18,90', quantity: '7' });
    expect(restocked.status).toBe(200);
    expect(product(first)).toMatchObject({ visible: 2, quantity: 7 });
    expect(watchRows(shop, first)[0].fired_at).not.toBeNull();
    expect(shop.mail.filter((m) => m.to === 'jana@example.sk')).toHaveLength(1);
    const form = (await b.seller.get('/moje/produkty')).doc!.querySelector(`form[action="/moje/produkty/${first}"]`)!;
    expect(form.querySelector('.message--warning')?.textContent).toBe('Produkt je schválený. Môžete upraviť iba cenu.Počet kusov na sklade môžete upraviť kedykoľvek.');
    expect(form.querySelector('input[name=quantity]')?.getAttribute('value')).toBe('7');
    // Offered in the Slovak shop at the new price; the Czech shop has no price for it and does not break.
    const slug = shop.db.$client.prepare('SELECT slug FROM products WHERE id = ?').pluck().get(first) as string;
    const sk = await shop.app.request(`/${slug}`, { headers: { host: '127.0.0.1:3000' } });
    expect(sk.status).toBe(200);
    expect(await sk.text()).toContain('18,90');
    expect((await shop.app.request(`/${slug}`, { headers: { host: 'cz.localhost:3000' } })).status).toBeLessThan(500);
    expect((await shop.app.request('/obchod/dielna-anna', { headers: { host: '127.0.0.1:3000' } })).status).toBe(200);
  });

  it('blocks editing for statuses 0 and 1; another seller’s product is 404; a consumer 403', async () => {
    shop.db.$client.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(first);
    expect((await send(b.seller, `/api/seller/products/${first}`, { name: 'Taška veľká', description: 'Ľan', price: '5' })).status).toBe(409);
    shop.db.$client.prepare('UPDATE products SET visible = 2 WHERE id = ?').run(first);
    expect((await send(b.other, `/api/seller/products/${first}`, { name: 'x', price: '5' })).status).toBe(404);
    expect((await send(b.other, '/api/seller/products/1', { name: 'x', price: '5' })).status).toBe(404);
    expect((await send(b.consumer, '/api/seller/products', { name: 'x', price: '5' }, { name: 't.png', bytes: await png() })).status).toBe(403);
    expect((await b.consumer.get('/moje/produkty')).status).toBe(403);
    expect((await b.other.api('GET', '/api/seller/products')).json.total).toBe(0);
  });

  it('20 parallel creates never pass the limit of 10; the page hides the add button at 10', async () => {
    const bytes = await png();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(b.other, '/api/seller/products', { name: `P${i}`, price: '1', quantity: '1' }, { name: 'p.png', bytes })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).every((r) => r.json.detail === 'Môžete mať najviac 10 produktov.')).toBe(true);
    expect(shop.db.$client.prepare('SELECT COUNT(*) FROM products WHERE seller_id = ?').pluck().get(sellerId('other@example.sk'))).toBe(10);
    const page = await b.other.get('/moje/produkty');
    expect(page.doc!.querySelector('.seller-products__add')).toBeNull();
    expect(page.doc!.querySelectorAll('table.seller-products tbody tr')).toHaveLength(10);
    expect(page.doc!.querySelector('[title="Čaká na schválenie"]')).not.toBeNull();
    expect((await b.seller.get('/moje/produkty')).doc!.querySelector('.seller-products__add')).not.toBeNull();
  });

  it('the plain create form works without JavaScript and keeps the values when refused', async () => {
    const refused = await b.seller.form('/moje/produkty', { name: 'Šál', description: 'Vlna', price: '9,90', quantity: '3,5' });
    expect(refused.status).toBe(400);
    expect(refused.doc!.querySelector('.seller-products__add[open] input[name=price]')?.getAttribute('value')).toBe('9,90');
    expect(refused.doc!.querySelector('.seller-products__add[open] input[name=quantity]')?.getAttribute('value')).toBe('3,5');
    expect(refused.doc!.querySelector('.seller-products__add[open] #f-new-quantity-error')?.textContent).toBe('Zadajte počet kusov ako celé číslo, napríklad 5.');
    const ok = await send(b.seller, '/moje/produkty', { name: 'Šál', description: 'Vlna', price: '9,90', quantity: '4', _csrf: b.seller.csrf }, { name: 's.png', bytes: await png() });
    expect([ok.status, ok.location]).toEqual([303, '/moje/produkty?ulozene=novy']);
    const page = await b.seller.get('/moje/produkty?ulozene=novy');
    expect(page.text).toContain('Produkt bol úspešne vytvorený');
    expect(page.doc!.querySelector('tfoot')?.textContent).toContain('2');
    expect(page.doc!.querySelector('.seller-products__stock')?.textContent).toBe('Počet kusov na sklade: 4');
  });
});

describe('Správy', () => {
  it('the approval notices are received messages in the seller’s Správy, newest first; another user’s id is 404', async () => {
    const page = await b.seller.get('/moje/spravy');
    expect(page.status).toBe(200);
    const rows = [...page.doc!.querySelectorAll('.messages__table tbody tr')];
    expect(rows.map((tr) => tr.querySelector('.messages__title')?.textContent)).toEqual(['Produkt Taška veľká je schválený', 'Váš obchod Dielňa Anna je schválený']);
    expect(rows.every((tr) => tr.querySelector('.messages__mark'))).toBe(true);
    const id = rows[0].getAttribute('data-message');
    expect((await b.other.form(`/moje/spravy/${id}/precitane`, {})).status).toBe(404);
    const read = await b.seller.form(`/moje/spravy/${id}/precitane`, {});
    expect([read.status, read.location]).toEqual([303, '/moje/spravy?ok=precitana']);
    const after = await b.seller.get('/moje/spravy');
    expect(after.doc!.querySelector(`tr[data-message="${id}"] .messages__mark`)).toBeNull();
    expect((await b.other.get('/moje/spravy')).text).toContain('Nemáte žiadne správy.');
    // Messages are every signed-in user's (issue 21), not only a seller's.
    expect((await b.consumer.get('/moje/spravy')).status).toBe(200);
    // The seller's shop carries the account's e-mail, so the decisions were queued as mails too.
    expect(shop.db.$client.prepare("SELECT email FROM sellers WHERE slug = 'dielna-anna'").pluck().get()).toBe('seller@example.sk');
  });
});
