import type { Context } from 'hono';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AppEnv } from '../http/env';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../i18n/locales';

/**
 * Catalogue texts per locale (docs/decisions/240, 248). Products, categories, guides and static pages
 * keep their Slovak texts in their own columns; product_texts / category_texts / blog_post_texts /
 * static_post_texts hold the other locales, a null column
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

/**
 * The same for guides (alias `b` of blog_posts): `bt` in the text locale, `bs` in the slug locale
 * (docs/decisions/248). Pair with guideTitle / guideSlug / guideShort / guideBody.
 */
export const guideTextJoins = (b = 'b') =>
  `LEFT JOIN blog_post_texts bt ON bt.post_id = ${b}.id AND bt.locale = @locale
   LEFT JOIN blog_post_texts bs ON bs.post_id = ${b}.id AND bs.locale = @slugLocale`;
export const guideTitle = (b = 'b') => `COALESCE(bt.title, ${b}.title)`;
export const guideSlug = (b = 'b') => `COALESCE(bs.slug, ${b}.slug)`;
export const guideShort = (b = 'b') => `COALESCE(bt.short, ${b}.short)`;
export const guideBody = (b = 'b') => `COALESCE(bt.body, ${b}.body)`;

/** The same for static pages (alias `s` of static_posts): `spt` in the text locale, `sps` in the slug locale. */
export const pageTextJoins = (s = 's') =>
  `LEFT JOIN static_post_texts spt ON spt.post_id = ${s}.id AND spt.locale = @locale
   LEFT JOIN static_post_texts sps ON sps.post_id = ${s}.id AND sps.locale = @slugLocale`;
export const pageTitle = (s = 's') => `COALESCE(spt.title, ${s}.title)`;
export const pageSlug = (s = 's') => `COALESCE(sps.slug, ${s}.slug)`;
export const pageBody = (s = 's') => `COALESCE(spt.body, ${s}.body)`;

/** What an editor (or the seed) sets for one locale; undefined keeps a column, null clears it. */
export interface CatalogueTexts {
  name?: string | null;
  slug?: string | null;
  description?: string | null;
}

/** A guide's texts in one locale (body: editor HTML, sanitised by the caller as blog_posts.body). */
export interface GuideTexts {
  title?: string | null;
  slug?: string | null;
  short?: string | null;
  body?: string | null;
}

/** A static page's texts in one locale. */
export interface PageTexts {
  title?: string | null;
  slug?: string | null;
  body?: string | null;
}

/**
 * The text tables: each keeps a row's texts per locale other than sk, keyed by the row and the
 * locale, unique per locale and slug. One upsert, one read and one slug look-up serve them all.
 */
const TEXT_TABLES = {
  product: { table: 'product_texts', key: 'product_id', base: 'products', columns: ['name', 'slug', 'description'] },
  category: { table: 'category_texts', key: 'category_id', base: 'categories', columns: ['name', 'slug', 'description'] },
  guide: { table: 'blog_post_texts', key: 'post_id', base: 'blog_posts', columns: ['title', 'slug', 'short', 'body'] },
  page: { table: 'static_post_texts', key: 'post_id', base: 'static_posts', columns: ['title', 'slug', 'body'] },
} as const;
type TextKind = keyof typeof TEXT_TABLES;

const statements = perDatabase((db: Db) => {
  const s = db.$client;
  const of = (kind: TextKind) => {
    const { table, key, base, columns } = TEXT_TABLES[kind];
    return {
      upsert: s.prepare(
        `INSERT INTO ${table} (${key}, locale, ${columns.join(', ')}) VALUES (@id, @locale, ${columns.map((c) => `@${c}`).join(', ')})
         ON CONFLICT (${key}, locale) DO UPDATE SET
         ${columns.map((c) => `${c} = CASE WHEN @set_${c} THEN excluded.${c} ELSE ${c} END`).join(',\n         ')}`,
      ),
      rows: s.prepare(`SELECT locale, ${columns.join(', ')} FROM ${table} WHERE ${key} = ?`),
      bySlug: s.prepare(`SELECT ${key} FROM ${table} WHERE locale = ? AND slug = ?`).pluck(),
      slugTaken: s.prepare(`SELECT 1 FROM ${table} WHERE locale = ? AND slug = ? AND ${key} IS NOT ?`),
      slugs: s.prepare(`SELECT b.slug AS sk, (SELECT slug FROM ${table} WHERE ${key} = b.id AND locale = 'cs') AS cs FROM ${base} b WHERE b.id = ?`),
      columns,
    };
  };
  return {
    product: of('product'),
    category: of('category'),
    guide: of('guide'),
    page: of('page'),
    productBaseSlug: s.prepare(`SELECT id FROM products WHERE slug = ?`).pluck(),
  };
});

/** Sets a row's texts in a locale other than sk (the catalogue version moves by trigger). */
function setTexts(db: Db, kind: TextKind, id: number, locale: Locale, texts: Record<string, string | null | undefined>): void {
  if (locale === SOURCE_LOCALE) throw new Error('Slovak texts live in the rows themselves');
  const s = statements(db)[kind];
  const params: Record<string, unknown> = { id, locale };
  for (const c of s.columns) {
    params[c] = texts[c] ?? null;
    params[`set_${c}`] = texts[c] !== undefined ? 1 : 0;
  }
  s.upsert.run(params);
}

