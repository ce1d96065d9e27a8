import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, get, post, productsWithOptions, richCategory, session, sql, subtreeProductIds, type Session } from './catalog-helpers';

let shop: TestShop;
let s: Session;
let root: { id: number; slug: string };
let brands: string[];
let second: { code: string; keys: string[] };

beforeAll(async () => {
  shop = createTestShop({ products: 300 });
  s = await session(shop);
  root = richCategory(shop);
  const choices = (await post(shop, s, '/api/product/filter', { category_id: root.id })).json;
  brands = Object.keys(choices.attributes.znacka.options).sort();
  second = { code: choices.order[1], keys: Object.keys(choices.attributes[choices.order[1]].options).sort() };
});
afterAll(() => shop.close());

const cardIds = (doc: Document) => [...doc.querySelectorAll('.product-card')].map((el) => Number(el.getAttribute('data-product-id')));
const jsonLd = (doc: Document) => [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((el) => JSON.parse(el.textContent!));

describe('category page', () => {
  it('lists 12 visible top-level products of the category and its descendants, position order', async () => {
    const { status, doc } = await get(shop, `/${root.slug}`);
    expect(status).toBe(200);
    const all = subtreeProductIds(shop, root.id);
    const ids = cardIds(doc);
    expect(ids).toHaveLength(Math.min(12, all.length));
    expect(ids.every((id) => all.includes(id))).toBe(true);
    const expected = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE id IN (SELECT value FROM json_each(?)) ORDER BY position, id LIMIT 12', JSON.stringify(all)).map((r) => r.id);
    expect(ids).toEqual(expected);
    expect(doc.querySelector('h1')?.textContent).toBe(sql<{ name: string }>(shop, 'SELECT name FROM categories WHERE id = ?', root.id)[0].name);
    expect(doc.querySelector('.category-page__count')?.textContent).toContain(String(all.length));
  });

  it('shows products with visible 4 and hides visible 0 and variants', async () => {
    const leaf = sql<{ id: number; slug: string }>(shop, "SELECT id, slug FROM categories WHERE type = 'product' AND depth = 2 AND id IN (SELECT category_id FROM products WHERE parent_id IS NULL GROUP BY category_id HAVING count(*) BETWEEN 3 AND 12) LIMIT 1")[0];
    const products = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE category_id = ? AND parent_id IS NULL ORDER BY position, id', leaf.id).map((r) => r.id);
    shop.db.$client.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(products[0]);
    shop.db.$client.prepare('UPDATE products SET visible = 4 WHERE id = ?').run(products[1]);
    const ids = cardIds((await get(shop, `/${leaf.slug}`)).doc);
    expect(ids).not.toContain(products[0]);
    expect(ids).toContain(products[1]);
    const variants = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE parent_id IS NOT NULL').map((r) => r.id);
    expect(ids.some((id) => variants.includes(id))).toBe(false);
  });

  it('offers "Do košíka" on a card only where the product page does: purchasable, no variants, not unavailable', async () => {
    const leaf = sql<{ id: number; slug: string }>(shop, "SELECT id, slug FROM categories WHERE type = 'product' AND depth = 2 AND id IN (SELECT category_id FROM products WHERE parent_id IS NULL AND children_count = 0 GROUP BY category_id HAVING count(*) BETWEEN 3 AND 12) LIMIT 1")[0];
    const [unavailable, later] = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE category_id = ? AND parent_id IS NULL AND children_count = 0 ORDER BY position, id LIMIT 2', leaf.id).map((r) => r.id);
    const sqlite = shop.db.$client;
    sqlite.prepare('UPDATE products SET visible = 2, availability_days = -1 WHERE id = ?').run(unavailable);
    sqlite.prepare('UPDATE products SET visible = 2, availability_days = 3 WHERE id = ?').run(later);
    const { doc } = await get(shop, `/${leaf.slug}`);
    const buyable = (id: number) => doc.querySelector(`.product-card[data-product-id="${id}"] shop-add-to-cart`) !== null;
    expect(doc.querySelector(`.product-card[data-product-id="${unavailable}"] .product-card__availability`)?.textContent).toBe('Nedostupné');
    expect(buyable(unavailable)).toBe(false);
    expect(buyable(later)).toBe(true);
    for (const id of [unavailable, later]) {
      const page = await get(shop, `/${sql<{ slug: string }>(shop, 'SELECT slug FROM products WHERE id = ?', id)[0].slug}`);
      expect(page.doc.querySelector('.product-detail__buy shop-add-to-cart') !== null, `product page of ${id}`).toBe(buyable(id));
    }
  });

  it('has a breadcrumb, JSON-LD BreadcrumbList and ItemList, canonical, hreflang, description and rel next', async () => {
    const leaf = sql<{ id: number; slug: string; path: string }>(shop, "SELECT id, slug, path FROM categories WHERE type = 'product' AND depth = 2 AND id IN (SELECT category_id FROM products WHERE visible <> 0 AND parent_id IS NULL) LIMIT 1")[0];
    const { doc } = await get(shop, `/${leaf.slug}`);
    const crumbs = [...doc.querySelectorAll('.breadcrumb li')].map((li) => li.textContent!.trim());
    expect(crumbs).toHaveLength(4);
    expect(crumbs[0]).toBe('Domov');
    expect(doc.querySelector('.breadcrumb [aria-current="page"]')?.textContent).toBe(doc.querySelector('h1')?.textContent);
    const ld = jsonLd(doc);
    const breadcrumbList = ld.find((x) => x['@type'] === 'BreadcrumbList');
    expect(breadcrumbList.itemListElement.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 4]);
    expect(breadcrumbList.itemListElement[3].item).toBe(`http://127.0.0.1:3000/${leaf.slug}`);
    const itemList = ld.find((x) => x['@type'] === 'ItemList');
    expect(itemList.itemListElement[0]).toMatchObject({ '@type': 'ListItem', position: 1, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\//) });
    // Issue 22: the same cards as GA4's view_item_list, for the site entry to push.
    const listed = JSON.parse(doc.querySelector('script#shop-analytics')!.textContent!);
    const cardIds = [...doc.querySelectorAll('.product-card[data-product-id]')].map((c) => c.getAttribute('data-product-id'));
    expect(listed.event).toBe('view_item_list');
    expect(listed.ecommerce.item_list_name).toBe(doc.querySelector('h1')?.textContent);
    expect(listed.ecommerce.items.map((i: { item_id: string }) => i.item_id)).toEqual(cardIds.slice(0, listed.ecommerce.items.length));
    expect(listed.ecommerce.items[0]).toMatchObject({ index: 0, item_name: itemList.itemListElement[0].name });
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${leaf.slug}`);
    const alternates = Object.fromEntries([...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates).toEqual({ 'sk-SK': `http://127.0.0.1:3000/${leaf.slug}`, 'cs-CZ': `http://cz.localhost:3000/${leaf.slug}`, 'x-default': `http://127.0.0.1:3000/${leaf.slug}` });
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    expect(doc.querySelector('link[rel="prev"]')).toBeNull();
  });

  it('pages by 12 with rel prev/next, page 1 is the bare slug, past the last page is a 404', async () => {
    const total = subtreeProductIds(shop, root.id).length;
    const last = Math.ceil(total / 12);
    expect(last).toBeGreaterThan(1);
    const two = await get(shop, `/${root.slug}/2`);
    expect(two.status).toBe(200);
    expect(two.doc.querySelector('link[rel="prev"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${root.slug}`);
    expect(two.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${root.slug}/2`);
    expect(two.doc.querySelector('link[rel="next"]')?.getAttribute('href') ?? null).toBe(last > 2 ? `http://127.0.0.1:3000/${root.slug}/3` : null);
    expect((await get(shop, `/${root.slug}`)).doc.querySelector('link[rel="next"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000/${root.slug}/2`);
    const first = cardIds((await get(shop, `/${root.slug}`)).doc);
    expect(cardIds(two.doc).some((id) => first.includes(id))).toBe(false);
    expect(jsonLd(two.doc).find((x) => x['@type'] === 'ItemList').itemListElement[0].position).toBe(13);
    const lastPage = await get(shop, `/${root.slug}/${last}`);
    expect(cardIds(lastPage.doc)).toHaveLength(total - (last - 1) * 12);
    expect(lastPage.doc.querySelector('link[rel="next"]')).toBeNull();
    expect((await get(shop, `/${root.slug}/${last + 1}`)).status).toBe(404);
    for (const bad of ['0', 'abc', '-1', '1e3', '99999999999999999999']) expect((await get(shop, `/${root.slug}/${bad}`)).status, bad).toBe(404);
    expect((await get(shop, `/${root.slug}/1`)).location).toBe(`/${root.slug}`);
    expect((await get(shop, `/${root.slug}/02`)).location).toBe(`/${root.slug}/2`);
    expect((await get(shop, `/${root.slug}/`)).location).toBe(`/${root.slug}`);
  });

  it('leaves blog categories and unknown slugs to others (never a category list)', async () => {
    const blog = sql<{ slug: string }>(shop, "SELECT slug FROM categories WHERE type = 'blog' LIMIT 1")[0].slug;
    expect((await get(shop, `/${blog}`)).doc.querySelector('shop-category-filter')).toBeNull();
    expect((await get(shop, '/neexistujuca-kategoria')).status).toBe(404);
    expect((await get(shop, '/neexistujuca-kategoria/2/farba:modra')).status).toBe(404);
  });

  it('shows the Czech shop prices in CZK and never a 500 for odd input', async () => {
    // The Czech shop answers the category's Czech slug (the demo seed writes one) and 301s the Slovak one.
    const csSlug = sql<{ slug: string }>(shop, "SELECT slug FROM category_texts WHERE category_id = ? AND locale = 'cs'", root.id)[0].slug;
    expect((await get(shop, `/${root.slug}`, CZ)).location).toBe(`/${csSlug}`);
    const cz = await get(shop, `/${csSlug}`, CZ);
    expect(cz.doc.querySelector('.product-card__price')?.textContent).toContain('Kč');
    expect(cz.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://cz.localhost:3000/${csSlug}`);
    for (const path of [`/${root.slug}/1/%FF`, `/${root.slug}/1/a:b:c`, `/${root.slug}/1/:::`, `/${root.slug}/1/znacka:`, `/${root.slug}/2/x/y`]) {
      expect([301, 404], path).toContain((await get(shop, path)).status);
    }
    expect(shop.errors).toEqual([]);
  });
});

describe('filter addresses', () => {
  it('lists exactly the matching products (OR within an attribute, AND across)', async () => {
    const [a, b] = brands;
    const k = second.keys[0];
    const path = `/${root.slug}/1/znacka:${a},${b};${second.code}:${k}`;
    const { status, doc } = await get(shop, path);
    expect(status).toBe(200);
    const either = productsWithOptions(shop, 'znacka', [a, b]);
    const other = productsWithOptions(shop, second.code, [k]);
    const expected = subtreeProductIds(shop, root.id).filter((id) => either.has(id) && other.has(id));
    expect(doc.querySelector('.category-page__count')?.textContent).toContain(String(expected.length));
    expect(cardIds(doc).every((id) => expected.includes(id))).toBe(true);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://127.0.0.1:3000${path}`);
    expect(doc.querySelector(`input[name="znacka"][value="${a}"]`)?.hasAttribute('checked')).toBe(true);
  });

  it('redirects every other spelling to the one canonical address with 301', async () => {
    const [a, b] = brands;
    const k = second.keys[0];
    const canonical = `/${root.slug}/1/znacka:${a},${b};${second.code}:${k}`;
    const spellings = [
      `/${root.slug}/1/znacka:${b},${a};${second.code}:${k}`,
      `/${root.slug}/1/${second.code}:${k};znacka:${a},${b}`,
      `/${root.slug}/1/anything/znacka:${a},${b};${second.code}:${k}`,
      `/${root.slug}/1/znacka:${a},${b},${a};${second.code}:${k}`,
      `/${root.slug}/1/znacka:${a};znacka:${b};${second.code}:${k}`,
      `/${root.slug}/1/znacka:${a},${b};${second.code}:${k};neexistuje:x`,
      `/${root.slug}/1/znacka:${a},${b},neexistuje;${second.code}:${k};;`,
      `/${root.slug}/01/znacka:${a},${b};${second.code}:${k}`,
    ];
    for (const path of spellings) {
      const { status, location } = await get(shop, path);
      expect(status, path).toBe(301);
      expect(location, path).toBe(canonical);
    }
  });

  it('reads prices in major units, cleans malformed ones and clears to the bare slug', async () => {
    const ok = await get(shop, `/${root.slug}/1/price:10.5-200`);
    expect(ok.status).toBe(200);
    const redirects: [string, string][] = [
      [`/${root.slug}/1/price:abc`, `/${root.slug}`],
      [`/${root.slug}/1/price:200-10.5`, `/${root.slug}/1/price:10.5-200`],
      [`/${root.slug}/1/price:10.50-200.00`, `/${root.slug}/1/price:10.5-200`],
      [`/${root.slug}/1/price:10.555-200`, `/${root.slug}`],
      [`/${root.slug}/1/price:-5-10`, `/${root.slug}`],
      [`/${root.slug}/1/price:99999999999-1`, `/${root.slug}`],
      [`/${root.slug}/3/neexistuje:x`, `/${root.slug}/3`],
      [`/${root.slug}/1/x/price:10-20`, `/${root.slug}/1/price:10-20`],
      // Issue 23: a decimal comma in the address is a price, not a dropped filter.
      [`/${root.slug}/1/price:10,5-200`, `/${root.slug}/1/price:10.5-200`],
      [`/${root.slug}/1/price:10,50-200,00`, `/${root.slug}/1/price:10.5-200`],
    ];
    for (const [path, target] of redirects) expect((await get(shop, path)).location, path).toBe(target);
    const prices = ok.doc.querySelectorAll('.product-card__price strong');
    for (const p of prices) {
      const euros = Number(p.textContent!.replace(/[^\d,]/g, '').replace(',', '.'));
      expect(euros).toBeGreaterThanOrEqual(10.5);
      expect(euros).toBeLessThanOrEqual(200);
    }
    expect(ok.doc.querySelector('link[rel="alternate"][hreflang]')).toBeNull();
    expect(ok.doc.querySelector('.category-filter__cancel')?.getAttribute('href')).toBe(`/${root.slug}`);
  });

  it('works without JavaScript: the filter form lands on the canonical filtered address', async () => {
    const { doc } = await get(shop, `/${root.slug}`);
    const form = doc.querySelector('shop-category-filter form.category-filter')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(`/${root.slug}`);
    // Tick two brands and a second attribute, type a price with a decimal comma, submit as a browser would.
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll('input')) {
      const el = input as HTMLInputElement;
      const name = el.getAttribute('name')!;
      const value = el.getAttribute('value') ?? '';
      if (el.getAttribute('type') === 'hidden') fields.append(name, value);
      else if (el.getAttribute('type') === 'checkbox' && ((name === 'znacka' && brands.slice(0, 2).includes(value)) || (name === second.code && value === second.keys[0]))) fields.append(name, value);
      else if (name === 'price_min') fields.append(name, '5,5');
      else if (name === 'price_max') fields.append(name, '');
    }
    const submitted = await get(shop, `${form.getAttribute('action')}?${fields}`);
    expect(submitted.status).toBe(303);
    // Issue 23: the placeholders are the category's bounds as a Slovak shopper writes them ("3,99").
    const placeholder = form.querySelector('input[name="price_max"]')!.getAttribute('placeholder')!;
    expect(placeholder).toMatch(/^\d+(,\d\d)?$/);
    expect(form.querySelector('input[name="price_min"]')!.getAttribute('placeholder')).toMatch(/^\d+(,\d\d)?$/);
    const max = Number(placeholder.replace(',', '.'));
    expect(submitted.location).toBe(`/${root.slug}/1/znacka:${brands[0]},${brands[1]};${second.code}:${second.keys[0]};price:5.5-${max}`);
    const landed = await get(shop, submitted.location!);
    expect(landed.status).toBe(200);
    expect(landed.doc.querySelector('input[name="price_min"]')?.getAttribute('value')).toBe('5,50');
    const cleared = await get(shop, `/${root.slug}?_f=1`);
    expect(cleared.location).toBe(`/${root.slug}`);
    expect(form.querySelector('button[type="submit"]')?.textContent).toContain('Použiť');
    expect(form.querySelector('a.category-filter__cancel')?.textContent).toContain('Zrušiť');
  });

  it('draws colour swatches as SVG fills, never style attributes', async () => {
    const colourCategory = sql<{ slug: string }>(shop, "SELECT c.slug FROM categories c JOIN category_attributes ca ON ca.category_id = c.id JOIN attributes a ON a.id = ca.attribute_id WHERE a.code = 'farba' AND c.parent_id IS NULL LIMIT 1")[0];
    const { doc, html } = await get(shop, `/${colourCategory.slug}`);
    expect(doc.querySelector('.category-filter__swatch rect')?.getAttribute('fill')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(html).not.toMatch(/\sstyle="/);
  });
});
