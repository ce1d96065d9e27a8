import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { loadCategoryIndex } from '../../server/catalog/category.service';
import { loadCategoryFilter } from '../../server/catalog/filter-choices.service';
import { countProducts, countProductsSql, listProducts, pageIdsSql, type ListQuery } from '../../server/catalog/listing.service';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { post, session, sql, type Session } from './catalog-helpers';

/**
 * The filter count and filtered category lists answer from an in-memory index (filter-index.ts);
 * here every answer is compared with the straightforward SQL (countProductsSql, pageIdsSql) on a
 * seeded catalogue, before and after writes, so the index's invalidation is proven too.
 */
let shop: TestShop;
let s: Session;

beforeAll(async () => {
  shop = createTestShop({ products: 600 });
  s = await session(shop);
});
afterAll(() => shop.close());

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

type Case = Omit<ListQuery, 'offset' | 'limit'> & { label: string };

/** Criteria per category, shop and role: none, 1–3 attribute groups of 1–3 options, a price range, and both. */
function cases(seed: number): Case[] {
  const out: Case[] = [];
  const tree = loadCategoryIndex(shop.db);
  const pick = random(seed);
  // Every department and every third other category: big and small subtrees, leaves and inner nodes.
  const nodes = tree.all().filter((n) => n.type === 'product' && n.visible);
  for (const node of nodes.filter((n, i) => n.parentId === null || i % 3 === 0)) {
    const categoryIds = tree.subtreeIds(node.id);
    for (const shopId of [1, 2]) {
      for (const wholesale of [false, true]) {
        const filter = loadCategoryFilter(shop.db, { categoryId: node.id, subtreeIds: categoryIds, shopId, wholesale });
        const groupsOf = (count: number) =>
          [...filter.optionIds.values()]
            .filter(() => pick(2) === 0)
            .slice(0, count)
            .map((options) => {
              const ids = [...options.values()];
              return [...new Set(Array.from({ length: 1 + pick(3) }, () => ids[pick(ids.length)]))];
            });
        const range = filter.choices.price;
        const priceOf = (): [number, number] | null => {
          if (!range) return null;
          const a = range[0] + pick(range[1] - range[0] + 1);
          const b = range[0] + pick(range[1] - range[0] + 1);
          return [Math.min(a, b), Math.max(a, b)];
        };
        const scope = { kind: 'category' as const, categoryIds };
        const base = { shopId, wholesale, scope, label: `category ${node.id}, shop ${shopId}, ${wholesale ? 'b2b' : 'b2c'}` };
        out.push({ ...base, optionGroups: [], price: null });
        for (const g of [1, 2, 3]) out.push({ ...base, optionGroups: groupsOf(g), price: null });
        out.push({ ...base, optionGroups: [], price: priceOf() });
        out.push({ ...base, optionGroups: groupsOf(2), price: priceOf() });
        // Exactly the bounds: both ends are inclusive.
        if (range) out.push({ ...base, optionGroups: [], price: range });
        if (range) out.push({ ...base, optionGroups: [], price: [range[1], range[0]] });
      }
    }
  }
  return out;
}

/** Compares counts and a few pages of ids; returns how many cases had matches (so the test is not vacuous). */
function compareAll(seed: number): { cases: number; nonEmpty: number } {
  let nonEmpty = 0;
  const all = cases(seed);
  for (const c of all) {
    const expected = countProductsSql(shop.db, c);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), c), c.label).toBe(expected);
    if (expected > 0) nonEmpty++;
    for (const [offset, limit] of [[0, 12], [Math.max(0, expected - 5), 12]]) {
      const q: ListQuery = { ...c, offset, limit };
      const listed = listProducts(shop.db, readCatalogVersion(shop.db), q);
      expect(listed.items.map((p) => p.id), `${c.label} @${offset}`).toEqual(pageIdsSql(shop.db, q));
      expect(listed.total).toBe(expected);
    }
  }
  return { cases: all.length, nonEmpty };
}

describe('filter count and filtered lists from the in-memory index', () => {
  it('give exactly what the straightforward SQL gives, for every category, shop, role and many criteria', () => {
    const { cases: n, nonEmpty } = compareAll(1);
    expect(n).toBeGreaterThan(200);
    expect(nonEmpty).toBeGreaterThan(n / 3);
    expect(compareAll(2).nonEmpty).toBeGreaterThan(0);
  }, 60_000);

  it('answer POST /api/product/filter-count and filtered POST /api/product like the SQL', async () => {
    const tree = loadCategoryIndex(shop.db);
    const node = tree.all().find((n) => n.type === 'product' && n.parentId === null && n.visible)!;
    const categoryIds = tree.subtreeIds(node.id);
    const filter = loadCategoryFilter(shop.db, { categoryId: node.id, subtreeIds: categoryIds, shopId: 1, wholesale: false });
    const [code, options] = [...filter.optionIds.entries()][0];
    const keys = [...options.keys()].slice(0, 2);
    const price = filter.choices.price!;
    const criteria = { [code]: keys, price: [price[0], Math.floor((price[0] + price[1]) / 2)] };
    const q = { shopId: 1, wholesale: false, scope: { kind: 'category' as const, categoryIds }, optionGroups: [keys.map((k) => options.get(k)!)], price: criteria.price as [number, number] };
    const count = await post(shop, s, '/api/product/filter-count', { category_id: node.id, filter_criteria: criteria });
    expect(count.status).toBe(200);
    expect(count.json.count).toBe(countProductsSql(shop.db, q));
    expect(count.json.count).toBeGreaterThan(0);
    const list = await post(shop, s, '/api/product', { category_id: node.id, filter_criteria: criteria, _offset: 1, _limit: 5 });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(count.json.count);
    expect(list.json.items.map((p: { id: number }) => p.id)).toEqual(pageIdsSql(shop.db, { ...q, offset: 1, limit: 5 }));
  });
});

