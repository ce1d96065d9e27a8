import type { Db } from '../db/client';
import { offeredSql } from '../catalog/sellable';
import { blogImageUrl, guideUrl, productImageUrl, productUrl } from '../catalog/urls';
import { categorySlug, categoryTextJoins, guideShort, guideSlug, guideTextJoins, guideTitle, langParams, SLOVAK, type CatalogueLang } from '../catalog/catalogue-texts';
import { priceForRole, type ProductCard, type RolePrices } from '../catalog/product-card';
import { withLowestPrices } from '../catalog/price-history';

/**
 * Server-side favourites of signed-in users. Every query is scoped by user id, so one user's
 * favourites are never read or changed through another's session.
 */
export type FavouriteProduct = Pick<ProductCard, 'id' | 'name' | 'url' | 'image' | 'price' | 'priceOld' | 'availabilityDays'> & {
  /** EU Omnibus: with a crossed-out price, the 30-day lowest price (price-history.ts). */
  priceLowest: number | null;
  categoryName: string | null;
};

export interface FavouriteBlog {
  id: number;
  title: string;
  url: string;
  image: string | null;
  short: string;
}

const visibleProduct = (db: Db, id: number) => db.$client.prepare(`SELECT 1 FROM products WHERE id = ? AND ${offeredSql('')}`).get(id) !== undefined;
const visibleBlog = (db: Db, id: number) => db.$client.prepare('SELECT 1 FROM blog_posts WHERE id = ? AND visible = 1').get(id) !== undefined;

/** Adds (or re-files under another category name); false when the product is not public. */
export function addProduct(db: Db, userId: number, productId: number, categoryName: string | null, now: Date): boolean {
  if (!visibleProduct(db, productId)) return false;
  db.$client
    .prepare(
      `INSERT INTO favourite_products (user_id, product_id, category_name, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, product_id) DO UPDATE SET category_name = excluded.category_name`,
    )
    .run(userId, productId, categoryName, now.getTime());
  return true;
}

/** The local-storage push after sign-in: unknown ids are skipped, existing ones keep their category. */
export function addProducts(db: Db, userId: number, productIds: number[], now: Date): number[] {
  const sqlite = db.$client;
  const insert = sqlite.prepare(
    `INSERT OR IGNORE INTO favourite_products (user_id, product_id, category_name, created_at)
     SELECT ?, id, NULL, ? FROM products WHERE id = ? AND ${offeredSql('')}`,
  );
  sqlite.transaction(() => {
    for (const id of productIds) insert.run(userId, now.getTime(), id);
  })();
  return favouriteProductIds(db, userId);
}

export function favouriteProductIds(db: Db, userId: number): number[] {
  return (db.$client.prepare('SELECT product_id FROM favourite_products WHERE user_id = ? ORDER BY created_at, product_id').all(userId) as { product_id: number }[]).map(
    (r) => r.product_id,
  );
}

export function removeProduct(db: Db, userId: number, productId: number): boolean {
  return db.$client.prepare('DELETE FROM favourite_products WHERE user_id = ? AND product_id = ?').run(userId, productId).changes > 0;
}

export function productFavourite(db: Db, userId: number, productId: number): { favorite: boolean; categoryName: string | null } {
  const row = db.$client.prepare('SELECT category_name FROM favourite_products WHERE user_id = ? AND product_id = ?').get(userId, productId) as
    | { category_name: string | null }
    | undefined;
  return { favorite: row !== undefined, categoryName: row?.category_name ?? null };
}

export function addBlog(db: Db, userId: number, blogId: number, now: Date): boolean {
  if (!visibleBlog(db, blogId)) return false;
  db.$client.prepare('INSERT OR IGNORE INTO favourite_blogs (user_id, blog_id, created_at) VALUES (?, ?, ?)').run(userId, blogId, now.getTime());
  return true;
}

export function removeBlog(db: Db, userId: number, blogId: number): boolean {
  return db.$client.prepare('DELETE FROM favourite_blogs WHERE user_id = ? AND blog_id = ?').run(userId, blogId).changes > 0;
}

export function isBlogFavourite(db: Db, userId: number, blogId: number): boolean {
  return db.$client.prepare('SELECT 1 FROM favourite_blogs WHERE user_id = ? AND blog_id = ?').get(userId, blogId) !== undefined;
}

export function favouriteBlogIds(db: Db, userId: number): number[] {
  return (db.$client.prepare('SELECT blog_id FROM favourite_blogs WHERE user_id = ? ORDER BY created_at, blog_id').all(userId) as { blog_id: number }[]).map((r) => r.blog_id);
}

/** Removes the category name from the user's products; the products stay favourites, ungrouped. */
export function removeCategory(db: Db, userId: number, name: string): number {
  return db.$client.prepare('UPDATE favourite_products SET category_name = NULL WHERE user_id = ? AND category_name = ?').run(userId, name).changes;
}

