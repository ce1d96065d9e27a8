import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { session as firstVisit } from './catalog-helpers';

let shop: TestShop;
let session: { sid: string; csrf: string };
beforeAll(async () => {
  shop = createTestShop({ products: 300 });
  session = await firstVisit(shop);
});
afterAll(() => shop.close());

const one = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).get(...params) as T;
const all = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).all(...params) as T[];
const get = (path: string) => shop.app.request(path, { headers: { host: '127.0.0.1:3000' } });

function post(path: string, fields: Record<string, string>, options: { json?: boolean; token?: boolean } = {}) {
  const body = options.json ? JSON.stringify(fields) : new URLSearchParams({ ...fields, ...(options.token === false ? {} : { _csrf: session.csrf }) });
  return shop.app.request(path, {
    method: 'POST',
    body,
    headers: {
      host: '127.0.0.1:3000',
      cookie: `sid=${session.sid}`,
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(options.json && options.token !== false ? { 'x-csrf-token': session.csrf } : {}),
    },
  });
}

async function problem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as { status: number; detail: string; errors?: Record<string, string> };
}

describe('GET /api/product/{id}', () => {
  it('answers the spec Product entity', async () => {
    const response = await get('/api/product/1');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id', 'name', 'url', 'type', 'visible', 'code_public', 'image_filename', 'price', 'priceOld', 'priceLowest', 'priceLowest_text', 'currency', 'currencySymbol', 'price_is_b2c',
        'quantity', 'availability_text', 'availability_days', 'availability_severity', 'tags', 'tags_public', 'has_videos', 'seller',
        'children_count', 'inventoryStatus', 'variant_view', 'variant_view_setting',
      ].sort(),
    );
    const row = one<{ price_b2c: number; price_old_b2c: number | null }>('SELECT * FROM product_prices WHERE product_id = 1 AND shop_id = 1');
    const p = one<{ quantity: number; availability_days: number; has_videos: number }>('SELECT * FROM products WHERE id = 1');
    expect(body).toMatchObject({
      id: 1, name: 'Šľahačková torta – forma 24 cm', url: '/slahackova-torta-forma-24-cm-ob-000001', code_public: 'OB-000001', type: 'single',
      image_filename: 'p000001-cake-ffffff-1.svg', price: row.price_b2c, priceOld: row.price_old_b2c, currency: 'EUR', currencySymbol: '€', price_is_b2c: true,
      quantity: p.quantity, availability_days: p.availability_days, has_videos: p.has_videos === 1, seller: null,
    });
    expect(['Skladom', 'Do zajtra', 'Nedostupné']).toContain(body.availability_text.replace(/^Do \d+ dní$/, 'Skladom'));
    expect(Array.isArray(body.tags_public)).toBe(true);
  });

  it('prices in CZK on the Czech shop and names the seller', async () => {
    const cz = await (await shop.app.request('/api/product/1', { headers: { host: 'cz.localhost' } })).json();
    expect(cz).toMatchObject({ currency: 'CZK', currencySymbol: 'Kč' });
    const sold = one<{ id: number; name: string; slug: string }>('SELECT p.id, s.name, s.slug FROM products p JOIN sellers s ON s.id = p.seller_id WHERE p.visible != 0 LIMIT 1');
    expect((await (await get(`/api/product/${sold.id}`)).json()).seller).toEqual({ name: sold.name, url: `/obchod/${sold.slug}` });
  });

  it('answers 404 problem+json for unknown, hidden and malformed ids, never 500', async () => {
    const hidden = one<{ id: number }>('SELECT id FROM products WHERE visible = 0 LIMIT 1').id;
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '99999999999', '999999999999999999999999', String(hidden), '%00', '9999']) {
      await problem(await get(`/api/product/${id}`), 404);
      await problem(await get(`/api/product/${id}/images`), 404);
    }
  });
});

describe('GET /api/product/{id}/images', () => {
  it('lists the gallery as { thumbnail_url, text, alt, id }', async () => {
    const body = (await (await get('/api/product/1/images')).json()) as Record<string, unknown>[];
    const rows = all<{ id: number; filename: string; alt: string; text: string }>('SELECT * FROM product_images WHERE product_id = 1 ORDER BY position');
    expect(body).toHaveLength(rows.length);
    expect(body[0]).toMatchObject({ id: rows[0].id, thumbnail_url: `/data/product/image/medium/sk/${rows[0].filename}`, alt: rows[0].alt, text: rows[0].text });
  });
});

