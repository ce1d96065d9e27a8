import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { blogPosts, categories } from '../db/schema';
import { blogImageUrl, guideUrl } from '../catalog/urls';
import { BLOG_FILTER_ATTRIBUTE, type BlogFilter } from './blog-filter';
import { categoryBreadcrumb, childCategories, type BlogCategory, type BreadcrumbEntry } from './blog-category.service';
import { SanitizeCache, plainTextOf, sanitizeArticle, sanitizeTeaser } from './sanitize';

export { BLOG_FILTER_ATTRIBUTE, filterSegment, parseFilterSegment, type BlogFilter } from './blog-filter';
export { categoryBreadcrumb, categoryEntry, childCategories, findBlogCategory, type BlogCategory, type BreadcrumbEntry } from './blog-category.service';

/** Spec 9: lists show 12 items a page. */
export const BLOG_PAGE_SIZE = 12;

export type ObtainMode = 'free' | 'points' | 'purchase';

/** The spec's Blog entity (id, title, slug, image, short, category) plus what a card shows. */
export interface Guide {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  short: string;
  category: string;
  url: string;
  published_at: string;
  obtain_mode: ObtainMode;
  obtain_price: number | null;
}



const cachesOf = perDatabase(() => ({
  body: new SanitizeCache(sanitizeArticle),
  teaser: new SanitizeCache(sanitizeTeaser, 2000),
  /** The meta description: the teaser as plain text (sanitize-html again, ~0.1 ms a guide). */
  description: new SanitizeCache((html) => plainTextOf(html)),
}));

const guideColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  image: blogPosts.image,
  short: blogPosts.short,
  obtainMode: blogPosts.obtainMode,
  obtainPrice: blogPosts.obtainPrice,
  publishedAt: blogPosts.publishedAt,
  category: categories.slug,
};
interface GuideRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  short: string;
  obtainMode: ObtainMode;
  obtainPrice: number | null;
  publishedAt: Date;
  category: string;
}

function toGuide(db: Db, row: GuideRow): Guide {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    image: row.image ? blogImageUrl(row.image) : null,
    short: cachesOf(db).teaser.get(`guide:${row.id}`, row.short),
    category: row.category,
    url: guideUrl(row.category, row.slug),
    published_at: row.publishedAt.toISOString(),
    obtain_mode: row.obtainMode,
    obtain_price: row.obtainPrice,
  };
}

// Constants written into the SQL, not bound: a blog category's rows query took 126 µs instead of
// 232 µs in one micro-benchmark run (better-sqlite3, 10k-product seed, SQLite planning with the values).
const visibleGuide = sql`${blogPosts.visible} = 1 and ${categories.visible} = 1 and ${categories.type} = 'blog'`;



/**
 * The category paths a list covers: the category and its descendants, narrowed to the chosen
 * children. Returns null when the filter names a child the category does not have.
 */
function scopePaths(db: Db, category: BlogCategory, filter: BlogFilter): string[] | null {
  const chosen = filter[BLOG_FILTER_ATTRIBUTE] ?? [];
  if (chosen.length === 0) return [category.path];
  const children = new Map(childCategories(db, category.id).map((c) => [c.slug, c.path]));
  const paths: string[] = [];
  for (const slug of chosen) {
    const path = children.get(slug);
    if (!path) return null;
    paths.push(path);
  }
  return paths;
}

/**
 * The queries of a list over `paths` category subtrees (one for a category, one per chosen child),
 * prepared once per database and number of paths: drizzle building and preparing them on each
 * request cost more than the rest of a guide list. Materialised paths hold only digits and slashes
 * and end with one.
 */
const listStatements = perDatabase(() => new Map<number, ReturnType<typeof prepareList>>());