describe('invalidation by the catalogue version', () => {
  const listed = () =>
    sql<{ id: number; category_id: number; price_b2c: number }>(
      shop,
      `SELECT p.id, p.category_id, pp.price_b2c FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1
        WHERE p.parent_id IS NULL AND p.visible <> 0 AND EXISTS (SELECT 1 FROM product_attribute_values v WHERE v.product_id = p.id) ORDER BY p.id`,
    );
  /** The product's leaf category as a scope, filtered by one of its options and an exact price. */
  const scopeOf = (product: { id: number; category_id: number; price_b2c: number }) => {
    const option = sql<{ option_id: number }>(shop, 'SELECT option_id FROM product_attribute_values WHERE product_id = ? ORDER BY option_id LIMIT 1', product.id)[0].option_id;
    return { shopId: 1, wholesale: false, scope: { kind: 'category' as const, categoryIds: [product.category_id] }, optionGroups: [[option]], price: null } satisfies Omit<ListQuery, 'offset' | 'limit'>;
  };

  it('follows a price change (setProductPrice) into and out of a price range', async () => {
    const product = listed()[3];
    const base = scopeOf(product);
    const q = { ...base, price: [product.price_b2c, product.price_b2c] as [number, number] };
    const before = countProducts(shop.db, readCatalogVersion(shop.db), q);
    expect(before).toBe(countProductsSql(shop.db, q));
    expect(before).toBeGreaterThan(0);
    const version = readCatalogVersion(shop.db);
    await setProductPrice(shop.db, shop.clock, { send: async () => {} }, { productId: product.id, shopId: 1, priceB2c: product.price_b2c + 1_000_000 });
    expect(readCatalogVersion(shop.db)).toBeGreaterThan(version);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before - 1);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(countProductsSql(shop.db, q));
    const moved = { ...base, price: [product.price_b2c + 1_000_000, product.price_b2c + 1_000_000] as [number, number] };
    expect(countProducts(shop.db, readCatalogVersion(shop.db), moved)).toBeGreaterThan(0);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), moved)).toBe(countProductsSql(shop.db, moved));
  });

  it('is rebuilt after a stock change (setProductStock, orders) with the same counts: stock is not part of a count', async () => {
    const product = listed()[5];
    const q = scopeOf(product);
    const before = countProducts(shop.db, readCatalogVersion(shop.db), q);
    const version = readCatalogVersion(shop.db);
    await setProductStock(shop.db, shop.clock, { send: async () => {} }, { productId: product.id, quantity: 0 });
    shop.db.$client.prepare('UPDATE products SET quantity = quantity + 3, availability_days = 4 WHERE id = ?').run(product.id);
    expect(readCatalogVersion(shop.db)).toBeGreaterThan(version);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(countProductsSql(shop.db, q));
  });

  it('follows hiding a product, moving it, re-ordering it and its attribute values', async () => {
    const product = listed()[7];
    const q = scopeOf(product);
    const option = q.optionGroups[0][0];
    const before = countProducts(shop.db, readCatalogVersion(shop.db), q);
    const sqlite = shop.db.$client;
    sqlite.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(product.id);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before - 1);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(countProductsSql(shop.db, q));
    sqlite.prepare('UPDATE products SET visible = 4 WHERE id = ?').run(product.id);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before);
    sqlite.prepare('DELETE FROM product_attribute_values WHERE product_id = ? AND option_id = ?').run(product.id, option);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before - 1);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(countProductsSql(shop.db, q));
    sqlite.prepare('INSERT INTO product_attribute_values (product_id, option_id) VALUES (?, ?)').run(product.id, option);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before);
    // First in the list order, then the page shows it first.
    sqlite.prepare('UPDATE products SET position = -1000 WHERE id = ?').run(product.id);
    const page = { ...q, offset: 0, limit: 3 };
    expect(listProducts(shop.db, readCatalogVersion(shop.db), page).items[0].id).toBe(product.id);
    expect(listProducts(shop.db, readCatalogVersion(shop.db), page).items.map((p) => p.id)).toEqual(pageIdsSql(shop.db, page));
    // Moved to another category: gone from this one.
    const other = sql<{ id: number }>(shop, "SELECT id FROM categories WHERE type = 'product' AND id <> ? ORDER BY id LIMIT 1", product.category_id)[0].id;
    sqlite.prepare('UPDATE products SET category_id = ? WHERE id = ?').run(other, product.id);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(before - 1);
    expect(countProducts(shop.db, readCatalogVersion(shop.db), q)).toBe(countProductsSql(shop.db, q));
    sqlite.prepare('UPDATE products SET category_id = ? WHERE id = ?').run(product.category_id, product.id);
    // And the whole catalogue still agrees.
    expect(compareAll(3).nonEmpty).toBeGreaterThan(0);
  }, 60_000);

  it('is raised by the demo seed, with the triggers in place afterwards', () => {
    const triggers = sql<{ name: string }>(shop, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'catalog_version_%'");
    // Insert, update and delete on each table whose rows pages show (migrations 0015, 0022: polls and
    // their choices too; 0025 stories, only while approved; 0027 price history; 0028 product and
    // category texts; 0030 the sets' components; 0032 content_texts, the small texts per locale; 0033 pickup
    // points; 0034 guide and page texts).
    expect(triggers).toHaveLength(101);
    expect(readCatalogVersion(shop.db)).toBeGreaterThan(0);
  });
});
