import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
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

export function findBlogCategory(db: Db, by: { slug: string } | { id: number }): BlogCategory | null {
  const where = 'slug' in by ? eq(categories.slug, by.slug) : eq(categories.id, by.id);
  return (
    db
      .select(categoryColumns)
      .from(categories)
      .where(and(where, eq(categories.type, 'blog'), eq(categories.visible, true)))
      .get() ?? null
  );
}

/** Visible direct children, in menu order: the options of the blog filter. */
export function childCategories(db: Db, parentId: number): BlogCategory[] {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.parentId, parentId), eq(categories.type, 'blog'), eq(categories.visible, true)))
    .orderBy(asc(categories.position), asc(categories.id))
    .all();
}

export function categoryBreadcrumb(db: Db, category: Pick<BlogCategory, 'path'>): BreadcrumbEntry[] {
  const ids = category.path.split('/').filter(Boolean).map(Number);
  const rows = db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(inArray(categories.id, ids)).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
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
