import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProducts } from '../../server/catalog/listing.service';
import { productJson } from '../../server/catalog/product-json';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { categoryIndex } from '../../server/catalog/catalog-views';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { createTranslators } from '../../server/i18n/catalogs';
import { loadShops } from '../../server/shops/shops.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, post, richCategory, session, signedIn, SK, sql, type Session } from './catalog-helpers';

// POST /api/product answers from list answers kept per catalogue version (product-json.ts, decision 213).
// These tests hold it to the plain serialisation of fresh rows.
let shop: TestShop;
let s: Session;
let root: { id: number; slug: string };

beforeAll(async () => {
  shop = createTestShop({ products: 300 });
  s = await session(shop);
  root = richCategory(shop);
});
afterAll(() => shop.close());

/** The answer the route gave before decision 175: JSON.stringify of rows read from SQL without any cache. */
function plainAnswer(body: { category_id?: number; product_id?: number[]; _offset?: number; _limit?: number; with_availability?: boolean }, locale: 'sk' | 'en' = 'sk'): string {
  const shops = loadShops(shop.db, shop.config);
  const version = readCatalogVersion(shop.db);
  const index = categoryIndex({ db: shop.db, version });
  const scope = body.product_id ? { kind: 'ids' as const, ids: body.product_id } : { kind: 'category' as const, categoryIds: index.subtreeIds(body.category_id!) };
  const { items, total } = listProducts(shop.db, version, { shopId: shops.sk.id, wholesale: false, scope, optionGroups: [], price: null, offset: body._offset ?? 0, limit: body._limit ?? 100 }, { text: locale, slug: 'sk' });
  const view = { shop: shops.sk, locale, i18n: createTranslators()[locale], withAvailability: body.with_availability === true };
  return JSON.stringify({ items: items.map((p) => productJson(view, p)), total, variant_view: null, variant_view_setting: null });
}

/** The raw answer: body bytes as sent, and decoded when gzipped. */
async function raw(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await shop.app.request('/api/product', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { ...SK, cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json', ...headers },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  return { response, bytes, encoding, text: (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8') };
}

