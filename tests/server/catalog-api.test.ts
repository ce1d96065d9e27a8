import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterCountPath } from '../../server/catalog/filter';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, productsWithOptions, richCategory, session, signedIn, sql, subtreeProductIds, SK, type Session } from './catalog-helpers';

let shop: TestShop;
let s: Session;
let root: { id: number; slug: string };
let choices: { attributes: Record<string, { label: string; options: Record<string, string>; styles: Record<string, unknown> }>; order: string[]; price: { options: [number, number] } | null };

beforeAll(async () => {
  shop = createTestShop({ products: 300 });
  s = await session(shop);
  root = richCategory(shop);
  choices = (await post(shop, s, '/api/product/filter', { category_id: root.id })).json;
});
afterAll(() => shop.close());

const list = async (body: Record<string, unknown>) => post(shop, s, '/api/product', body);
const count = async (body: Record<string, unknown>) => (await post(shop, s, '/api/product/filter-count', body)).json.count as number;
/** The widget's question: a GET at the canonical address of a category and filter. */
const countAt = async (categoryId: number, attributes: Record<string, string[]>, price: [number, number] | null = null) => {
  const response = await shop.app.request(filterCountPath(categoryId, { attributes, price }, choices.order), { headers: { ...SK, cookie: s.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()).count as number;
};
const optionKeys = (code: string) => Object.keys(choices.attributes[code].options);

describe('categories and breadcrumb', () => {
  it('GET /api/category gives the roots with nested visible children, sorted by position', async () => {
    const response = await shop.app.request('/api/category', { headers: SK });
    const roots = await response.json();
    const expected = sql<{ id: number }>(shop, 'SELECT id FROM categories WHERE parent_id IS NULL AND visible = 1 ORDER BY position, id').map((r) => r.id);
    expect(roots.map((r: { id: number }) => r.id).sort()).toEqual(expected.sort());
    const kitchen = roots.find((r: { id: number }) => r.id === root.id);
    expect(kitchen).toMatchObject({ id: root.id, slug: root.slug, visible: true, type: 'product', canonical: null });
    expect(kitchen.children.length).toBeGreaterThan(0);
    const positions = kitchen.children.map((c: { position: number }) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(kitchen.children[0].children.length).toBeGreaterThan(0);
    const blogOnly = await (await shop.app.request('/api/category?type=blog', { headers: SK })).json();
    expect(blogOnly.every((r: { type: string }) => r.type === 'blog')).toBe(true);
  });

  it('GET /api/category/{id} answers the category or a 404 problem', async () => {
    const ok = await shop.app.request(`/api/category/${root.id}`, { headers: SK });
    expect((await ok.json()).slug).toBe(root.slug);
    for (const bad of ['999999', 'abc', '-1', '1.5', '99999999999999']) {
      const response = await shop.app.request(`/api/category/${bad}`, { headers: SK });
      expect(response.status, bad).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('POST /api/categories looks a category up by slug or ids; the first item is the one', async () => {
    const bySlug = await post(shop, s, '/api/categories', { category_slug: root.slug }, { form: true });
    expect(bySlug.json[0].id).toBe(root.id);
    expect((await post(shop, s, '/api/categories', { category_slug: 'neexistuje' }, { form: true })).json).toEqual([]);
    const byIds = await post(shop, s, '/api/categories', { category_id: [root.id, 999999] }, { form: true });
    expect(byIds.json.map((c: { id: number }) => c.id)).toEqual([root.id]);
    expect((await post(shop, s, '/api/categories', { category_id: 'x' }, { form: true })).status).toBe(400);
  });

  it('GET /api/breadcrumb/{id} lists name and path from the root down', async () => {
    const leaf = sql<{ id: number; path: string }>(shop, "SELECT id, path FROM categories WHERE type = 'product' AND depth = 2 LIMIT 1")[0];
    const crumbs = await (await shop.app.request(`/api/breadcrumb/${leaf.id}`, { headers: SK })).json();
    const ids = leaf.path.split('/').filter(Boolean).map(Number);
    expect(crumbs).toHaveLength(3);
    const names = ids.map((id) => sql<{ name: string; slug: string }>(shop, 'SELECT name, slug FROM categories WHERE id = ?', id)[0]);
    expect(crumbs).toEqual(names.map((n) => ({ name: n.name, path: `/${n.slug}` })));
    expect((await shop.app.request('/api/breadcrumb/999999', { headers: SK })).status).toBe(404);
  });
});

describe('product lists', () => {
  it('lists the visible top-level products of a category and its descendants', async () => {
    const all = subtreeProductIds(shop, root.id);
    const answer = await list({ category_id: root.id });
    expect(answer.json.total).toBe(all.length);
    expect(answer.json.items.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(all.slice(0, 100));
    expect(answer.json.items.every((p: { visible: number; parent_id: number | null }) => p.visible !== 0 && p.parent_id === null)).toBe(true);
  });

  it('returns spec Product fields with money in minor units', async () => {
    const item = (await list({ category_id: root.id, _limit: 1 })).json.items[0];
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining(['id', 'name', 'url', 'type', 'visible', 'code_public', 'image_filename', 'price', 'priceOld', 'currencySymbol', 'price_is_b2c', 'quantity', 'availability_text', 'availability_days', 'availability_severity', 'tags', 'tags_public', 'has_videos', 'seller', 'children_count', 'inventoryStatus', 'variant_view', 'variant_view_setting']),
    );
    const row = sql<{ price_b2c: number }>(shop, 'SELECT price_b2c FROM product_prices WHERE product_id = ? AND shop_id = 1', item.id)[0];
    expect(item.price).toBe(row.price_b2c);
    expect(Number.isInteger(item.price)).toBe(true);
    expect(item.price_is_b2c).toBe(true);
    expect(item.currencySymbol).toBe('€');
    expect(item.price_formatted).toContain('€');
    expect(item.quantity).toBeNull();
    const withStock = (await list({ category_id: root.id, _limit: 1, with_availability: '1' })).json.items[0];
    expect(withStock.quantity).toBe(sql<{ quantity: number }>(shop, 'SELECT quantity FROM products WHERE id = ?', item.id)[0].quantity);
  });

  it('gives 100 items when no limit is asked, and pages with _offset/_limit', async () => {
    const all = await (await shop.app.request('/api/product', { headers: SK })).json();
    expect(all.items).toHaveLength(100);
    expect(all.total).toBeGreaterThan(100);
    const pages = [];
    for (let offset = 0; offset < 30; offset += 10) pages.push(...(await list({ _offset: offset, _limit: 10 })).json.items);
    expect(pages.map((p: { id: number }) => p.id)).toEqual(all.items.slice(0, 30).map((p: { id: number }) => p.id));
    const query = await (await shop.app.request('/api/product?_offset=5&_limit=3', { headers: SK })).json();
    expect(query.items.map((p: { id: number }) => p.id)).toEqual(all.items.slice(5, 8).map((p: { id: number }) => p.id));
  });

  it('keeps the order of product_id lists and leaves out hidden products', async () => {
    const hidden = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 0 LIMIT 1')[0].id;
    const shown = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id DESC LIMIT 3').map((r) => r.id);
    const answer = await post(shop, s, '/api/product', { product_id: [shown[2], hidden, shown[0], shown[1]].join(',') }, { form: true });
    expect(answer.json.items.map((p: { id: number }) => p.id)).toEqual([shown[2], shown[0], shown[1]]);
  });

  it('lists the variants of a parent with the parent layout', async () => {
    const parent = sql<{ id: number; variant_view: string }>(shop, 'SELECT id, variant_view FROM products WHERE children_count > 0 AND visible <> 0 LIMIT 1')[0];
    const variants = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE parent_id = ? AND visible <> 0 ORDER BY position, id', parent.id).map((r) => r.id);
    const answer = await list({ product_parent_id: parent.id });
    expect(answer.json.items.map((p: { id: number }) => p.id)).toEqual(variants);
    expect(answer.json.variant_view).toBe(parent.variant_view);
    expect(answer.json.variant_view_setting).toBe(parent.variant_view);
    expect((await list({ product_parent_id: 999999 })).status).toBe(404);
  });

  it('gives wholesale shoppers B2B prices', async () => {
    const b2b = await signedIn(shop, ['ROLE_WHOLESALE']);
    const item = (await post(shop, b2b, '/api/product', { category_id: root.id, _limit: 1 })).json.items[0];
    expect(item.price).toBe(sql<{ price_b2b: number }>(shop, 'SELECT price_b2b FROM product_prices WHERE product_id = ? AND shop_id = 1', item.id)[0].price_b2b);
    expect(item.price_is_b2c).toBe(false);
  });

  it('answers availability by product id', async () => {
    const rows = sql<{ id: number; quantity: number; availability_days: number }>(shop, 'SELECT id, quantity, availability_days FROM products WHERE visible <> 0 ORDER BY id LIMIT 3');
    const answer = await post(shop, s, '/api/product/availability', { product_id: rows.map((r) => r.id) });
    for (const r of rows) {
      expect(answer.json[r.id]).toMatchObject({ quantity: r.quantity, availability_days: r.availability_days });
      expect(answer.json[r.id].availability_text).toBe(r.availability_days === 0 ? 'Skladom' : r.availability_days === 1 ? 'Do zajtra' : r.availability_days < 0 ? 'Nedostupné' : `Do ${r.availability_days} dní`);
      expect(answer.json[r.id].availability_severity).toBe(r.availability_days === 0 ? 'success' : r.availability_days === 1 ? 'info' : r.availability_days < 0 ? 'danger' : 'warn');
    }
  });
});

describe('filters', () => {
  it('offers attributes with labels, options, swatch styles and the price range', () => {
    expect(choices.order.length).toBeGreaterThanOrEqual(2);
    expect(choices.attributes.znacka.label).toBe('Značka');
    const colours = choices.attributes.farba;
    if (colours) expect(Object.values(colours.styles)[0]).toMatchObject({ background: expect.stringMatching(/^#/) });
    const prices = sql<{ min: number; max: number }>(
      shop,
      `SELECT min(price_b2c) AS min, max(price_b2c) AS max FROM product_prices WHERE shop_id = 1 AND product_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(subtreeProductIds(shop, root.id)),
    )[0];
    expect(choices.price!.options).toEqual([prices.min, prices.max]);
  });

  it('ORs options within an attribute and ANDs attributes; counts equal list totals', async () => {
    const all = new Set(subtreeProductIds(shop, root.id));
    const [a, b] = optionKeys('znacka');
    const brandA = productsWithOptions(shop, 'znacka', [a]);
    const either = productsWithOptions(shop, 'znacka', [a, b]);
    const second = choices.order[1];
    const key = optionKeys(second)[0];
    const withSecond = productsWithOptions(shop, second, [key]);
    const cases: [Record<string, unknown>, number][] = [
      [{ znacka: [a] }, [...all].filter((id) => brandA.has(id)).length],
      [{ znacka: [a, b] }, [...all].filter((id) => either.has(id)).length],
      [{ znacka: [a, b], [second]: [key] }, [...all].filter((id) => either.has(id) && withSecond.has(id)).length],
    ];
    for (const [criteria, expected] of cases) {
      expect(await count({ category_id: root.id, filter_criteria: JSON.stringify(criteria) }), JSON.stringify(criteria)).toBe(expected);
      expect(await countAt(root.id, criteria as Record<string, string[]>), JSON.stringify(criteria)).toBe(expected);
      const listed = await list({ category_id: root.id, filter_criteria: criteria });
      expect(listed.json.total).toBe(expected);
      expect(listed.json.items.every((p: { id: number }) => all.has(p.id))).toBe(true);
    }
    expect(cases[1][1]).toBeGreaterThan(cases[0][1]);
  });

  it('filters by an inclusive price range in minor units', async () => {
    const prices = sql<{ price: number }>(shop, 'SELECT price_b2c AS price FROM product_prices WHERE shop_id = 1 AND product_id IN (SELECT value FROM json_each(?)) ORDER BY price_b2c', JSON.stringify(subtreeProductIds(shop, root.id))).map((r) => r.price);
    const [min, max] = [prices[2], prices[prices.length - 3]];
    const expected = prices.filter((p) => p >= min && p <= max).length;
    expect(await count({ category_id: root.id, filter_criteria: { price: [min, max] } })).toBe(expected);
    expect(await countAt(root.id, {}, [min, max])).toBe(expected);
    const listed = await list({ category_id: root.id, filter_criteria: { price: [min, max] } });
    expect(listed.json.total).toBe(expected);
    expect(listed.json.items.every((p: { price: number }) => p.price >= min && p.price <= max)).toBe(true);
  });
});

describe('bad input', () => {
  const problems: [string, Record<string, unknown>, string][] = [
    ['negative offset', { _offset: -1 }, '_offset'],
    ['huge offset', { _offset: 1e12 }, '_offset'],
    ['zero limit', { _limit: 0 }, '_limit'],
    ['huge limit', { _limit: 100000 }, '_limit'],
    ['text limit', { _limit: 'abc' }, '_limit'],
    ['fractional limit', { _limit: '1.5' }, '_limit'],
    ['bad category id', { category_id: 'abc' }, 'category_id'],
    ['bad product ids', { product_id: '1,x' }, 'product_id'],
  ];
  it.each(problems)('answers 400 with a field error: %s', async (_name, body, field) => {
    const answer = await post(shop, s, '/api/product', body, { form: true });
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.json.errors[field]).toBeTruthy();
  });

  it('refuses malformed filter_criteria with a field error, never a 500', async () => {
    const cases: [unknown, string][] = [
      ['{not json', 'filter_criteria'],
      ['[1,2]', 'filter_criteria'],
      ['{"price":"abc"}', 'filter_criteria'],
      ['{"price":[1,2,3]}', 'filter_criteria'],
      ['{"znacka":"x"}', 'filter_criteria'],
      ['{"neexistuje":["a"]}', 'filter_criteria.neexistuje'],
      ['{"__proto__":["a"]}', 'filter_criteria'],
      ['{"znacka":["neexistuje"]}', 'filter_criteria.znacka'],
      ['{"price":[5000,100]}', 'filter_criteria.price'],
    ];
    for (const [raw, field] of cases) {
      for (const path of ['/api/product', '/api/product/filter-count']) {
        const answer = await post(shop, s, path, { category_id: String(root.id), filter_criteria: raw }, { form: true });
        expect(answer.status, `${path} ${raw}`).toBe(400);
        expect(Object.keys(answer.json.errors), `${path} ${raw}`).toContain(field);
      }
    }
    expect((await post(shop, s, '/api/product', { filter_criteria: '{"znacka":["a"]}' })).status).toBe(400);
  });

  it('refuses a malformed or unknown filter in the GET count with a field error, never a 500', async () => {
    const key = optionKeys('znacka')[0];
    const cases: [string, number, string][] = [
      ['category_id=abc', 400, 'category_id'],
      ['', 400, 'category_id'],
      [`category_id=${root.id}&filter=znacka`, 400, 'filter'],
      [`category_id=${root.id}&filter=znacka:`, 400, 'filter'],
      [`category_id=${root.id}&filter=znacka:${key};znacka:${key}`, 400, 'filter'],
      [`category_id=${root.id}&filter=price:abc`, 400, 'filter'],
      [`category_id=${root.id}&filter=price:1-2;price:3-4`, 400, 'filter'],
      [`category_id=${root.id}&filter=${'x'.repeat(3000)}:a`, 400, 'filter'],
      [`category_id=${root.id}&filter=neexistuje:a`, 400, 'filter.neexistuje'],
      [`category_id=${root.id}&filter=__proto__:a`, 400, 'filter.__proto__'],
      [`category_id=${root.id}&filter=znacka:neexistuje`, 400, 'filter.znacka'],
      [`category_id=${root.id}&filter=price:50-1`, 400, 'filter.price'],
      ['category_id=999999', 404, ''],
    ];
    for (const [query, status, field] of cases) {
      const answer = await shop.app.request(`/api/product/filter-count?${query}`, { headers: { ...SK, cookie: s.cookie } });
      expect(answer.status, query).toBe(status);
      expect(answer.headers.get('content-type'), query).toContain('application/problem+json');
      if (field) expect(Object.keys((await answer.json()).errors), query).toContain(field);
    }
    // Any spelling that reads well is answered, canonical or not (the cache keeps only the canonical one).
    const [a, b] = optionKeys('znacka');
    const spelled = await shop.app.request(`/api/product/filter-count?filter=znacka:${b},${a}&category_id=${root.id}`, { headers: { ...SK, cookie: s.cookie } });
    expect((await spelled.json()).count).toBe(await countAt(root.id, { znacka: [a, b] }));
  });

  it('answers 404 for unknown or blog categories and a 400 for an invalid JSON body', async () => {
    const blog = sql<{ id: number }>(shop, "SELECT id FROM categories WHERE type = 'blog' LIMIT 1")[0].id;
    for (const id of [999999, blog]) {
      expect((await list({ category_id: id })).status).toBe(404);
      expect((await post(shop, s, '/api/product/filter', { category_id: id })).status).toBe(404);
      expect((await count({ category_id: id }).catch(() => 'error'))).toBeUndefined();
    }
    const broken = await shop.app.request('/api/product', { method: 'POST', body: '{oops', headers: { ...SK, cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect((await post(shop, s, '/api/product/filter', {})).json.errors.category_id).toBeTruthy();
    expect(shop.errors).toEqual([]);
  });

  it('needs the CSRF token on POST', async () => {
    const answer = await shop.app.request('/api/product', { method: 'POST', body: '{}', headers: { ...SK, cookie: s.cookie, 'content-type': 'application/json' } });
    expect(answer.status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue route', async () => {
    const doc = await (await get(shop, '/api/openapi.json')).response.json().catch(async () => JSON.parse((await get(shop, '/api/openapi.json')).html));
    for (const path of ['/api/category', '/api/category/{id}', '/api/categories', '/api/breadcrumb/{id}', '/api/product', '/api/product/availability', '/api/product/filter', '/api/product/filter-count']) {
      expect(doc.paths[path], path).toBeTruthy();
    }
    expect(doc.paths['/api/product'].post.responses[400]).toBeTruthy();
  });
});
