import type { Db } from '../../db/client';
import type { LocaleTextErrors } from '../locale-texts';
import { PRODUCT_LOCALE_TEXTS, type CatalogueLocaleTexts } from './catalogue-locale-texts';
import { perDatabase } from '../../db/prepared';
import { slugify } from '../../db/seed/slug';
import { msg } from '../../i18n/msg';
import { claimDueWatches, type FiredWatch } from '../../watchdog/watchdog.service';
import { audited, type Actor } from '../audit';
import type { ProductForm, RibbonKey } from './products.schemas';

/**
 * A product as the back office edits it, and its save: one immediate transaction that checks the
 * version the form was read at (products.updated_at), writes the product and its prices per shop,
 * evaluates the product's watches with the shop's one rule (claimDueWatches, as the write service
 * does for a price or stock change) and records the audit row. The catalogue-version triggers make
 * the change visible on the shop's next request; the fired watches' mails go out after the commit.
 */
export interface ShopPrice {
  shopId: number;
  b2c: number;
  b2b: number;
  oldB2c: number | null;
  vatRate: number;
}

export interface EditedProduct {
  id: number;
  name: string;
  description: string;
  code: string;
  slug: string;
  categoryId: number;
  sellerId: number | null;
  visible: number;
  quantity: number;
  availabilityDays: number;
  cartLimit: number | null;
  weightGrams: number;
  ribbons: string[];
  updatedAt: number;
  prices: ShopPrice[];
}

export const CHANGED_MEANWHILE = msg('Produkt medzitým zmenil niekto iný. Načítajte ho znova a zmeny urobte ešte raz.');
export const SLUG_TAKEN = msg('Túto adresu už používa iný produkt alebo kategória');
export const CODE_TAKEN = msg('Tento kód už má iný produkt');
export const NO_SUCH_CATEGORY = msg('Vyberte kategóriu produktov');
export const NO_SUCH_SELLER = msg('Takého predajcu nepoznáme');

const statements = perDatabase((db: Db) => {
  const c = db.$client;
  return {
    product: c.prepare<[number], Omit<EditedProduct, 'prices' | 'ribbons'> & { ribbons: string }>(
      `SELECT id, name, description, code_public AS code, slug, category_id AS categoryId, seller_id AS sellerId, visible, quantity,
              availability_days AS availabilityDays, cart_limit AS cartLimit, weight_grams AS weightGrams, tags_public AS ribbons, updated_at AS updatedAt
         FROM products WHERE id = ?`,
    ),
    prices: c.prepare<[number], ShopPrice>(
      'SELECT shop_id AS shopId, price_b2c AS b2c, price_b2b AS b2b, price_old_b2c AS oldB2c, vat_rate AS vatRate FROM product_prices WHERE product_id = ? ORDER BY shop_id',
    ),
    slugOfProduct: c.prepare<[string, number], { id: number }>('SELECT id FROM products WHERE slug = ? AND id <> ?'),
    slugOfCategory: c.prepare<[string], { id: number }>('SELECT id FROM categories WHERE slug = ?'),
    code: c.prepare<[string, number], { id: number }>('SELECT id FROM products WHERE code_public = ? AND id <> ?'),
    productCategory: c.prepare<[number], { id: number }>("SELECT id FROM categories WHERE id = ? AND type = 'product'"),
    seller: c.prepare<[number], { id: number }>('SELECT id FROM sellers WHERE id = ?'),
    insert: c.prepare(
      `INSERT INTO products (category_id, seller_id, name, slug, code_public, description, visible, quantity, cart_limit, weight_grams, availability_days, tags_public, created_at, updated_at)
       VALUES (@categoryId, @sellerId, @name, @slug, @code, @description, @visible, @quantity, @cartLimit, @weightGrams, @availabilityDays, @ribbons, @now, @now)`,
    ),
    update: c.prepare(
      `UPDATE products SET category_id = @categoryId, seller_id = @sellerId, name = @name, slug = @slug, code_public = @code, description = @description,
              visible = @visible, quantity = @quantity, cart_limit = @cartLimit, weight_grams = @weightGrams, availability_days = @availabilityDays, tags_public = @ribbons, updated_at = @now
        WHERE id = @id AND updated_at = @version`,
    ),
    upsertPrice: c.prepare(
      `INSERT INTO product_prices (product_id, shop_id, price_b2c, price_old_b2c, price_b2b, vat_rate) VALUES (@productId, @shopId, @b2c, @oldB2c, @b2b, @vatRate)
       ON CONFLICT (product_id, shop_id) DO UPDATE SET price_b2c = excluded.price_b2c, price_old_b2c = excluded.price_old_b2c, price_b2b = excluded.price_b2b, vat_rate = excluded.vat_rate
       WHERE price_b2c IS NOT excluded.price_b2c OR price_old_b2c IS NOT excluded.price_old_b2c OR price_b2b IS NOT excluded.price_b2b OR vat_rate IS NOT excluded.vat_rate`,
    ),
    deletePrice: c.prepare('DELETE FROM product_prices WHERE product_id = ? AND shop_id = ?'),
  };
});