export function categoryNames(db: Db, userId: number): string[] {
  return (
    db.$client
      .prepare('SELECT DISTINCT category_name AS name FROM favourite_products WHERE user_id = ? AND category_name IS NOT NULL ORDER BY category_name')
      .all(userId) as { name: string }[]
  ).map((r) => r.name);
}

interface ProductRow extends RolePrices {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  availability_days: number;
  category_name: string | null;
}

/**
 * Public product data (visible products only, this shop's prices) for the given ids, in their
 * order; with userId, only that user's favourites and their category names.
 */
export function productCards(db: Db, shopId: number, wholesale: boolean, ids: number[] | null, userId: number | null = null, lang: CatalogueLang = SLOVAK): FavouriteProduct[] {
  if (ids !== null && ids.length === 0) return [];
  // Names in the shopper's locale, addresses in the shop's (catalogue-texts.ts).
  const params: unknown[] = [lang.text, lang.slug, shopId];
  let from = 'products p';
  let category = 'NULL';
  let order = 'p.id';
  if (userId !== null) {
    from = 'favourite_products f JOIN products p ON p.id = f.product_id';
    category = 'f.category_name';
    order = 'f.created_at, p.id';
  }
  let where = offeredSql();
  if (userId !== null) {
    where += ' AND f.user_id = ?';
    params.push(userId);
  }
  if (ids !== null) {
    where += ` AND p.id IN (SELECT value FROM json_each(?))`;
    params.push(JSON.stringify(ids));
  }
  const rows = db.$client
    .prepare(
      `SELECT p.id, COALESCE((SELECT name FROM product_texts WHERE product_id = p.id AND locale = ?), p.name) AS name,
              COALESCE((SELECT slug FROM product_texts WHERE product_id = p.id AND locale = ?), p.slug) AS slug, p.image_filename AS image, pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld,
              pp.price_b2b AS b2b, pp.price_old_b2b AS b2bOld, p.availability_days, ${category} AS category_name
         FROM ${from}
         JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE ${where}
        ORDER BY ${order}`,
    )
    .all(...params) as ProductRow[];
  const cards = withLowestPrices(
    db,
    shopId,
    wholesale,
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      url: productUrl(r.slug),
      image: r.image ? productImageUrl(r.image) : null,
      ...priceForRole(r, wholesale),
      availabilityDays: r.availability_days,
      categoryName: r.category_name,
    })),
  );
  if (ids === null) return cards;
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.map((id) => byId.get(id)).filter((card): card is FavouriteProduct => card !== undefined);
}

export function blogCards(db: Db, ids: number[] | null, userId: number | null = null, lang: CatalogueLang = SLOVAK): FavouriteBlog[] {
  if (ids !== null && ids.length === 0) return [];
  // Title, teaser and slug in the request's languages (docs/decisions/248).
  const params: unknown[] = [];
  let sql = `SELECT b.id, ${guideTitle()} AS title, ${guideSlug()} AS slug, b.image, ${guideShort()} AS short, ${categorySlug()} AS category FROM `;
  sql += userId !== null ? 'favourite_blogs f JOIN blog_posts b ON b.id = f.blog_id' : 'blog_posts b';
  sql += ` JOIN categories c ON c.id = b.category_id ${guideTextJoins()} ${categoryTextJoins()} WHERE b.visible = 1`;
  if (userId !== null) {
    sql += ' AND f.user_id = ?';
    params.push(userId);
  }
  if (ids !== null) {
    sql += ' AND b.id IN (SELECT value FROM json_each(?))';
    params.push(JSON.stringify(ids));
  }
  sql += userId !== null ? ' ORDER BY f.created_at, b.id' : ' ORDER BY b.id';
  const rows = db.$client.prepare(sql).all(langParams(lang), ...params) as { id: number; title: string; slug: string; image: string | null; short: string; category: string }[];
  const cards = rows.map((b) => ({ id: b.id, title: b.title, url: guideUrl(b.category, b.slug), image: b.image ? blogImageUrl(b.image) : null, short: b.short }));
  if (ids === null) return cards;
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.map((id) => byId.get(id)).filter((card): card is FavouriteBlog => card !== undefined);
}

/** /moje/oblubene: the user's products grouped by their category name (ungrouped last), and blogs. */
export function favouritesView(db: Db, shopId: number, wholesale: boolean, userId: number, lang: CatalogueLang = SLOVAK) {
  const products = productCards(db, shopId, wholesale, null, userId);
  const groups = new Map<string | null, FavouriteProduct[]>();
  for (const product of products) {
    const list = groups.get(product.categoryName) ?? [];
    list.push(product);
    groups.set(product.categoryName, list);
  }
  const named = [...groups.entries()].filter(([name]) => name !== null).sort(([a], [b]) => String(a).localeCompare(String(b), 'sk'));
  const ungrouped = groups.get(null);
  return {
    groups: [...named.map(([name, items]) => ({ name, items })), ...(ungrouped ? [{ name: null, items: ungrouped }] : [])],
    blogs: blogCards(db, null, userId, lang),
    count: products.length,
  };
}
