import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { productTextsByLocale, setCategoryTexts, setProductTexts } from '../../server/catalog/catalogue-texts';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { createTestShop, type TestShop } from '../setup/test-app';
import { shopperRequests } from '../setup/visitor';
import { CZ, get, sql } from './catalog-helpers';

let shop: TestShop;
let product: { id: number; slug: string; name: string; category_id: number };
let untranslated: { id: number; slug: string; name: string };
let category: { id: number; slug: string; name: string };
const CS_NAME = 'Kuchyňský hrnec Zkouška Ťukot';
const CS_SLUG = 'kuchynsky-hrnec-zkouska-tukot';

beforeAll(() => {
  shop = createTestShop({ products: 60 });
  const sellable = sql<{ id: number; slug: string; name: string; category_id: number }>(
    shop,
    `SELECT p.id, p.slug, p.name, p.category_id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 2
      WHERE p.parent_id IS NULL AND p.children_count = 0 AND ${SELLABLE_SQL} ORDER BY p.id LIMIT 2`,
  );
  [product] = sellable;
  untranslated = sellable[1];
  category = sql<{ id: number; slug: string; name: string }>(shop, 'SELECT id, slug, name FROM categories WHERE id = ?', product.category_id)[0];
  const before = readCatalogVersion(shop.db);
  setProductTexts(shop.db, product.id, 'cs', { name: CS_NAME, slug: CS_SLUG, description: '<p>Český popis</p>' });
  setProductTexts(shop.db, product.id, 'en', { name: 'Test pot Tukot' });
  setCategoryTexts(shop.db, category.id, 'cs', { name: 'Zkušební hrnce', slug: 'zkusebni-hrnce' });
  // The seed's texts of the second product are removed: it shows the Slovak fallback.
  shop.db.$client.prepare('DELETE FROM product_texts WHERE product_id = ?').run(untranslated.id);
  expect(readCatalogVersion(shop.db)).toBeGreaterThan(before);
});
afterAll(() => shop.close());