export function editedProduct(db: Db, id: number): EditedProduct | null {
  const s = statements(db);
  const row = s.product.get(id);
  if (!row) return null;
  let ribbons: string[] = [];
  try {
    const parsed = JSON.parse(row.ribbons) as unknown;
    if (Array.isArray(parsed)) ribbons = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    ribbons = [];
  }
  return { ...row, ribbons, prices: s.prices.all(id) };
}

export type SaveResult =
  | { ok: true; id: number; fired: FiredWatch[] }
  | { ok: false; conflict: true }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; textErrors: LocaleTextErrors };

/** The shops a form carries prices for: code → id. */
export type ShopIds = Record<'sk' | 'cz', number>;

function pricesOf(form: ProductForm, shops: ShopIds): { shopId: number; price: Omit<ShopPrice, 'shopId'> | null }[] {
  return (['sk', 'cz'] as const).map((code) => {
    const b2c = form[`b2c_${code}`];
    if (b2c === null) return { shopId: shops[code], price: null };
    return { shopId: shops[code], price: { b2c, b2b: form[`b2b_${code}`] ?? b2c, oldB2c: form[`stara_${code}`], vatRate: form[`dph_${code}`] } };
  });
}

/** Saves a new product (id null) or an edited one; field errors and a stale version change nothing. */
export function saveProduct(db: Db, actor: Actor, now: Date, id: number | null, form: ProductForm, shops: ShopIds, texts: CatalogueLocaleTexts = {}): SaveResult {
  const s = statements(db);
  return audited<SaveResult>(db, actor, now, () => {
    const before = id === null ? null : editedProduct(db, id);
    if (id !== null && !before) return { value: { ok: false, errors: { _form: msg('Produkt neexistuje') } }, audit: null };
    if (before && String(before.updatedAt) !== form.version) return { value: { ok: false, conflict: true }, audit: null };
    const slug = form.slug || slugify(form.name) || slugify(form.code);
    const errors: Record<string, string> = {};
    if (s.slugOfProduct.get(slug, id ?? 0) || s.slugOfCategory.get(slug)) errors[form.slug ? 'slug' : 'name'] = SLUG_TAKEN;
    if (s.code.get(form.code, id ?? 0)) errors.code = CODE_TAKEN;
    if (!s.productCategory.get(form.category)) errors.category = NO_SUCH_CATEGORY;
    if (form.seller !== null && !s.seller.get(form.seller)) errors.seller = NO_SUCH_SELLER;
    if (Object.keys(errors).length) return { value: { ok: false, errors }, audit: null };
    const textErrors = PRODUCT_LOCALE_TEXTS.clashes(db, id, texts);
    if (textErrors) return { value: { ok: false, textErrors }, audit: null };
    const textsBefore = before ? PRODUCT_LOCALE_TEXTS.stored(db, before.id) : null;
    // Never the same updated_at twice: the next form's version must differ even within one millisecond.
    const stamp = Math.max(now.getTime(), (before?.updatedAt ?? 0) + 1);
    const values = {
      categoryId: form.category,
      sellerId: form.seller,
      name: form.name,
      slug,
      code: form.code,
      description: form.description,
      visible: form.visible,
      quantity: form.quantity,
      cartLimit: form.cartLimit,
      weightGrams: form.weight,
      availabilityDays: form.availability,
      ribbons: JSON.stringify(form.ribbons satisfies RibbonKey[]),
      now: stamp,
    };
    let productId: number;
    if (before) {
      if (s.update.run({ ...values, id: before.id, version: before.updatedAt }).changes !== 1) return { value: { ok: false, conflict: true }, audit: null };
      productId = before.id;
    } else productId = Number(s.insert.run(values).lastInsertRowid);
    for (const { shopId, price } of pricesOf(form, shops)) {
      if (price) s.upsertPrice.run({ productId, shopId, ...price });
      else s.deletePrice.run(productId, shopId);
    }
    // The texts in the other languages (product_texts), in this transaction.
    PRODUCT_LOCALE_TEXTS.save(db, productId, texts);
    // The shop's one watchdog rule, in this transaction: a price drop or a restock fires the watches it meets.
    const fired = claimDueWatches(db, { now: () => now }, productId);
    const after = editedProduct(db, productId)!;
    const strip = (p: EditedProduct | null) => (p ? { ...p, updatedAt: undefined } : null);
    return {
      value: { ok: true, id: productId, fired },
      audit: {
        section: 'catalogue',
        action: before ? 'product.update' : 'product.create',
        subject: `#${productId} ${after.code}`,
        before: before ? { ...strip(before), texts: textsBefore } : null,
        after: { ...strip(after), texts: PRODUCT_LOCALE_TEXTS.stored(db, productId) },
      },
    };
  });
}
