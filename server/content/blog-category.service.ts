import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { categoryUrl } from '../catalog/urls';
import {
  categoryDescription,
  categoryName,
  categorySlug,
  categoryTextJoins,
  idsBySlugInLocale,
  langParams,
  SLOVAK,
  type CatalogueLang,
} from '../catalog/catalogue-texts';

/**
 * Blog categories (spec 3 Category of type blog): look-ups by slug or id, their visible children
 * (the options of the blog filter), breadcrumbs, and the entry the category calls answer with.
 * Names and descriptions are in the shopper's locale and slugs in the shop's (category_texts,
 * docs/decisions/248), as product categories are. Guides themselves are in blog.service.ts.
 */

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  canonical: string | null;
  path: string;
  position: number;
  visible: boolean;
}

export interface BreadcrumbEntry {
  name: string;
  path: string;
}

const COLUMNS = `c.id, ${categoryName()} AS name, ${categorySlug()} AS slug, ${categoryDescription()} AS description, c.canonical, c.path,
  c.position, c.visible = 1 AS visible`;
const FROM = `categories c ${categoryTextJoins()}`;
const VISIBLE_BLOG = `c.type = 'blog' AND c.visible = 1`;

// Prepared once per database: every unknown root address asks for a blog category of its slug
// before its 404.
const statements = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    byId: s.prepare<Record<string, unknown>, BlogCategory>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = @id AND ${VISIBLE_BLOG}`),
    baseSlug: s.prepare<[string], number>(`SELECT id FROM categories c WHERE slug = ? AND ${VISIBLE_BLOG}`).pluck(),
    children: s.prepare<Record<string, unknown>, BlogCategory>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE c.parent_id = @parentId AND ${VISIBLE_BLOG} ORDER BY c.position, c.id`,
    ),
    crumb: s.prepare<Record<string, unknown>, { name: string; slug: string }>(`SELECT ${categoryName()} AS name, ${categorySlug()} AS slug FROM ${FROM} WHERE c.id = @id`),
  };
});

const normalise = (row: BlogCategory | undefined): BlogCategory | null => (row ? { ...row, visible: Boolean(row.visible) } : null);

/**
 * A visible blog category by id, or by its address in the shop (`lang.slug`): its slug in the
 * shop's locale, else its Slovak one, else another locale's. The caller compares the returned
 * slug with the one asked for and answers 301 when they differ (the Slovak slug on the Czech shop).
 */
export function findBlogCategory(db: Db, by: { slug: string } | { id: number }, lang: CatalogueLang = SLOVAK): BlogCategory | null {
  const s = statements(db);
  const byId = (id: number | null | undefined) => (id == null ? null : normalise(s.byId.get({ id, ...langParams(lang) })));
  if ('id' in by) return byId(by.id);
  const { own, other } = idsBySlugInLocale(db, 'category', by.slug, lang.slug);
  return byId(own) ?? byId(s.baseSlug.get(by.slug)) ?? byId(other());
}

/** Visible direct children, in menu order: the options of the blog filter. */
export function childCategories(db: Db, parentId: number, lang: CatalogueLang = SLOVAK): BlogCategory[] {
  return statements(db).children.all({ parentId, ...langParams(lang) }).map((row) => normalise(row)!);
}

/** The categories of a materialised path (`/3/17/`), root first, as breadcrumb entries. */
export function categoryBreadcrumb(db: Db, category: Pick<BlogCategory, 'path'>, lang: CatalogueLang = SLOVAK): BreadcrumbEntry[] {
  const { crumb } = statements(db);
  return category.path
    .split('/')
    .filter(Boolean)
    .flatMap((id) => {
      const row = crumb.get({ id: Number(id), ...langParams(lang) });
      return row ? [{ name: row.name, path: categoryUrl(row.slug) }] : [];
    });
}

/** A category as the spec's category calls read it, for the look-up by slug. */
export function categoryEntry(db: Db, category: BlogCategory, lang: CatalogueLang = SLOVAK) {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    type: 'blog' as const,
    visible: category.visible,
    canonical: category.canonical,
    position: category.position,
    path: categoryUrl(category.slug),
    children: childCategories(db, category.id, lang).map((c) => ({ id: c.id, name: c.name, slug: c.slug, position: c.position, path: categoryUrl(c.slug) })),
  };
}