/** Every locale's own texts of a row (the back office's per-locale fields read these). */
function textsByLocale<T>(db: Db, kind: TextKind, id: number): Partial<Record<Locale, T>> {
  return Object.fromEntries((statements(db)[kind].rows.all(id) as ({ locale: Locale } & T)[]).map(({ locale, ...texts }) => [locale, texts]));
}

/** Sets a product's texts in a locale other than sk (the catalogue version moves by trigger). */
export function setProductTexts(db: Db, productId: number, locale: Locale, texts: CatalogueTexts): void {
  setTexts(db, 'product', productId, locale, { ...texts });
}

/** Sets a category's texts in a locale other than sk. */
export function setCategoryTexts(db: Db, categoryId: number, locale: Locale, texts: CatalogueTexts): void {
  setTexts(db, 'category', categoryId, locale, { ...texts });
}

/** Sets a guide's texts in a locale other than sk; the caller sanitises the body and teaser as for blog_posts. */
export function setGuideTexts(db: Db, postId: number, locale: Locale, texts: GuideTexts): void {
  setTexts(db, 'guide', postId, locale, { ...texts });
}

/** Sets a static page's texts in a locale other than sk; the caller sanitises the body. */
export function setPageTexts(db: Db, postId: number, locale: Locale, texts: PageTexts): void {
  setTexts(db, 'page', postId, locale, { ...texts });
}

/** Every locale's own texts of a product (the back office's per-locale tab reads these). */
export function productTextsByLocale(db: Db, productId: number): Partial<Record<Locale, CatalogueTexts>> {
  return textsByLocale(db, 'product', productId);
}

/** Every locale's own texts of a category. */
export function categoryTextsByLocale(db: Db, categoryId: number): Partial<Record<Locale, CatalogueTexts>> {
  return textsByLocale(db, 'category', categoryId);
}

/** Every locale's own texts of a guide. */
export function guideTextsByLocale(db: Db, postId: number): Partial<Record<Locale, GuideTexts>> {
  return textsByLocale(db, 'guide', postId);
}

/** Every locale's own texts of a static page. */
export function pageTextsByLocale(db: Db, postId: number): Partial<Record<Locale, PageTexts>> {
  return textsByLocale(db, 'page', postId);
}

/**
 * The ids a slug names in locales other than sk: `slugLocale`'s first, then the others'. The
 * caller tries the Slovak slug between the two (its own base table) and answers 301 when the row's
 * address in the shop differs from the path asked for.
 */
export function idsBySlugInLocale(db: Db, kind: TextKind, slug: string, slugLocale: Locale): { own: number | null; other: () => number | null } {
  const s = statements(db)[kind];
  const own = slugLocale !== SOURCE_LOCALE ? ((s.bySlug.get(slugLocale, slug) as number | undefined) ?? null) : null;
  const other = () => {
    for (const locale of LOCALES) {
      if (locale === slugLocale || locale === SOURCE_LOCALE) continue;
      const id = s.bySlug.get(locale, slug) as number | undefined;
      if (id !== undefined) return id;
    }
    return null;
  };
  return { own, other };
}

/**
 * The product a slug names in a shop speaking `slugLocale`: its slug in that locale, else its
 * Slovak one, else another locale's. The caller compares the product's address in the shop with
 * the path asked for and answers 301 when they differ (the Slovak slug on the Czech shop).
 */
export function productIdBySlug(db: Db, slug: string, slugLocale: Locale): number | null {
  const { own, other } = idsBySlugInLocale(db, 'product', slug, slugLocale);
  if (own !== null) return own;
  const id = statements(db).productBaseSlug.get(slug) as number | undefined;
  return id ?? other();
}

/** Whether another row of the kind already has this slug in the locale (unique per locale and slug). */
export function textSlugTaken(db: Db, kind: TextKind, locale: Locale, slug: string, exceptId: number | null): boolean {
  return statements(db)[kind].slugTaken.get(locale, slug, exceptId) !== undefined;
}

/** A row's slug per shop locale (sk, cs), for hreflang alternates and 301s. */
function slugsOf(db: Db, kind: TextKind, id: number): { sk: string; cs: string } | null {
  const row = statements(db)[kind].slugs.get(id) as { sk: string; cs: string | null } | undefined;
  return row ? { sk: row.sk, cs: row.cs ?? row.sk } : null;
}

/** A guide's slug per shop locale (sk, cs). */
export const guideSlugs = (db: Db, postId: number) => slugsOf(db, 'guide', postId);
/** A category's slug per shop locale (sk, cs). */
export const categorySlugs = (db: Db, categoryId: number) => slugsOf(db, 'category', categoryId);
/** A static page's slug per shop locale (sk, cs). */
export const pageSlugs = (db: Db, postId: number) => slugsOf(db, 'page', postId);

/** A product's slug per shop locale (sk, cs), for hreflang alternates and 301s. */
export function productSlugs(db: Db, productId: number): { sk: string; cs: string } | null {
  return slugsOf(db, 'product', productId);
}

/** The shops' hreflang alternates of one page whose path differs per shop locale. */
export function shopAlternates(origins: { sk: string; cz: string }, paths: { sk: string; cs: string }) {
  return [
    { hreflang: 'sk', href: `${origins.sk}${paths.sk}` },
    { hreflang: 'cs', href: `${origins.cz}${paths.cs}` },
    { hreflang: 'x-default', href: `${origins.sk}${paths.sk}` },
  ];
}
