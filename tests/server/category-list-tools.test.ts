import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { listedIds } from '../../server/catalog/listing.service';
import { LIST_SORTS, readListTools, type ListSort } from '../../server/catalog/list-tools';
import { LISTED_TOP_LEVEL } from '../../server/catalog/sellable';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser } from './accounts.client';
import { CZ, get, sql } from './catalog-helpers';
import { placeOrder, stockedProduct } from './payments-helpers';

let shop: TestShop;
let department: { id: number; slug: string; cs_slug: string };
let subtree: number[];

beforeAll(() => {
  shop = createTestShop({ products: 400 });
  department = sql<{ id: number; slug: string; cs_slug: string }>(
    shop,
    `SELECT c.id, c.slug, t.slug AS cs_slug FROM categories c JOIN category_texts t ON t.category_id = c.id AND t.locale = 'cs'
      WHERE c.type = 'product' AND c.depth = 0 ORDER BY c.position LIMIT 1`,
  )[0];
  subtree = sql<{ id: number }>(shop, `SELECT id FROM categories WHERE path LIKE (SELECT path FROM categories WHERE id = ?) || '%'`, department.id).map((r) => r.id);
});
afterAll(() => shop.close());

/** What the shop lists in the department, as SQL says it, with what each order sorts by. */
function listed(locale = 'sk') {
  return sql<{ id: number; price: number; name: string; created_at: number; position: number; sold: number }>(
    shop,
    `SELECT p.id, pp.price_b2c AS price, COALESCE(pt.name, p.name) AS name, p.created_at, p.position,
            (SELECT COALESCE(SUM(oi.quantity), 0) FROM order_items oi JOIN products v ON v.id = oi.product_id WHERE COALESCE(v.parent_id, v.id) = p.id) AS sold
       FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1
       LEFT JOIN product_texts pt ON pt.product_id = p.id AND pt.locale = ?
      WHERE p.category_id IN (SELECT value FROM json_each(?)) AND ${LISTED_TOP_LEVEL}
      ORDER BY p.position, p.id`,
    locale,
    JSON.stringify(subtree),
  );
}

function ids(sort: ListSort | null, text = '', limit = 1000) {
  return listedIds(shop.db, readCatalogVersion(shop.db), {
    shopId: 1,
    wholesale: false,
    scope: { kind: 'category', categoryIds: subtree },
    optionGroups: [],
    price: null,
    offset: 0,
    limit,
    tools: { sort, text },
  });
}

