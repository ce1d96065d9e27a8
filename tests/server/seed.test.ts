import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb, type Db } from '../../server/db/client';
import { isCatalogEmpty, seedDemo } from '../../server/db/seed/demo';
import { parseArgs, resetCatalogue } from '../../server/db/seed/reset';
import { slugify } from '../../server/db/seed/slug';
import { SHOP_ROWS } from '../../server/shops/shops.service';

const dir = join(process.cwd(), 'tests/.tmp', `seed-${process.pid}`);
const opened: Db[] = [];
let files = 0;

/** A real, migrated SQLite file of its own. */
function freshDb(): Db {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `shop-${++files}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = openDb(file);
  migrateDb(db, process.cwd());
  opened.push(db);
  return db;
}

afterAll(() => {
  for (const db of opened) db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = <T>(db: Db, sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params) as T[];
const one = <T>(db: Db, sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;
const count = (db: Db, table: string) => one<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`).n;
const hasTable = (db: Db, name: string) => one<{ n: number }>(db, `SELECT count(*) AS n FROM sqlite_master WHERE name = ?`, name).n > 0;

const N = 300;

describe('seedDemo', () => {
  let db: Db;
  let counts: ReturnType<typeof seedDemo>;

  beforeAll(() => {
    db = freshDb();
    counts = seedDemo(db, { products: N });
  });

  it('is deterministic: the same count gives identical rows', () => {
    const other = freshDb();
    seedDemo(other, { products: N });
    const dumps = [
      'SELECT * FROM products ORDER BY id',
      'SELECT * FROM categories ORDER BY id',
      'SELECT * FROM product_prices ORDER BY product_id, shop_id',
      'SELECT * FROM product_images ORDER BY id',
      'SELECT * FROM product_attribute_values ORDER BY product_id, option_id',
      'SELECT * FROM category_attributes ORDER BY category_id, attribute_id',
      'SELECT * FROM blog_posts ORDER BY id',
      'SELECT * FROM static_posts ORDER BY id',
    ];
    for (const sql of dumps) expect(JSON.stringify(all(other, sql)), sql).toBe(JSON.stringify(all(db, sql)));
  });

  it('writes exactly the number of product rows asked for, variants included', () => {
    expect(counts.products).toBe(N);
    expect(count(db, 'products')).toBe(N);
    expect(counts.categories).toBe(count(db, 'categories'));
    expect(counts.guides).toBe(count(db, 'blog_posts'));
    for (const n of [0, 1, 2, 7]) {
      const small = freshDb();
      expect(seedDemo(small, { products: n }).products).toBe(n);
      expect(count(small, 'products')).toBe(n);
    }
  });

  it('builds a three-level product tree with materialised paths', () => {
    const rows = all<{ id: number; parent_id: number | null; type: string; path: string; depth: number; visible_menu: number }>(
      db,
      'SELECT id, parent_id, type, path, depth, visible_menu FROM categories',
    );
    const byId = new Map(rows.map((c) => [c.id, c]));
    for (const c of rows) {
      if (c.parent_id === null) {
        expect(c.depth).toBe(0);
        expect(c.path).toBe(`/${c.id}/`);
      } else {
        const parent = byId.get(c.parent_id)!;
        expect(parent.type).toBe(c.type);
        expect(c.depth).toBe(parent.depth + 1);
        expect(c.path).toBe(`${parent.path}${c.id}/`);
      }
    }
    const product = rows.filter((c) => c.type === 'product');
    expect(product.filter((c) => c.depth === 0).length).toBeGreaterThanOrEqual(8);
    expect(new Set(product.map((c) => c.depth))).toEqual(new Set([0, 1, 2]));
    expect(product.some((c) => c.visible_menu === 0)).toBe(true);
    const outsideLeaves = one<{ n: number }>(db, 'SELECT count(*) AS n FROM products p JOIN categories c ON c.id = p.category_id WHERE c.depth != 2 OR c.type != ?', 'product');
    expect(outsideLeaves.n).toBe(0);
  });

  it('keeps slugs ASCII and unique across categories and products', () => {
    const slugs = all<{ slug: string }>(db, 'SELECT slug FROM categories UNION ALL SELECT slug FROM products').map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugify('Šľahačková torta – forma 24 cm')).toBe('slahackova-torta-forma-24-cm');
    expect(slugify('Kuchyňa a varenie')).toBe('kuchyna-a-varenie');
    const first = one<{ name: string; slug: string; code_public: string }>(db, 'SELECT name, slug, code_public FROM products WHERE id = 1');
    expect(first).toEqual({ name: 'Šľahačková torta – forma 24 cm', slug: 'slahackova-torta-forma-24-cm-ob-000001', code_public: 'OB-000001' });
  });

  it('prices every product in both shops, B2B under B2C and old prices above current', () => {
    const rows = all<{ product_id: number; shop_id: number; price_b2c: number; price_old_b2c: number | null; price_b2b: number; price_old_b2b: number | null; vat_rate: number }>(
      db,
      'SELECT * FROM product_prices',
    );
    expect(rows.length).toBe(N * 2);
    const [sk, cz] = SHOP_ROWS;
    for (const p of rows) {
      expect(p.vat_rate).toBe(p.shop_id === sk.id ? sk.vatRate : cz.vatRate);
      expect(p.price_b2b).toBeLessThanOrEqual(p.price_b2c);
      if (p.price_old_b2c !== null) expect(p.price_old_b2c).toBeGreaterThan(p.price_b2c);
      if (p.price_old_b2b !== null) expect(p.price_old_b2b).toBeGreaterThan(p.price_b2b);
      if (p.shop_id === cz.id) expect(p.price_b2c % 100).toBe(0);
      else expect(p.price_b2c).toBeGreaterThanOrEqual(199);
    }
    const perProduct = one<{ n: number }>(db, 'SELECT count(*) AS n FROM products p WHERE (SELECT count(DISTINCT shop_id) FROM product_prices WHERE product_id = p.id) != 2');
    expect(perProduct.n).toBe(0);
    expect(rows.some((p) => p.price_old_b2c !== null)).toBe(true);
  });

  it('gives every product 1–4 drawable images, the first as its main picture', () => {
    const rows = all<{ id: number; image_filename: string; images: number; first: string }>(
      db,
      `SELECT p.id, p.image_filename, count(i.id) AS images,
         (SELECT filename FROM product_images WHERE product_id = p.id ORDER BY position LIMIT 1) AS first
       FROM products p LEFT JOIN product_images i ON i.product_id = p.id GROUP BY p.id`,
    );
    for (const p of rows) {
      expect(p.images).toBeGreaterThanOrEqual(1);
      expect(p.images).toBeLessThanOrEqual(4);
      expect(p.image_filename).toBe(p.first);
      expect(p.image_filename).toMatch(/^[a-z0-9][a-z0-9._-]{0,120}\.svg$/);
    }
  });

  it('links variants to a parent in the same category', () => {
    const variants = all<{ id: number; parent_id: number; category_id: number; parent_category: number; parent_type: string }>(
      db,
      `SELECT v.id, v.parent_id, v.category_id, p.category_id AS parent_category, p.type AS parent_type
       FROM products v JOIN products p ON p.id = v.parent_id WHERE v.type = 'variant'`,
    );
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(v.category_id).toBe(v.parent_category);
    const parents = all<{ children_count: number; actual: number; variant_view: string | null }>(
      db,
      `SELECT p.children_count, (SELECT count(*) FROM products c WHERE c.parent_id = p.id) AS actual, p.variant_view
       FROM products p WHERE p.parent_id IS NULL`,
    );
    for (const p of parents) {
      expect(p.actual).toBe(p.children_count);
      if (p.actual > 0) expect(['grid', 'list']).toContain(p.variant_view);
    }
    expect(count(db, "products WHERE type = 'variant' AND parent_id IS NULL")).toBe(0);
  });

  it('offers filters in every leaf and gives products only options of those filters', () => {
    const leaves = all<{ id: number; filters: number }>(
      db,
      `SELECT c.id, (SELECT count(*) FROM category_attributes a WHERE a.category_id = c.id) AS filters
       FROM categories c WHERE c.type = 'product' AND c.depth = 2`,
    );
    for (const leaf of leaves) {
      expect(leaf.filters).toBeGreaterThanOrEqual(2);
      expect(leaf.filters).toBeLessThanOrEqual(3);
    }
    const stray = one<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM product_attribute_values v
       JOIN products p ON p.id = v.product_id JOIN attribute_options o ON o.id = v.option_id
       WHERE NOT EXISTS (SELECT 1 FROM category_attributes ca WHERE ca.category_id = p.category_id AND ca.attribute_id = o.attribute_id)`,
    );
    expect(stray.n).toBe(0);
    const missing = one<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM products p JOIN category_attributes ca ON ca.category_id = p.category_id
       WHERE NOT EXISTS (SELECT 1 FROM product_attribute_values v JOIN attribute_options o ON o.id = v.option_id
                         WHERE v.product_id = p.id AND o.attribute_id = ca.attribute_id)`,
    );
    expect(missing.n).toBe(0);
    const codes = all<{ code: string }>(db, 'SELECT code FROM attributes').map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['farba', 'material', 'velkost', 'znacka']));
    const swatches = all<{ style: string }>(db, "SELECT o.style FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'farba'");
    for (const s of swatches) expect(JSON.parse(s.style).background).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('writes guides with safe HTML, some with a carousel of real products', () => {
    const guides = all<{ id: number; title: string; slug: string; short: string; body: string; image: string; obtain_mode: string; obtain_price: number | null; type: string }>(
      db,
      'SELECT b.*, c.type FROM blog_posts b JOIN categories c ON c.id = b.category_id',
    );
    expect(guides.length).toBeGreaterThanOrEqual(24);
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length);
    const unsafe = /<script|<iframe|<style|\son\w+\s*=|javascript:/i;
    for (const g of guides) {
      expect(g.type).toBe('blog');
      expect(g.short).toMatch(/^<p>.*<\/p>$/s);
      expect(g.body).toMatch(/<h2>/);
      expect(g.body).toMatch(/<(ul|ol)><li>/);
      expect(g.short).not.toMatch(unsafe);
      expect(g.body).not.toMatch(unsafe);
      expect(g.image).toMatch(/^g\d{5}-[a-z-]+-1\.svg$/);
      if (g.obtain_mode === 'points') expect(g.obtain_price).toBeGreaterThanOrEqual(50);
    }
    const carousels = guides.flatMap((g) => [...g.body.matchAll(/<shop-product-carousel product-ids="([\d,]+)"><\/shop-product-carousel>/g)].map((m) => m[1]));
    expect(carousels.length).toBeGreaterThan(0);
    for (const ids of carousels) {
      for (const id of ids.split(',').map(Number)) expect(one(db, 'SELECT id FROM products WHERE id = ?', id)).toBeTruthy();
    }
    const blogCategories = all<{ n: number }>(db, "SELECT (SELECT count(*) FROM blog_posts WHERE category_id = c.id) AS n FROM categories c WHERE c.type = 'blog' AND c.depth = 1");
    for (const c of blogCategories) expect(c.n).toBeGreaterThan(0);
  });

  it('writes the terms of both shops and the other static pages', () => {
    const pages = all<{ shop_id: number; slug: string; title: string; body: string }>(db, 'SELECT shop_id, slug, title, body FROM static_posts');
    const [sk, cz] = SHOP_ROWS;
    expect(pages).toContainEqual(expect.objectContaining({ shop_id: sk.id, slug: sk.termsSlug, title: 'Obchodné podmienky' }));
    expect(pages).toContainEqual(expect.objectContaining({ shop_id: cz.id, slug: cz.termsSlug, title: 'Obchodní podmínky' }));
    const privacy = pages.find((p) => p.shop_id === sk.id && p.slug === 'ochrana-osobnych-udajov');
    expect(privacy?.body).toContain('122/2013 Z. z.');
    for (const slug of ['doprava-a-platba', 'kontakt']) expect(pages.some((p) => p.shop_id === sk.id && p.slug === slug)).toBe(true);
  });

  it('describes every product in Czech and English too, saying what the Slovak description says (issue 23)', () => {
    const rows = all<{ id: number; sk: string; cs: string | null; en: string | null }>(
      db,
      `SELECT p.id, p.description AS sk, cs.description AS cs, en.description AS en FROM products p
       LEFT JOIN product_texts cs ON cs.product_id = p.id AND cs.locale = 'cs'
       LEFT JOIN product_texts en ON en.product_id = p.id AND en.locale = 'en' ORDER BY p.id`,
    );
    expect(rows).toHaveLength(N);
    for (const { id, sk, cs, en } of rows) {
      for (const text of [cs, en]) expect(text, `product ${id}`).toMatch(/^<p>[^<]+<\/p><p>[^<]+<\/p>$/);
      expect(cs).not.toMatch(/ sa | pre |Tovar|Farba/);
      expect(en).not.toMatch(/Materiál|Farba|značk| je | pre |Tovar/);
      // The same facts in each language: a colour or material in Slovak is there in Czech and English.
      expect(cs!.includes('Barva:'), `product ${id}`).toBe(sk.includes('Farba:'));
      expect(en!.includes('Colour:'), `product ${id}`).toBe(sk.includes('Farba:'));
      expect(en!.includes('Material:'), `product ${id}`).toBe(sk.includes('Materiál:'));
    }
    expect(rows[0].cs).toContain('V kategorii Formy na pečení');
    expect(rows[0].en).toContain('in the Baking tins category');
  });

  it('keeps the full-text index in step with the products', () => {
    if (!hasTable(db, 'products_fts')) return;
    expect(() => db.$client.exec(`INSERT INTO products_fts(products_fts) VALUES ('integrity-check')`)).not.toThrow();
    expect(one<{ n: number }>(db, "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'products'").n).toBeGreaterThan(0);
    const hit = all<{ rowid: number }>(db, "SELECT rowid FROM products_fts WHERE products_fts MATCH 'slahackova'");
    expect(hit.map((h) => h.rowid)).toContain(1);
  });

  it('refuses a catalogue that is not empty, and isCatalogEmpty tells the two apart', () => {
    expect(isCatalogEmpty(db)).toBe(false);
    expect(() => seedDemo(db, { products: 10 })).toThrow(/empty catalogue/);
    expect(count(db, 'products')).toBe(N);
    const empty = freshDb();
    expect(isCatalogEmpty(empty)).toBe(true);
    expect(() => seedDemo(empty, { products: -1 })).toThrow(RangeError);
  });
});