describe('reviews', () => {
  it('GET pages through the reviews with _limit (default 10) and _offset', async () => {
    const first = await (await get('/api/review?product_id=1')).json();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(Object.keys(first.items[0]).sort()).toEqual(['avatar', 'cons', 'name', 'pros', 'rating', 'recommends', 'text']);
    const rest = await (await get('/api/review?product_id=1&_offset=10')).json();
    expect(rest.items).toHaveLength(2);
    expect((await (await get('/api/review?product_id=1&_limit=3&_offset=1')).json()).items).toEqual(first.items.slice(1, 4));
    for (const review of [...first.items, ...rest.items]) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect([true, false, null]).toContain(review.recommends);
      if (review.avatar) expect(review.avatar).toMatch(/^\/data\/review\/avatar\/a\d{6}\.svg$/);
    }
    const avatar = first.items.concat(rest.items).find((r: { avatar: string | null }) => r.avatar);
    if (avatar) expect((await get(avatar.avatar)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('POST takes the same fields as a form or JSON, with the CSRF token', async () => {
    const form = await post('/api/review', { product_id: '1', _limit: '4' });
    expect(form.status).toBe(200);
    expect((await form.json()).items).toHaveLength(4);
    const json = await post('/api/review', { product_id: '1', _offset: '11' }, { json: true });
    expect((await json.json()).items).toHaveLength(1);
    expect((await post('/api/review', { product_id: '1' }, { token: false })).status).toBe(403);
  });

  it('refuses bad input with field errors and unknown products with 404', async () => {
    expect((await problem(await get('/api/review'), 400)).errors).toHaveProperty('product_id');
    expect((await problem(await get('/api/review?product_id=abc'), 400)).errors).toHaveProperty('product_id');
    expect((await problem(await get('/api/review?product_id=1&_limit=abc'), 400)).errors).toHaveProperty('_limit');
    expect((await problem(await get('/api/review?product_id=1&_limit=1000'), 400)).errors).toHaveProperty('_limit');
    expect((await problem(await get('/api/review?product_id=1&_offset=-1'), 400)).errors).toHaveProperty('_offset');
    await problem(await get('/api/review?product_id=999999'), 404);
    expect((await get('/api/review?product_id=1&_limit=')).status).toBe(200);
  });
});

describe('POST /api/video/chapter', () => {
  const video = () =>
    one<{ product_id: number; youtube_id: string; id: number; url: string }>(
      'SELECT v.* FROM product_videos v JOIN products p ON p.id = v.product_id WHERE p.visible != 0 ORDER BY v.id LIMIT 1',
    );

  it('answers the chapters of a product’s first video with its 11-character id', async () => {
    const v = video();
    const chapters = all<{ id: number; name: string; description: string; time: number }>(
      'SELECT id, name, description, time FROM video_chapters WHERE video_id = ? ORDER BY time, id',
      v.id,
    );
    const body = await (await post('/api/video/chapter', { product_id: String(v.product_id) })).json();
    expect(body.video_id).toBe(v.youtube_id);
    expect(body.video_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(body.chapters).toEqual(chapters);
    expect(body.chapters.length).toBeGreaterThanOrEqual(3);
    expect(body.chapters.length).toBeLessThanOrEqual(6);
  });

  it('answers by link in every usual form', async () => {
    const v = video();
    for (const url of [v.url, `https://youtu.be/${v.youtube_id}`, `https://www.youtube.com/embed/${v.youtube_id}`, `https://youtube.com/shorts/${v.youtube_id}?feature=share`]) {
      const body = await (await post('/api/video/chapter', { url }, { json: true })).json();
      expect(body.video_id, url).toBe(v.youtube_id);
      expect(body.chapters.length).toBeGreaterThanOrEqual(3);
    }
    const unknown = await (await post('/api/video/chapter', { url: 'https://youtu.be/AAAAAAAAAAA' })).json();
    expect(unknown).toMatchObject({ video_id: 'AAAAAAAAAAA', chapters: [] });
  });

  it('refuses a link without an 11-character id, an empty request and a hidden product', async () => {
    for (const url of ['https://youtu.be/short', 'https://example.com/watch?v=dQw4w9WgXcQ', 'not a url', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ']) {
      const body = await problem(await post('/api/video/chapter', { url }), 400);
      expect(body.errors?.url, url).toBeTruthy();
    }
    expect((await problem(await post('/api/video/chapter', {}), 400)).errors).toHaveProperty('product_id');
    expect((await problem(await post('/api/video/chapter', { product_id: 'x' }), 400)).errors).toHaveProperty('product_id');
    const hidden = one<{ id: number }>('SELECT id FROM products WHERE visible = 0 LIMIT 1').id;
    await problem(await post('/api/video/chapter', { product_id: String(hidden) }), 404);
    const none = one<{ id: number }>('SELECT id FROM products WHERE visible != 0 AND has_videos = 0 LIMIT 1').id;
    expect(await (await post('/api/video/chapter', { product_id: String(none) })).json()).toMatchObject({ video_id: null, chapters: [] });
  });
});

describe('the seed', () => {
  it('gives about 30 % of products reviews and every has_videos product 1–2 well-formed videos', () => {
    const top = one<{ n: number }>('SELECT count(*) AS n FROM products WHERE parent_id IS NULL').n;
    const reviewed = one<{ n: number }>('SELECT count(DISTINCT product_id) AS n FROM reviews').n;
    expect(reviewed / top).toBeGreaterThan(0.15);
    expect(reviewed / top).toBeLessThan(0.4);
    expect(one<{ n: number }>('SELECT max(c) AS n FROM (SELECT count(*) AS c FROM reviews GROUP BY product_id)').n).toBeLessThanOrEqual(12);
    const counts = all<{ n: number }>('SELECT (SELECT count(*) FROM product_videos v WHERE v.product_id = p.id) AS n FROM products p WHERE p.has_videos = 1');
    expect(counts.length).toBeGreaterThan(0);
    for (const { n } of counts) expect([1, 2]).toContain(n);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM product_videos v JOIN products p ON p.id = v.product_id WHERE p.has_videos = 0').n).toBe(0);
    for (const v of all<{ youtube_id: string }>('SELECT youtube_id FROM product_videos')) expect(v.youtube_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });
});

describe('OpenAPI', () => {
  it('documents the product routes', async () => {
    const doc = await (await get('/api/openapi.json')).json();
    for (const path of ['/api/product/{id}', '/api/product/{id}/images', '/api/review', '/api/video/chapter']) expect(doc.paths).toHaveProperty([path]);
  });
});
