import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';

/** The statements of a product CSV import: its job row, its staged rows and the product columns it checks and writes. */
export const statements = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    create: s.prepare('INSERT INTO catalog_imports (staff_id, file_name, dry_run, status, created_at) VALUES (?, ?, ?, ?, ?)'),
    progress: s.prepare('UPDATE catalog_imports SET status = ?, rows_done = ?, rows_total = max(rows_total, ?) WHERE id = ?'),
    finish: s.prepare('UPDATE catalog_imports SET status = ?, rows_done = ?, rows_total = ?, error_count = ?, errors = ?, created = ?, updated = ?, finished_at = ? WHERE id = ?'),
    job: s.prepare(
      `SELECT id, file_name AS fileName, dry_run AS dryRun, status, rows_done AS rowsDone, rows_total AS rowsTotal, error_count AS errorCount, errors,
         created, updated, created_at AS createdAt, finished_at AS finishedAt FROM catalog_imports WHERE id = ?`,
    ),
    recent: s.prepare('SELECT id FROM catalog_imports ORDER BY id DESC LIMIT ?').pluck(),
    stage: s.prepare('INSERT INTO catalog_import_rows (import_id, row, data) VALUES (?, ?, ?)'),
    staged: s.prepare('SELECT row, data FROM catalog_import_rows WHERE import_id = ? AND row > ? ORDER BY row LIMIT 2000'),
    unstage: s.prepare('DELETE FROM catalog_import_rows WHERE import_id = ?'),
    productById: s.prepare('SELECT id, code_public AS code, slug FROM products WHERE id = ?'),
    productByCode: s.prepare('SELECT id, code_public AS code, slug FROM products WHERE code_public = ?'),
    productBySlug: s.prepare('SELECT id FROM products WHERE slug = ?').pluck(),
    categorySlug: s.prepare('SELECT id FROM categories WHERE slug = ?').pluck(),
    productCategory: s.prepare("SELECT id FROM categories WHERE slug = ? AND type = 'product'").pluck(),
    seller: s.prepare('SELECT id FROM sellers WHERE id = ?').pluck(),
    current: s.prepare(
      `SELECT id, code_public AS code, name, slug, description, category_id AS categoryId, seller_id AS sellerId, visible, quantity AS stock,
         availability_days AS availabilityDays, cart_limit AS cartLimit FROM products WHERE id = ?`,
    ),
    insert: s.prepare(
      `INSERT INTO products (code_public, name, slug, description, category_id, seller_id, visible, quantity, availability_days, cart_limit, created_at, updated_at)
       VALUES (@code, @name, @slug, @description, @categoryId, @sellerId, @visible, @stock, @availabilityDays, @cartLimit, @now, @now)`,
    ),
    update: s.prepare(
      `UPDATE products SET code_public = @code, name = @name, slug = @slug, description = @description, category_id = @categoryId, seller_id = @sellerId,
         visible = @visible, quantity = @stock, availability_days = @availabilityDays, cart_limit = @cartLimit, updated_at = @now WHERE id = @id`,
    ),
    price: s.prepare(
      'SELECT price_b2c AS b2c, price_old_b2c AS oldB2c, price_b2b AS b2b, price_old_b2b AS oldB2b, vat_rate AS vat FROM product_prices WHERE product_id = ? AND shop_id = ?',
    ),
    touch: s.prepare('UPDATE products SET updated_at = ? WHERE id = ?'),
    upsertPrice: s.prepare(
      `INSERT INTO product_prices (product_id, shop_id, price_b2c, price_old_b2c, price_b2b, price_old_b2b, vat_rate) VALUES (@productId, @shopId, @b2c, @oldB2c, @b2b, @oldB2b, @vat)
       ON CONFLICT (product_id, shop_id) DO UPDATE SET price_b2c = excluded.price_b2c, price_old_b2c = excluded.price_old_b2c, price_b2b = excluded.price_b2b,
         price_old_b2b = excluded.price_old_b2b, vat_rate = excluded.vat_rate`,
    ),
  };
});
