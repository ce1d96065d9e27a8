import type { Context } from 'hono';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AppEnv } from '../http/env';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../i18n/locales';

/**
 * Catalogue texts per locale (docs/decisions/240). Products and categories keep their Slovak texts
 * in their own columns; product_texts / category_texts hold the other locales, a null column
 * falling back to the Slovak one. Reads join them in SQL with COALESCE (one primary-key lookup per
 * row and locale), so lists, search and filters keep their plans.
 *
 * Two locales matter per request: the one texts are shown in (the shopper's locale) and the one
 * addresses are in (the shop's own: sk on the Slovak shop, cs on the Czech one), so one address
 * per shop serves every interface language.
 */
export interface CatalogueLang {
  /** Names and descriptions. */
  text: Locale;
  /** Slugs: the shop's locale. */
  slug: Locale;
}

export const SLOVAK: CatalogueLang = { text: SOURCE_LOCALE, slug: SOURCE_LOCALE };

/** The request's catalogue languages. */
export function catalogueLang(c: Context<AppEnv>): CatalogueLang {
  return { text: c.get('locale'), slug: c.get('shop').locale };
}

/** A cache-key part naming a CatalogueLang. */
export const langKey = (lang: CatalogueLang) => `${lang.text}/${lang.slug}`;

/**
 * SQL joining a product's texts onto `p` (alias of products): `pt` in the text locale, `ps` in
 * the slug locale, bound as @locale and @slugLocale. Pair with PRODUCT_NAME / PRODUCT_SLUG.
 */
export const productTextJoins = (p = 'p') =>
  `LEFT JOIN product_texts pt ON pt.product_id = ${p}.id AND pt.locale = @locale
   LEFT JOIN product_texts ps ON ps.product_id = ${p}.id AND ps.locale = @slugLocale`;
export const productName = (p = 'p') => `COALESCE(pt.name, ${p}.name)`;
export const productSlug = (p = 'p') => `COALESCE(ps.slug, ${p}.slug)`;
export const productDescription = (p = 'p') => `COALESCE(pt.description, ${p}.description)`;

/** The named parameters productTextJoins binds. */
export const langParams = (lang: CatalogueLang) => ({ locale: lang.text, slugLocale: lang.slug });

/** The same for categories (alias `c`): `ct` in the text locale, `cs_` in the slug locale. */
export const categoryTextJoins = (c = 'c') =>
  `LEFT JOIN category_texts ct ON ct.category_id = ${c}.id AND ct.locale = @locale
   LEFT JOIN category_texts cs_ ON cs_.category_id = ${c}.id AND cs_.locale = @slugLocale`;
export const categoryName = (c = 'c') => `COALESCE(ct.name, ${c}.name)`;
export const categorySlug = (c = 'c') => `COALESCE(cs_.slug, ${c}.slug)`;
export const categoryDescription = (c = 'c') => `COALESCE(ct.description, ${c}.description)`;

/** What an editor (or the seed) sets for one locale; undefined keeps a column, null clears it. */
export interface CatalogueTexts {
  name?: string | null;
  slug?: string | null;
  description?: string | null;
}

const statements = perDatabase((db: Db) => {
  const s = db.$client;
  const upsert = (table: 'product_texts' | 'category_texts', key: 'product_id' | 'category_id') =>
    s.prepare(
      `INSERT INTO ${table} (${key}, locale, name, slug, description) VALUES (@id, @locale, @name, @slug, @description)
       ON CONFLICT (${key}, locale) DO UPDATE SET
         name = CASE WHEN @setName THEN excluded.name ELSE name END,
         slug = CASE WHEN @setSlug THEN excluded.slug ELSE slug END,
         description = CASE WHEN @setDescription THEN excluded.description ELSE description END`,
    );
  return {
    product: upsert('product_texts', 'product_id'),
    category: upsert('category_texts', 'category_id'),
    productRows: s.prepare('SELECT locale, name, slug, description FROM product_texts WHERE product_id = ?'),
    categoryRows: s.prepare('SELECT locale, name, slug, description FROM category_texts WHERE category_id = ?'),
    productBySlug: s.prepare(`SELECT product_id FROM product_texts WHERE locale = ? AND slug = ?`).pluck(),
    productBaseSlug: s.prepare(`SELECT id FROM products WHERE slug = ?`).pluck(),
    productSlugs: s.prepare(
      `SELECT p.slug AS sk, (SELECT slug FROM product_texts WHERE product_id = p.id AND locale = 'cs') AS cs FROM products p WHERE p.id = ?`,
    ),
  };
});