describe('catalogue texts per locale', () => {
  it('keeps what an editor set per locale (a later write of one column keeps the others)', () => {
    setProductTexts(shop.db, product.id, 'en', { description: '<p>English</p>' });
    expect(productTextsByLocale(shop.db, product.id)).toMatchObject({
      cs: { name: CS_NAME, slug: CS_SLUG },
      en: { name: 'Test pot Tukot', slug: null, description: '<p>English</p>' },
    });
  });

  it('the Czech shop shows the Czech name at the Czech address, and 301s the Slovak slug to it', async () => {
    const page = await get(shop, `/${CS_SLUG}`, CZ);
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('h1')?.textContent).toContain(CS_NAME);
    expect(page.html).toContain('Český popis');
    const links = [...page.doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(links).toContainEqual(['cs', `http://cz.localhost:3000/${CS_SLUG}`]);
    expect(links).toContainEqual(['sk', `http://127.0.0.1:3000/${product.slug}`]);
    // The breadcrumb names the category in Czech at its Czech address.
    expect(page.html).toContain('href="/zkusebni-hrnce"');

    const old = await get(shop, `/${product.slug}`, CZ);
    expect(old.status).toBe(301);
    expect(old.location).toBe(`/${CS_SLUG}`);
    // The Slovak shop keeps its Slovak address and name; a Czech slug there leads to the Slovak one.
    const sk = await get(shop, `/${product.slug}`);
    expect(sk.status).toBe(200);
    expect(sk.doc.querySelector('h1')?.textContent).toContain(product.name);
    expect((await get(shop, `/${CS_SLUG}`)).location).toBe(`/${product.slug}`);
    // English on the Slovak shop: the English name at the Slovak address.
    const en = await get(shop, `/${product.slug}`, { cookie: 'locale=en' });
    expect(en.doc.querySelector('h1')?.textContent).toContain('Test pot Tukot');
  });

  it('falls back to the Slovak name and address where a locale has no text', async () => {
    const page = await get(shop, `/${untranslated.slug}`, CZ);
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('h1')?.textContent).toContain(untranslated.name);
  });

  it('category pages, the menu and cards follow the Czech texts; the Slovak category slug answers 301', async () => {
    const list = await get(shop, '/zkusebni-hrnce', CZ);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector('h1')?.textContent).toContain('Zkušební hrnce');
    expect(list.html).toContain(`href="/${CS_SLUG}"`);
    expect(list.html).toContain(CS_NAME);
    const alternates = [...list.doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => l.getAttribute('href'));
    expect(alternates).toContain(`http://127.0.0.1:3000/${category.slug}`);
    expect(alternates).toContain('http://cz.localhost:3000/zkusebni-hrnce');
    const old = await get(shop, `/${category.slug}`, CZ);
    expect(old.status).toBe(301);
    expect(old.location).toBe('/zkusebni-hrnce');
  });

  it('the demo seed describes every product category in Czech and English, and the Czech shop shows it', async () => {
    const missing = sql<{ id: number }>(
      shop,
      `SELECT c.id FROM categories c WHERE c.type = 'product' AND c.id <> ? AND NOT EXISTS (
         SELECT 1 FROM category_texts t WHERE t.category_id = c.id AND t.locale = ? AND t.description IS NOT NULL AND t.description <> c.description)`,
      category.id,
      'cs',
    );
    expect(missing).toEqual([]);
    const department = sql<{ slug: string; description: string; cs_slug: string; cs_description: string; en_description: string }>(
      shop,
      `SELECT c.slug, c.description, cs.slug AS cs_slug, cs.description AS cs_description, en.description AS en_description FROM categories c
         JOIN category_texts cs ON cs.category_id = c.id AND cs.locale = 'cs' JOIN category_texts en ON en.category_id = c.id AND en.locale = 'en'
        WHERE c.type = 'product' AND c.depth = 0 AND c.id <> ? ORDER BY c.position LIMIT 1`,
      category.id,
    )[0];
    expect(department.cs_description).toMatch(/[ěřů]/);
    const page = await get(shop, `/${department.cs_slug}`, CZ);
    expect(page.status).toBe(200);
    expect(page.doc.body.textContent).toContain(department.cs_description);
    expect(page.doc.body.textContent).not.toContain(department.description);
    const english = await get(shop, `/${department.slug}`, { cookie: 'locale=en' });
    expect(english.doc.body.textContent).toContain(department.en_description);
  });

  it('the sitemap lists each shop its own addresses', async () => {
    const cz = await (await shop.app.request('/sitemap.xml', { headers: CZ })).text();
    expect(cz).toContain(`<loc>http://cz.localhost:3000/${CS_SLUG}</loc>`);
    expect(cz).toContain('<loc>http://cz.localhost:3000/zkusebni-hrnce</loc>');
    expect(cz).not.toContain(`<loc>http://cz.localhost:3000/${product.slug}</loc>`);
    expect(cz).toContain(`<loc>http://cz.localhost:3000/${untranslated.slug}</loc>`);
    const sk = await (await shop.app.request('/sitemap.xml', { headers: { host: '127.0.0.1:3000' } })).text();
    expect(sk).toContain(`<loc>http://127.0.0.1:3000/${product.slug}</loc>`);
    expect(sk).not.toContain(CS_SLUG);
  });

  it('search finds a Czech word typed without accents, showing the Czech name', async () => {
    const api = await (await shop.app.request('/api/search?q=tukot', { headers: CZ })).json();
    expect(api.items[0]).toMatchObject({ id: product.id, name: CS_NAME, url: `/${CS_SLUG}` });
    const page = await get(shop, '/hladaj?q=kuchynsky%20hrnec%20zkouska', CZ);
    expect(page.html).toContain(CS_NAME);
    // The Slovak shop in Slovak does not search Czech names.
    const sk = await (await shop.app.request('/api/search?q=zkouska', { headers: { host: '127.0.0.1:3000' } })).json();
    expect(sk.items.map((i: { id: number }) => i.id)).not.toContain(product.id);
  });

  it('the product JSON and the cart lines are in Czech', async () => {
    const json = await (await shop.app.request(`/api/product?product_id=${product.id}`, { headers: CZ })).json();
    const item = (json.items ?? json)[0];
    expect(item).toMatchObject({ id: product.id, name: CS_NAME, url: `/${CS_SLUG}` });

    const { visitor, post } = shopperRequests(() => shop.app);
    const v = await visitor(CZ.host);
    const added = await post(v, '/api/cart/add', { product_id: product.id, quantity: 1 });
    expect(added.response.status).toBe(200);
    expect(added.body.cart.items[0]).toMatchObject({ name: CS_NAME, url: `/${CS_SLUG}` });
  });
});