describe('POST /api/product answer', () => {
  it('gives the same JSON gzipped or plain, by Accept-Encoding, and always varies on it', async () => {
    const body = { category_id: root.id, _limit: 12 };
    const plain = await raw(body);
    const gzipped = await raw(body, { 'accept-encoding': 'gzip, deflate, br' });
    const refused = await raw(body, { 'accept-encoding': 'gzip;q=0, deflate' });
    expect(plain.encoding).toBeNull();
    expect(refused.encoding).toBeNull();
    expect(gzipped.encoding).toBe('gzip');
    for (const r of [plain, gzipped, refused]) {
      expect(r.response.status).toBe(200);
      expect(r.response.headers.get('content-type')).toBe('application/json');
      expect(r.response.headers.get('vary')).toContain('Accept-Encoding');
    }
    expect(gzipped.text).toBe(plain.text);
    expect(refused.text).toBe(plain.text);
    // gzip's own level 6, the figure the benchmark holds every answer to.
    expect(gzipped.bytes.length).toBe(gzipSync(plain.bytes, { level: 6 }).length);
    // Joined text is exactly the plain serialisation of fresh rows (no stray commas or spaces).
    expect(plain.text).toBe(plainAnswer(body));
    expect(JSON.parse(plain.text).items).toHaveLength(12);
  });

  it('joins correctly for an empty page, one item, a later page, stock counts and product_id lists', async () => {
    const total = JSON.parse((await raw({ category_id: root.id, _limit: 1 })).text).total as number;
    for (const body of [
      { category_id: root.id, _limit: 1 },
      { category_id: root.id, _offset: 12, _limit: 12 },
      { category_id: root.id, _offset: total, _limit: 12 },
      { category_id: root.id, _limit: 12, with_availability: true },
    ]) {
      const answer = await raw(body, { 'accept-encoding': 'gzip' });
      expect(answer.text).toBe(plainAnswer(body));
    }
    const ids = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible <> 0 AND parent_id IS NULL ORDER BY id DESC LIMIT 5').map((r) => r.id);
    expect((await raw({ product_id: ids }, { 'accept-encoding': 'gzip' })).text).toBe(plainAnswer({ product_id: ids, _limit: 100 }));
    const withStock = JSON.parse((await raw({ category_id: root.id, _limit: 1, with_availability: true })).text).items[0];
    expect(withStock.quantity).toBe(sql<{ quantity: number }>(shop, 'SELECT quantity FROM products WHERE id = ?', withStock.id)[0].quantity);
  });

  it('answers a list asked again from kept texts, and the same products in any order', async () => {
    const body = { category_id: root.id, _offset: 3, _limit: 12 };
    const plain = await raw(body);
    expect(JSON.parse(plain.text).items).toHaveLength(12);
    for (let i = 0; i < 3; i++) expect((await raw(body, { 'accept-encoding': 'gzip' })).text).toBe(plain.text);
    const ids = JSON.parse(plain.text).items.map((p: { id: number }) => p.id) as number[];
    for (const order of [ids.slice(0, 5), ids.slice(0, 5).reverse(), [ids[2], ids[0], ids[4], ids[1], ids[3]]]) {
      expect((await raw({ product_id: order }, { 'accept-encoding': 'gzip' })).text).toBe(plainAnswer({ product_id: order }));
    }
  });

  it('keeps locales apart (availability text and money format)', async () => {
    const body = { category_id: root.id, _limit: 12 };
    await raw(body);
    const english = await raw(body, { cookie: `${s.cookie}; locale=en` });
    expect(english.text).toBe(plainAnswer(body, 'en'));
    expect(english.text).not.toBe((await raw(body)).text);
  });

  it('shows a price change, a rename and a stock change in the next answer', async () => {
    const body = { category_id: root.id, _limit: 12, with_availability: true };
    const first = JSON.parse((await raw(body)).text).items[0];
    const ids = [first.id];

    await setProductPrice(shop.db, shop.clock, { send: async () => {} }, { productId: first.id, shopId: 1, priceB2c: 123_456 });
    const repricedAnswer = await raw(body, { 'accept-encoding': 'gzip' });
    expect(repricedAnswer.text).toBe(plainAnswer(body));
    const repriced = JSON.parse(repricedAnswer.text).items[0];
    expect(repriced.price).toBe(123_456);
    expect(repriced.price_formatted.replace(/\s/g, '')).toBe('1234,56€');
    // A product_id list reads the same kept texts: fresh too.
    expect(JSON.parse((await raw({ product_id: ids })).text).items[0].price).toBe(123_456);

    // A price and a name in raw SQL move the trigger-kept catalogue version.
    shop.db.$client.prepare('UPDATE product_prices SET price_b2c = 99900 WHERE product_id = ? AND shop_id = 1').run(first.id);
    shop.db.$client.prepare('UPDATE products SET name = ? WHERE id = ?').run('Premenovaný produkt', first.id);
    const renamed = JSON.parse((await raw(body)).text).items[0];
    expect(renamed.name).toBe('Premenovaný produkt');
    expect(renamed.price).toBe(99_900);

    // Stock, through the service.
    await setProductStock(shop.db, shop.clock, { send: async () => {} }, { productId: first.id, quantity: 7 });
    expect(JSON.parse((await raw(body)).text).items[0].quantity).toBe(7);
    // A delivery time written by another connection (an import): the same triggers, the next answer.
    const other = new Database(shop.config.dbFile);
    other.prepare('UPDATE products SET availability_days = -1 WHERE id = ?').run(first.id);
    other.close();
    const unavailable = JSON.parse((await raw(body, { 'accept-encoding': 'gzip' })).text).items[0];
    expect(unavailable.availability_text).toBe('Nedostupné');
    expect(unavailable.availability_severity).toBe('danger');
    expect((await raw(body)).text).toBe(plainAnswer(body));
  });

  it('keeps the answers of shoppers apart: price role, shop and locale, and never keeps a refused call', async () => {
    const body = { category_id: root.id, _limit: 3 };
    const consumer = JSON.parse((await raw(body)).text).items[0];
    const wholesaler = await signedIn(shop, ['ROLE_WHOLESALE']);
    const b2b = (await post(shop, wholesaler, '/api/product', body)).json.items[0];
    const prices = sql<{ price_b2c: number; price_b2b: number }>(shop, 'SELECT price_b2c, price_b2b FROM product_prices WHERE product_id = ? AND shop_id = 1', consumer.id)[0];
    expect(prices.price_b2b).not.toBe(prices.price_b2c);
    expect([consumer.price, b2b.price]).toEqual([prices.price_b2c, prices.price_b2b]);
    expect(JSON.parse((await raw(body)).text).items[0].price).toBe(prices.price_b2c);
    // The Czech shop read in Slovak: its own currency for the same fields and locale.
    const czech = await session(shop, CZ);
    const inSlovak = { ...CZ, cookie: `${czech.cookie}; locale=sk` };
    expect((await post(shop, czech, '/api/product', body, { headers: inSlovak })).json.items[0].currency).toBe('CZK');
    expect(JSON.parse((await raw(body)).text).items[0].currency).toBe('EUR');
    // A refused call is refused again, and the valid one after it answers.
    for (let i = 0; i < 2; i++) expect((await raw({ category_id: root.id, _limit: 0 })).response.status).toBe(400);
    expect((await raw(body)).text).toBe(plainAnswer(body));
  });

  it('answers filtered lists as before', async () => {
    const choices = (await post(shop, s, '/api/product/filter', { category_id: root.id })).json;
    const code = choices.order[0] as string;
    const key = Object.keys(choices.attributes[code].options)[0];
    const filtered = JSON.parse((await raw({ category_id: root.id, filter_criteria: { [code]: [key] } }, { 'accept-encoding': 'gzip' })).text);
    const count = (await post(shop, s, '/api/product/filter-count', { category_id: root.id, filter_criteria: { [code]: [key] } })).json.count;
    expect(filtered.total).toBe(count);
    expect(filtered.items.length).toBe(Math.min(count, 100));
  });
});