function bind(id: number, locale: Locale, texts: CatalogueTexts) {
  if (locale === SOURCE_LOCALE) throw new Error('Slovak texts live in the product and category rows');
  return {
    id,
    locale,
    name: texts.name ?? null,
    slug: texts.slug ?? null,
    description: texts.description ?? null,
    setName: texts.name !== undefined ? 1 : 0,
    setSlug: texts.slug !== undefined ? 1 : 0,
    setDescription: texts.description !== undefined ? 1 : 0,
  };
}

/** Sets a product's texts in a locale other than sk (the catalogue version moves by trigger). */
export function setProductTexts(db: Db, productId: number, locale: Locale, texts: CatalogueTexts): void {
  statements(db).product.run(bind(productId, locale, texts));
}

/** Sets a category's texts in a locale other than sk. */
export function setCategoryTexts(db: Db, categoryId: number, locale: Locale, texts: CatalogueTexts): void {
  statements(db).category.run(bind(categoryId, locale, texts));
}

type TextRow = { locale: Locale; name: string | null; slug: string | null; description: string | null };

/** Every locale's own texts of a product (the back office's per-locale tab reads these). */
export function productTextsByLocale(db: Db, productId: number): Partial<Record<Locale, CatalogueTexts>> {
  return Object.fromEntries((statements(db).productRows.all(productId) as TextRow[]).map(({ locale, ...texts }) => [locale, texts]));
}

/** Every locale's own texts of a category. */
export function categoryTextsByLocale(db: Db, categoryId: number): Partial<Record<Locale, CatalogueTexts>> {
  return Object.fromEntries((statements(db).categoryRows.all(categoryId) as TextRow[]).map(({ locale, ...texts }) => [locale, texts]));
}

/**
 * The product a slug names in a shop speaking `slugLocale`: its slug in that locale, else its
 * Slovak one, else another locale's. The caller compares the product's address in the shop with
 * the path asked for and answers 301 when they differ (the Slovak slug on the Czech shop).
 */
export function productIdBySlug(db: Db, slug: string, slugLocale: Locale): number | null {
  const s = statements(db);
  if (slugLocale !== SOURCE_LOCALE) {
    const id = s.productBySlug.get(slugLocale, slug) as number | undefined;
    if (id !== undefined) return id;
  }
  const id = s.productBaseSlug.get(slug) as number | undefined;
  if (id !== undefined) return id;
  for (const locale of LOCALES) {
    if (locale === slugLocale || locale === SOURCE_LOCALE) continue;
    const other = s.productBySlug.get(locale, slug) as number | undefined;
    if (other !== undefined) return other;
  }
  return null;
}

/** A product's slug per shop locale (sk, cs), for hreflang alternates and 301s. */
export function productSlugs(db: Db, productId: number): { sk: string; cs: string } | null {
  const row = statements(db).productSlugs.get(productId) as { sk: string; cs: string | null } | undefined;
  return row ? { sk: row.sk, cs: row.cs ?? row.sk } : null;
}

/** The shops' hreflang alternates of one page whose path differs per shop locale. */
export function shopAlternates(origins: { sk: string; cz: string }, paths: { sk: string; cs: string }) {
  return [
    { hreflang: 'sk', href: `${origins.sk}${paths.sk}` },
    { hreflang: 'cs', href: `${origins.cz}${paths.cs}` },
    { hreflang: 'x-default', href: `${origins.sk}${paths.sk}` },
  ];
}
