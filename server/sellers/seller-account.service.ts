import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { slugify } from '../db/seed/slug';
import type { Clock } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import { msg } from '../i18n/msg';
import { claimDueWatches, type FiredWatch } from '../watchdog/watchdog.service';
import { productImageDir } from '../admin/catalogue/product-images.service';
import { sellerImageUrl } from '../catalog/urls';
import {
  APPROVED,
  editable,
  MAX_SELLER_PRODUCTS,
  PENDING,
  PRODUCT_APPROVED,
  PRODUCT_BLOCKED,
  PRODUCT_LIMIT,
  SHOP_LOCKED,
  type SellerProductForm,
  type SellerProfileForm,
} from './seller-account.schemas';

/**
 * The seller's own account area (issue 21): the shop's data until the operator approves it
 * (sellers.activated_at), and at most ten products that wait for approval (visible 4) before the
 * shop offers them. Every rule is checked here, in IMMEDIATE transactions, whatever the page showed.
 * One account runs one shop (sellers.user_id); the row is made on the seller's first visit.
 */
export interface SellerProfile {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  locked: boolean;
}

export interface SellerProductRow {
  id: number;
  name: string;
  description: string;
  price: number | null;
  /** Pieces in stock (products.quantity), the seller's own (decision 253). */
  quantity: number;
  imageFilename: string | null;
  visible: number;
  category: { name: string };
}

/** Seller pictures live in UPLOADS_DIR/sellers, outside static/. */
export const sellerImageDir = (uploadsDir: string) => join(uploadsDir, 'sellers');
const STORED_SELLER = /^[A-Za-z0-9_-]{22}\.png$/;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    ofUser: s.prepare<[number], { id: number; slug: string; name: string; description: string | null; image: string | null; activatedAt: number | null }>(
      'SELECT id, slug, name, description, image, activated_at AS activatedAt FROM sellers WHERE user_id = ?',
    ),
    // The account's e-mail, so the operator's decisions reach the seller by mail too (approvals.service).
    create: s.prepare<[string, number, number]>("INSERT INTO sellers (slug, name, user_id, email) VALUES (?, '', ?, (SELECT email FROM users WHERE id = ?)) ON CONFLICT (user_id) DO NOTHING"),
    slugTaken: s.prepare<[string, number], { id: number }>('SELECT id FROM sellers WHERE slug = ? AND id <> ?'),
    saveProfile: s.prepare<[string, string, string, string | null, number]>(
      'UPDATE sellers SET slug = ?, name = ?, description = ?, image = COALESCE(?, image) WHERE id = ? AND activated_at IS NULL',
    ),
    image: s.prepare<[number], { image: string | null }>('SELECT image FROM sellers WHERE id = ?'),
    products: s.prepare<[number, number], Omit<SellerProductRow, 'category'> & { categoryName: string }>(
      `SELECT p.id, p.name, p.description, pp.price_b2c AS price, p.quantity, p.image_filename AS imageFilename, p.visible, c.name AS categoryName
         FROM products p JOIN categories c ON c.id = p.category_id
         LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE p.seller_id = ? ORDER BY p.id DESC`,
    ),
    count: s.prepare<[number], number>('SELECT COUNT(*) FROM products WHERE seller_id = ?').pluck(),
    product: s.prepare<[number, number], { id: number; name: string; description: string; visible: number; imageFilename: string | null; updatedAt: number }>(
      'SELECT id, name, description, visible, image_filename AS imageFilename, updated_at AS updatedAt FROM products WHERE id = ? AND seller_id = ?',
    ),
    // Spec: the form has no category; the operator moves the product where it belongs when approving.
    category: s.prepare<[], number>("SELECT id FROM categories WHERE type = 'product' ORDER BY parent_id IS NOT NULL, position, id LIMIT 1").pluck(),
    euroShop: s.prepare<[], { id: number; vatRate: number }>("SELECT id, vat_rate AS vatRate FROM shops WHERE currency = 'EUR' ORDER BY id LIMIT 1"),
    insert: s.prepare(
      `INSERT INTO products (category_id, seller_id, name, slug, code_public, description, image_filename, visible, quantity, created_at, updated_at)
       VALUES (@categoryId, @sellerId, @name, @slug, @code, @description, @image, ${PENDING}, @quantity, @now, @now)`,
    ),
    update: s.prepare(
      `UPDATE products SET name = @name, description = @description, image_filename = COALESCE(@image, image_filename), visible = @visible,
              quantity = COALESCE(@quantity, quantity), updated_at = @now
        WHERE id = @id AND seller_id = @sellerId`,
    ),
    image2: s.prepare('DELETE FROM product_images WHERE product_id = ?'),
    addImage: s.prepare("INSERT INTO product_images (product_id, filename, alt, position) VALUES (?, ?, '', 1)"),
    price: s.prepare(
      `INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) VALUES (@productId, @shopId, @price, @price, @vatRate)
       ON CONFLICT (product_id, shop_id) DO UPDATE SET price_b2c = excluded.price_b2c, price_b2b = excluded.price_b2b
       WHERE price_b2c IS NOT excluded.price_b2c OR price_b2b IS NOT excluded.price_b2b`,
    ),
  };
});

