import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { formatMoney } from '../../server/render/format';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, post, session, SK, sql } from './catalog-helpers';

/**
 * One catalogue version (migration 0012): triggers raise it on every write to what pages show, from
 * any connection, and a request reads it once. Nothing waits for a file event or a time-out: the
 * next request after a commit sees it.
 */
let shop: TestShop;

beforeAll(() => {
  shop = createTestShop({ products: 120 });
});
afterAll(() => shop.close());

/** Another connection to the same file: an import, the catalogue CLI, a second process. */
function elsewhere(write: (other: Database.Database) => void): void {
  const other = new Database(shop.config.dbFile);
  try {
    other.pragma('busy_timeout = 5000');
    write(other);
  } finally {
    other.close();
  }
}

/** The SQL of every statement run until stop(), in order (better-sqlite3's Statement methods, wrapped meanwhile). */
function statementsRun(): { stop: () => string[] } {
  const proto = Object.getPrototypeOf(shop.db.$client.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const seen: string[] = [];
  const originals = (['get', 'all', 'run', 'iterate'] as const).map((name) => [name, proto[name]] as const);
  for (const [name, original] of originals) {
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source.replace(/\s+/g, ' ').trim());
      return original.apply(this, args);
    };
  }
  return {
    stop: () => {
      for (const [name, original] of originals) proto[name] = original;
      return seen;
    },
  };
}

/** The 22 tables whose rows the shop's pages show (migration 0012). */
const CATALOGUE_TABLES = [
  'products', 'product_prices', 'product_attribute_values', 'product_images', 'product_videos', 'video_chapters', 'reviews',
  'attributes', 'attribute_options', 'category_attributes', 'categories', 'sellers', 'blog_posts', 'static_posts', 'banners', 'gifts',
  'overlay_messages', 'shipping_companies', 'shipping_options', 'shipping_payments', 'payment_options', 'shops',
];