describe('npm run seed', () => {
  it('reads --products N and rejects anything else', () => {
    expect(parseArgs([], 2000)).toEqual({ products: 2000 });
    expect(parseArgs(['--products', '100000'], 2000)).toEqual({ products: 100000 });
    expect(parseArgs(['--products=0'], 2000)).toEqual({ products: 0 });
    for (const bad of [['--products', '-1'], ['--products', '1.5'], ['--products', 'many'], ['--products', '1000001'], ['--products'], ['--count', '5']]) {
      expect(parseArgs(bad, 2000)).toHaveProperty('error');
    }
  });

  it('empties the catalogue, carts and blog before seeding again', () => {
    const db = freshDb();
    seedDemo(db, { products: 50 });
    const now = Date.UTC(2026, 9, 1);
    db.$client.prepare('INSERT INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').run('h1', now, now + 86_400_000);
    const cart = db.$client.prepare('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, 1, ?)').run('h1', now);
    db.$client.prepare('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, 1, 2)').run(cart.lastInsertRowid);
    resetCatalogue(db);
    for (const table of ['products', 'categories', 'blog_posts', 'static_posts', 'cart_items', 'carts', 'product_prices', 'attributes']) {
      expect(count(db, table), table).toBe(0);
    }
    expect(isCatalogEmpty(db)).toBe(true);
    expect(seedDemo(db, { products: 60 }).products).toBe(60);
    if (hasTable(db, 'products_fts')) db.$client.exec(`INSERT INTO products_fts(products_fts) VALUES ('integrity-check')`);
  });
});

describe('a large demo shop', () => {
  it('seeds 100,000 products', { timeout: 180_000 }, () => {
    const db = freshDb();
    const counts = seedDemo(db, { products: 100_000 });
    expect(counts.products).toBe(100_000);
    expect(count(db, 'products')).toBe(100_000);
    expect(count(db, 'product_prices')).toBe(200_000);
    expect(counts.guides).toBeLessThanOrEqual(300);
  });
});