describe('the body read from Node’s request (a real server)', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A POST over a socket; `chunked` sends the body without Content-Length. */
  function send(path: string, body: string, options: { chunked?: boolean; type?: string } = {}) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers: Record<string, string> = { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': options.type ?? 'application/json' };
      if (!options.chunked) headers['content-length'] = String(Buffer.byteLength(body));
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      if (options.chunked) {
        // Two writes: the body arrives in more than one chunk.
        req.write(body.slice(0, 5));
        setTimeout(() => req.end(body.slice(5)), 5);
      } else {
        req.end(body);
      }
    });
  }

  it('reads JSON bodies with and without Content-Length, and forms, the same way', async () => {
    const body = { category_id: root.id, _limit: 3 };
    const sized = await send('/api/product', JSON.stringify(body));
    const chunked = await send('/api/product', JSON.stringify(body), { chunked: true });
    const form = await send('/api/product', `category_id=${root.id}&_limit=3`, { type: 'application/x-www-form-urlencoded' });
    expect(sized.status).toBe(200);
    expect(sized.text).toBe(plainAnswer(body));
    expect(chunked.text).toBe(sized.text);
    expect(form.text).toBe(sized.text);
    // Non-ASCII split across chunks decodes whole.
    const bad = await send('/api/product', JSON.stringify({ category_id: root.id, _limit: 'žž' }), { chunked: true });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).errors._limit).toBe('Limit musí byť celé číslo od 1 do 100');
    expect((await send('/api/product', '{"category_id":', {})).status).toBe(400);
  });

  it('refuses bodies over 1 MiB with 413, by Content-Length or while streaming', async () => {
    const big = JSON.stringify({ category_id: root.id, pad: 'x'.repeat(1024 * 1024) });
    for (const chunked of [false, true]) {
      const answer = await send('/api/product', big, { chunked });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text).detail).toBe('Požiadavka je príliš veľká.');
    }
  });
});