function prepareList(db: Db, pathCount: number) {
  const inPaths =
    pathCount === 0
      ? undefined
      : or(...Array.from({ length: pathCount }, (_, i) => and(gte(categories.path, sql.placeholder(`from${i}`)), lt(categories.path, sql.placeholder(`to${i}`)))));
  const where = and(visibleGuide, inPaths);
  return {
    total: db.select({ n: count() }).from(blogPosts).innerJoin(categories, eq(categories.id, blogPosts.categoryId)).where(where).prepare(),
    rows: db
      .select(guideColumns)
      .from(blogPosts)
      .innerJoin(categories, eq(categories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  };
}

function listQueries(db: Db, paths: string[]) {
  const made = listStatements(db);
  let queries = made.get(paths.length);
  if (!queries) made.set(paths.length, (queries = prepareList(db, paths.length)));
  const values: Record<string, string> = {};
  // A subtree as a range of the path index: "/3/17/" up to "/3/170" ('0' follows '/'), which
  // LIKE (case-insensitive in SQLite) cannot use.
  paths.forEach((path, i) => {
    values[`from${i}`] = path;
    values[`to${i}`] = `${path.slice(0, -1)}0`;
  });
  return { ...queries, values };
}

export interface GuideQuery {
  category?: BlogCategory | null;
  filter?: BlogFilter;
  offset?: number;
  limit?: number;
}

/** Guides newest first; `null` when the filter does not fit the category (unknown child). */
export function listGuides(db: Db, query: GuideQuery): { items: Guide[]; total: number } | null {
  const paths = query.category ? scopePaths(db, query.category, query.filter ?? {}) : [];
  if (!paths) return null;
  const { total, rows, values } = listQueries(db, paths);
  const items = rows.all({ ...values, limit: query.limit ?? BLOG_PAGE_SIZE, offset: query.offset ?? 0 });
  return { items: items.map((r) => toGuide(db, r)), total: total.get(values)?.n ?? 0 };
}

export function countGuides(db: Db, category: BlogCategory, filter: BlogFilter): number | null {
  const paths = scopePaths(db, category, filter);
  if (!paths) return null;
  const { total, values } = listQueries(db, paths);
  return total.get(values)?.n ?? 0;
}

const newestStatement = perDatabase((db: Db) =>
  db
    .select(guideColumns)
    .from(blogPosts)
    .innerJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(visibleGuide)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(4)
    .prepare(),
);

/** The four newest visible guides (the home page), one prepared query. */
export function newestGuides(db: Db): Guide[] {
  return newestStatement(db).all().map((row) => toGuide(db, row));
}

/** Guides by id, in the order asked (a carousel, a favourites list); unknown ids are skipped. */
export function guidesByIds(db: Db, ids: number[]): Guide[] {
  if (ids.length === 0) return [];
  const rows = db.select(guideColumns).from(blogPosts).innerJoin(categories, eq(categories.id, blogPosts.categoryId)).where(and(visibleGuide, inArray(blogPosts.id, ids))).all();
  const byId = new Map(rows.map((r) => [r.id, toGuide(db, r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface BlogFilterChoice {
  code: string;
  label: string;
  /** Option key (child category slug) → label. */
  options: Record<string, string>;
  /** Guides per option, so the filter can show counts next to the choices. */
  counts: Record<string, number>;
}

/** The filter a blog category offers: its children, each with its number of guides. */
export function blogFilterChoices(db: Db, category: BlogCategory, label: string): BlogFilterChoice[] {
  const children = childCategories(db, category.id);
  if (children.length === 0) return [];
  const options: Record<string, string> = {};
  const counts: Record<string, number> = {};
  for (const child of children) {
    options[child.slug] = child.name;
    counts[child.slug] = countGuides(db, category, { [BLOG_FILTER_ATTRIBUTE]: [child.slug] }) ?? 0;
  }
  return [{ code: BLOG_FILTER_ATTRIBUTE, label, options, counts }];
}

export interface GuideDetail extends Guide {
  body: string;
  description: string;
  categoryName: string;
  breadcrumb: BreadcrumbEntry[];
}

export type GuideLookup = { found: GuideDetail } | { moved: string } | null;

function detailOf(db: Db, row: GuideRow & { body: string; categoryName: string; categoryPath: string }, imageHosts: readonly string[]): GuideDetail {
  const guide = toGuide(db, row);
  const caches = cachesOf(db);
  return {
    ...guide,
    body: caches.body.get(`guide:${row.id}`, row.body, imageHosts),
    description: caches.description.get(`guide:${row.id}`, row.short),
    categoryName: row.categoryName,
    breadcrumb: categoryBreadcrumb(db, { path: row.categoryPath }),
  };
}

const detailColumns = { ...guideColumns, body: blogPosts.body, categoryName: categories.name, categoryPath: categories.path };

const detailStatements = perDatabase((db: Db) => {
  const details = () => db.select(detailColumns).from(blogPosts).innerJoin(categories, eq(categories.id, blogPosts.categoryId));
  return {
    bySlug: details()
      .where(and(visibleGuide, eq(blogPosts.slug, sql.placeholder('slug'))))
      .orderBy(asc(blogPosts.id))
      .prepare(),
    byId: details()
      .where(and(visibleGuide, eq(blogPosts.id, sql.placeholder('id'))))
      .prepare(),
  };
});

/**
 * A guide by its address. Post slugs are unique only within a category, so a slug found under
 * another category answers with that guide's right address (301) instead of a 404 (decisions/040).
 */
export function findGuide(db: Db, categorySlug: string, slug: string, imageHosts: readonly string[] = []): GuideLookup {
  const rows = detailStatements(db).bySlug.all({ slug });
  if (rows.length === 0) return null;
  const exact = rows.find((r) => r.category === categorySlug);
  if (exact) return { found: detailOf(db, exact, imageHosts) };
  return { moved: guideUrl(rows[0].category, rows[0].slug) };
}

/** `imageHosts`: the config's IMAGE_HOSTS, the images the body may keep besides the shop's own. */
export function guideById(db: Db, id: number, imageHosts: readonly string[] = []): GuideDetail | null {
  const row = detailStatements(db).byId.get({ id });
  return row ? detailOf(db, row, imageHosts) : null;
}
