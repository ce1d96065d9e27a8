import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { categories } from '../db/schema';
import { categoryUrl } from '../catalog/urls';

/**
 * Blog categories (spec 3 Category of type blog): look-ups by slug or id, their visible children
 * (the options of the blog filter), breadcrumbs, and the entry the category calls answer with.
 * Guides themselves are in blog.service.ts.
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

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  canonical: categories.canonical,
  path: categories.path,
  position: categories.position,
  visible: categories.visible,
};

const visibleBlog = and(eq(categories.type, 'blog'), eq(categories.visible, true));

// Prepared once per database: every unknown root address asks for a blog category of its slug
// before its 404, and drizzle building and preparing the query each time cost ~0.4 ms.
const statements = perDatabase((db: Db) => ({
  bySlug: db.select(categoryColumns).from(categories).where(and(eq(categories.slug, sql.placeholder('slug')), visibleBlog)).prepare(),
  byId: db.select(categoryColumns).from(categories).where(and(eq(categories.id, sql.placeholder('id')), visibleBlog)).prepare(),
  children: db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.parentId, sql.placeholder('parentId')), visibleBlog))
    .orderBy(asc(categories.position), asc(categories.id))
    .prepare(),
  crumb: db.select({ name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.id, sql.placeholder('id'))).prepare(),
}));

export function findBlogCategory(db: Db, by: { slug: string } | { id: number }): BlogCategory | null {
  const { bySlug, byId } = statements(db);
  return ('slug' in by ? bySlug.get({ slug: by.slug }) : byId.get({ id: by.id })) ?? null;
}

/** Visible direct children, in menu order: the options of the blog filter. */
export function childCategories(db: Db, parentId: number): BlogCategory[] {
  return statements(db).children.all({ parentId });
}

/** The categories of a materialised path (`/3/17/`), root first, as breadcrumb entries. */
export function categoryBreadcrumb(db: Db, category: Pick<BlogCategory, 'path'>): BreadcrumbEntry[] {
  const { crumb } = statements(db);
  return category.path
    .split('/')
    .filter(Boolean)
    .flatMap((id) => {
      const row = crumb.get({ id: Number(id) });
      return row ? [{ name: row.name, path: categoryUrl(row.slug) }] : [];
    });
}

/** A category as the spec's category calls read it, for the look-up by slug. */
export function categoryEntry(db: Db, category: BlogCategory) {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    type: 'blog' as const,
    visible: category.visible,
    canonical: category.canonical,
    position: category.position,
    path: categoryUrl(category.slug),
    children: childCategories(db, category.id).map((c) => ({ id: c.id, name: c.name, slug: c.slug, position: c.position, path: categoryUrl(c.slug) })),
  };
}