describe('the catalogue version', () => {
  it('is raised by an update of any catalogue table, written by another connection', () => {
    for (const table of CATALOGUE_TABLES) {
      const before = readCatalogVersion(shop.db);
      let changed = 0;
      // Rewriting a row with itself is still a write: the trigger fires.
      elsewhere((other) => (changed = other.prepare(`UPDATE ${table} SET rowid = rowid WHERE rowid = (SELECT min(rowid) FROM ${table})`).run().changes));
      if (changed === 0) continue;
      expect(readCatalogVersion(shop.db), table).toBeGreaterThan(before);
    }
    // The tables a shopper's own writes touch are not the catalogue: a cart write leaves it.
    const before = readCatalogVersion(shop.db);
    elsewhere((other) => other.prepare("UPDATE sessions SET expires_at = expires_at WHERE id_hash = 'none'").run());
    expect(readCatalogVersion(shop.db)).toBe(before);
  });

  it('is read with the session: a request with a cookie begins with one statement, not one for each', async () => {
    const s = await session(shop);
    const category = sql<{ id: number }>(shop, "SELECT id FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1")[0].id;
    await post(shop, s, '/api/product', { category_id: category, _limit: 3 });
    const run = statementsRun();
    const list = await post(shop, s, '/api/product', { category_id: category, _limit: 3 });
    const statements = run.stop();
    // The CSRF token was checked against the session read there: the list came.
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(3);
    // Every statement is a read transaction of its own (docs/decisions/270); the list's rows are kept per version.
    expect(statements).toEqual([expect.stringMatching(/^SELECT \(SELECT version FROM catalog_version WHERE id = 1\) AS catalog_version, .* FROM \(SELECT 1\) LEFT JOIN sessions/)]);
    // An API call draws no header: it does not read the cart's figures.
    expect(statements[0]).not.toContain('cart_items');
  });

  it("is read with the session and the header's figures: a cart holder's category page reads the database once", async () => {
    const s = await session(shop);
    const product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL AND quantity > 0 ORDER BY id LIMIT 1')[0];
    await post(shop, s, '/api/cart/add', { product_id: product.id, quantity: 1 });
    const category = sql<{ slug: string }>(shop, "SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1")[0].slug;
    await get(shop, `/${category}`, { cookie: s.cookie });
    const run = statementsRun();
    const page = await get(shop, `/${category}`, { cookie: s.cookie });
    const statements = run.stop();
    expect(page.doc.querySelector('.cart-button__count')?.textContent).toBe('1');
    // The header's cart came with the session; total_changes() reads no table, so begins no transaction.
    expect(statements).toEqual([expect.stringMatching(/^SELECT \(SELECT version FROM catalog_version WHERE id = 1\) AS catalog_version, .* CROSS JOIN \(SELECT COALESCE/), 'SELECT total_changes()']);
  });

  it('is read once per request: a page, its cards and its validator agree', async () => {
    const product = sql<{ slug: string }>(shop, 'SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 1')[0];
    const { response } = await get(shop, `/${product.slug}`);
    // The version, then the banner window edges passed (banner.service.ts).
    expect(response.headers.get('etag')).toMatch(new RegExp(`^"${readCatalogVersion(shop.db)}\\.\\d+-`));
  });
});

describe('a change made in the database by another connection shows on the next request', () => {
  it('a price: on the product page, its category list and the product API', async () => {
    const product = sql<{ id: number; slug: string; category: string }>(
      shop,
      `SELECT p.id, p.slug, c.slug AS category FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.visible = 2 AND p.parent_id IS NULL ORDER BY p.position, p.id LIMIT 1`,
    )[0];
    await get(shop, `/${product.slug}`);
    await get(shop, `/${product.category}`);
    elsewhere((other) => other.prepare('UPDATE product_prices SET price_b2c = 98_765, price_old_b2c = NULL WHERE product_id = ? AND shop_id = 1').run(product.id));
    const price = formatMoney(98_765, 'EUR', 'sk');
    expect((await get(shop, `/${product.slug}`)).doc.querySelector('.product-detail__price')?.textContent).toContain(price);
    const card = (await get(shop, `/${product.category}`)).doc.querySelector(`.product-card[data-product-id="${product.id}"] .product-card__price strong`);
    expect(card?.textContent).toBe(price);
    const api = await shop.app.request(`/api/product?product_id=${product.id}`, { headers: SK });
    expect((await api.json()).items[0].price).toBe(98_765);
  });

  it("a name: in the product's and its category's <title> (their head lines are kept with their main part)", async () => {
    const product = sql<{ id: number; slug: string; category: string; categoryId: number }>(
      shop,
      `SELECT p.id, p.slug, c.slug AS category, c.id AS categoryId FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.visible = 2 AND p.parent_id IS NULL ORDER BY p.id LIMIT 1 OFFSET 1`,
    )[0];
    const title = async (path: string) => (await get(shop, path)).doc.querySelector('title')?.textContent;
    expect(await title(`/${product.slug}`)).not.toContain('Premenované');
    expect(await title(`/${product.category}`)).not.toContain('Premenované');
    elsewhere((other) => {
      other.prepare("UPDATE products SET name = 'Premenované ' || name WHERE id = ?").run(product.id);
      other.prepare("UPDATE categories SET name = 'Premenované ' || name WHERE id = ?").run(product.categoryId);
    });
    expect(await title(`/${product.slug}`)).toMatch(/^Premenované /);
    expect(await title(`/${product.category}`)).toMatch(/^Premenované /);
  });

  it('a stock level: on the product page and in the availability API', async () => {
    const product = sql<{ id: number; slug: string }>(shop, 'SELECT id, slug FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 ORDER BY id LIMIT 1 OFFSET 2')[0];
    await get(shop, `/${product.slug}`);
    elsewhere((other) => other.prepare('UPDATE products SET quantity = 4321 WHERE id = ?').run(product.id));
    expect((await get(shop, `/${product.slug}`)).html).toContain('4321');
    const s = await session(shop);
    const availability = await post(shop, s, '/api/product/availability', { product_id: [product.id] });
    expect(availability.json[product.id].quantity).toBe(4321);
  });

  it('a shipping price: on the home page (free shipping from) and in the cart\'s carrier choice', async () => {
    const home = await get(shop, '/');
    const tag = home.response.headers.get('etag')!;
    const free = sql<{ from: number }>(shop, 'SELECT min(amount_min) AS "from" FROM shipping_options WHERE shop_id = 1 AND price = 0')[0].from;
    expect(home.html).toContain(formatMoney(free, 'EUR', 'sk'));
    elsewhere((other) => other.prepare('UPDATE shipping_options SET amount_min = 12_345 WHERE shop_id = 1 AND price = 0').run());
    const after = await get(shop, '/', { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(after.html).toContain(formatMoney(12_345, 'EUR', 'sk'));

    const product = sql<{ id: number }>(shop, 'SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL AND children_count = 0 AND availability_days >= 0 ORDER BY id LIMIT 1')[0].id;
    const s = await session(shop);
    await post(shop, s, '/api/cart/add', { product_id: product, quantity: 1 });
    const carriers = async () => (await (await shop.app.request('/api/cart', { headers: { ...SK, cookie: s.cookie } })).json()).cart.shipping_options as { id: number; price: number | null }[];
    const before = (await carriers()).find((o) => o.price !== null && o.price > 0)!;
    elsewhere((other) => other.prepare('UPDATE shipping_options SET price = 777 WHERE shop_id = 1 AND company_id = ? AND price > 0').run(before.id));
    expect((await carriers()).find((o) => o.id === before.id)!.price).toBe(777);
  });
});