/** The account's shop, made (empty, unapproved, so shown nowhere) on its first visit. */
export function ensureSeller(db: Db, userId: number): SellerProfile {
  const s = sql(db);
  let row = s.ofUser.get(userId);
  if (!row) {
    s.create.run(`predajca-${userId}`, userId, userId);
    row = s.ofUser.get(userId)!;
  }
  return { id: row.id, slug: row.slug, name: row.name, description: row.description ?? '', image: row.image ? sellerImageUrl(row.id) : null, locked: row.activatedAt !== null };
}

/** Saves the shop's data; an approved shop is locked (409 with the spec's warning). */
export function saveSellerProfile(db: Db, userId: number, form: SellerProfileForm, image: string | null): SellerProfile {
  return db.transaction(
    () => {
      const seller = ensureSeller(db, userId);
      if (seller.locked) throw new ProblemError(409, SHOP_LOCKED);
      const wanted = slugify(form.name) || `predajca-${userId}`;
      const slug = sql(db).slugTaken.get(wanted, seller.id) ? `${wanted}-${seller.id}` : wanted;
      if (sql(db).saveProfile.run(slug, form.name, form.description, image, seller.id).changes !== 1) throw new ProblemError(409, SHOP_LOCKED);
      return ensureSeller(db, userId);
    },
    { behavior: 'immediate' },
  );
}

/** Writes a re-encoded picture under a random name; the caller removes it again when the save fails. */
export async function storeUpload(dir: string, bytes: Buffer, ext: 'png' | 'jpg'): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('base64url')}.${ext}`;
  await writeFile(join(dir, file), bytes, { flag: 'wx' });
  return file;
}

/** The stored picture of a seller, or null (the drawn demo picture answers then). */
export async function sellerImageBytes(db: Db, uploadsDir: string, sellerId: number): Promise<Buffer | null> {
  const file = sql(db).image.get(sellerId)?.image;
  if (!file || !STORED_SELLER.test(file)) return null;
  try {
    return await readFile(join(sellerImageDir(uploadsDir), file));
  } catch {
    return null;
  }
}

export function sellerProducts(db: Db, sellerId: number): SellerProductRow[] {
  const shop = sql(db).euroShop.get();
  return sql(db)
    .products.all(shop?.id ?? 0, sellerId)
    .map(({ categoryName, ...p }) => ({ ...p, category: { name: categoryName } }));
}

export const sellerProductCount = (db: Db, sellerId: number): number => sql(db).count.get(sellerId)!;

export type ProductSave = { id: number; fired: FiredWatch[] };

/** A new product waits for approval (visible 4) with the seller's stock; the eleventh is refused inside the transaction. */
export function createSellerProduct(db: Db, clock: Clock, sellerId: number, form: SellerProductForm, image: string): ProductSave {
  return db.transaction(
    () => {
      const s = sql(db);
      if (s.count.get(sellerId)! >= MAX_SELLER_PRODUCTS) throw new ProblemError(409, PRODUCT_LIMIT);
      const now = clock.now().getTime();
      const code = `S${randomBytes(6).toString('hex').toUpperCase()}`;
      const slug = `${slugify(form.name) || 'produkt'}-${code.toLowerCase()}`;
      const id = Number(
        s.insert.run({ categoryId: s.category.get(), sellerId, name: form.name, slug, code, description: form.description, image, quantity: form.quantity ?? 0, now }).lastInsertRowid,
      );
      s.addImage.run(id, image);
      const shop = s.euroShop.get()!;
      s.price.run({ productId: id, shopId: shop.id, price: form.price, vatRate: shop.vatRate });
      return { id, fired: [] };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Spec 3 status rules: 0 and 1 cannot be edited; pending (4) changes everything and stays pending;
 * otherwise only the price and the stock change (decision 253; a left-out stock stays), at once in
 * the shop, and the product's watches fire in the same transaction with the shop's one rule
 * (claimDueWatches, as the admin's save does): a restock or a price drop. Another seller's product is a 404.
 */
export function updateSellerProduct(db: Db, clock: Clock, sellerId: number, productId: number, form: SellerProductForm, image: string | null): ProductSave {
  return db.transaction(
    () => {
      const s = sql(db);
      const before = s.product.get(productId, sellerId);
      if (!before) throw new NotFoundError(msg('Produkt neexistuje'));
      if (!editable(before.visible)) throw new ProblemError(409, PRODUCT_BLOCKED);
      const pending = before.visible === PENDING;
      if (!pending && (image !== null || form.name !== before.name || form.description !== before.description)) throw new ProblemError(409, PRODUCT_APPROVED);
      const now = Math.max(clock.now().getTime(), before.updatedAt + 1);
      s.update.run({ id: productId, sellerId, name: form.name, description: form.description, image, visible: before.visible, quantity: form.quantity, now });
      if (image !== null) {
        s.image2.run(productId);
        s.addImage.run(productId, image);
      }
      const shop = s.euroShop.get()!;
      s.price.run({ productId, shopId: shop.id, price: form.price, vatRate: shop.vatRate });
      return { id: productId, fired: before.visible === APPROVED ? claimDueWatches(db, clock, productId) : [] };
    },
    { behavior: 'immediate' },
  );
}

/** Removes an uploaded file that no row took. */
export async function dropUpload(dir: string, file: string | null): Promise<void> {
  if (file) await rm(join(dir, file), { force: true });
}

export { productImageDir };