describe('a category list’s own order (issue 23: what a Shoptet shopper expects)', () => {
  it('sorts by price both ways, by name in Slovak collation, newest first; ties keep the editors’ order', () => {
    const rows = listed();
    expect(rows.length).toBeGreaterThan(20);
    const editors = rows.map((r) => r.id);
    expect(ids(null).ids).toEqual(editors);
    const by = (compare: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
      rows.map((r, i) => ({ ...r, i })).sort((a, b) => compare(a, b) || a.i - b.i).map((r) => r.id);
    expect(ids('price').ids).toEqual(by((a, b) => a.price - b.price));
    expect(ids('-price').ids).toEqual(by((a, b) => b.price - a.price));
    const collator = new Intl.Collator('sk', { sensitivity: 'base', numeric: true });
    expect(ids('name').ids).toEqual(by((a, b) => collator.compare(a.name, b.name)));
    expect(ids('newest').ids).toEqual(by((a, b) => b.created_at - a.created_at));
    expect(ids('price').total).toBe(rows.length);
  });

  it('puts what sells most first: an order of five moves a product to the top on the next request', async () => {
    const last = listed().at(-1)!;
    shop.db.$client.prepare('UPDATE products SET quantity = 50, cart_limit = NULL, manufactured = 0 WHERE id = ?').run(last.id);
    stockedProduct(shop); // the order's other line needs a stocked product too; this one is anywhere
    await placeOrder(shop, new Browser(shop), { lines: [[last.id, 5]] });
    expect(listed().find((r) => r.id === last.id)!.sold).toBe(5);
    expect(ids('bestselling').ids[0]).toBe(last.id);
    const page = await get(shop, `/${department.slug}?sort=bestselling`);
    expect(page.doc.querySelector('.product-card')?.getAttribute('data-product-id')).toBe(String(last.id));
  });
});

describe('a category list’s own search (spec 2: by name or ID, accent-insensitive)', () => {
  it('finds words typed without accents at a word’s beginning, a code and an id', () => {
    const rows = listed();
    const target = rows.find((r) => /[šľčťžýáíéúäô]/i.test(r.name))!;
    const word = target.name.split(' ')[0];
    const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 5);
    const found = ids(null, folded);
    expect(found.ids).toContain(target.id);
    const expected = rows.filter((r) => r.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(folded)));
    expect(found.total).toBe(expected.length);
    const code = sql<{ code: string }>(shop, 'SELECT code_public AS code FROM products WHERE id = ?', target.id)[0].code;
    expect(ids(null, code).ids).toEqual([target.id]);
    expect(ids(null, code.toLowerCase()).ids).toEqual([target.id]);
    expect(ids(null, String(target.id)).ids).toContain(target.id);
    expect(ids(null, 'zzzqqq').total).toBe(0);
  });

  it('is a GET form that works without JS: the page keeps the text and order, the paginator carries them, the canonical does not', async () => {
    // A letter that more than a page of products have a word beginning with.
    const counts = new Map<string, number>();
    for (const row of listed()) for (const w of new Set(row.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/\p{L}+/gu) ?? [])) counts.set(w[0], (counts.get(w[0]) ?? 0) + 1);
    const a = [...counts].sort((x, y) => y[1] - x[1])[0][0];
    expect(ids(null, a).total).toBeGreaterThan(12);
    const page = await get(shop, `/${department.slug}?sort=price&q=${a}`);
    expect(page.status).toBe(200);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    const form = page.doc.querySelector('form.list-tools')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(`/${department.slug}`);
    expect((form.querySelector('input[name="q"]') as HTMLInputElement).getAttribute('value')).toBe(a);
    expect(form.querySelector('select[name="sort"] option[selected]')?.getAttribute('value')).toBe('price');
    expect([...form.querySelectorAll('select[name="sort"] option')].map((o) => o.getAttribute('value'))).toEqual(['', ...LIST_SORTS]);
    expect(page.doc.querySelector('.paginator a[href*="/2"]')?.getAttribute('href')).toBe(`/${department.slug}/2?q=${a}&sort=price`);
    expect(page.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(new RegExp(`/${department.slug}$`));
    expect(page.doc.querySelector('link[rel="next"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${department.slug}/2?q=${a}&sort=price`);
    // "Zrušiť hľadanie" keeps the order; the filter form keeps both through its redirect.
    expect(page.doc.querySelector('.list-tools a.button')?.getAttribute('href')).toBe(`/${department.slug}?sort=price`);
    expect([...page.doc.querySelectorAll('form.category-filter input[type="hidden"]')].map((i) => `${i.getAttribute('name')}=${i.getAttribute('value')}`)).toEqual(['_f=1', `q=${a}`, 'sort=price']);
    const filtered = await get(shop, `/${department.slug}?_f=1&q=${a}&sort=price`);
    expect(filtered.status).toBe(303);
    expect(filtered.location).toBe(`/${department.slug}?q=${a}&sort=price`);
  });

  it('shows an empty result with the form still there, and reads odd input as no tool at all', async () => {
    const none = await get(shop, `/${department.slug}?q=${encodeURIComponent('žžžqqq')}`);
    expect(none.status).toBe(200);
    expect(none.doc.querySelector('.product-list-empty')?.textContent).toBe('Nenašli sme žiadne produkty');
    expect(none.doc.querySelector('form.list-tools input[name="q"]')?.getAttribute('value')).toBe('žžžqqq');
    expect(readListTools((name) => ({ sort: 'DROP TABLE', q: `  ${'x'.repeat(300)}  ` })[name])).toEqual({ sort: null, text: 'x'.repeat(100) });
    // A non-canonical spelling of the address keeps the tools on its way to the canonical one.
    const spelled = await get(shop, `/${department.slug}/1?sort=price&q=hrn`);
    expect(spelled.status).toBe(301);
    expect(spelled.location).toBe(`/${department.slug}?q=hrn&sort=price`);
    // An empty box or an unknown order leaves the address ("?q=&sort=price" is what the form sends).
    for (const [query, clean] of [['?sort=nonsense', ''], ['?q=&sort=price', '?sort=price'], ['?q=%20%20&sort=', ''], ['?sort=&q=hrniec', '?q=hrniec']]) {
      const odd = await get(shop, `/${department.slug}/2${query}`);
      expect(odd.status, query).toBe(303);
      expect(odd.location, query).toBe(`/${department.slug}/2${clean}`);
    }
  });

  it('reads the Czech shop’s names: a Czech word finds the Czech product, the form speaks Czech', async () => {
    const rows = listed('cs');
    const target = rows.find((r) => /[ěřů]/.test(r.name))!;
    const word = target.name.split(' ').find((w) => /[ěřů]/.test(w))!;
    const page = await get(shop, `/${department.cs_slug}?q=${encodeURIComponent(word.normalize('NFD').replace(/\p{M}/gu, ''))}`, CZ);
    expect(page.status).toBe(200);
    expect([...page.doc.querySelectorAll('.product-card')].map((card) => card.getAttribute('data-product-id'))).toContain(String(target.id));
    expect(page.doc.querySelector('form.list-tools select option[value="price"]')?.textContent).toBe('Od nejlevnějších');
    expect(page.doc.querySelector('form.list-tools input[name="q"]')?.getAttribute('placeholder')).toBe('Název nebo kód produktu');
  });
});
