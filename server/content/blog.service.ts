import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { blogImageUrl, guideUrl } from '../catalog/urls';
import {
  categoryName,
  categorySlug,
  categoryTextJoins,
  guideBody,
  guideShort,
  guideSlug,
  guideTextJoins,
  guideTitle,
  idsBySlugInLocale,
  langParams,
  SLOVAK,
  type CatalogueLang,
} from '../catalog/catalogue-texts';
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

/**
 * A guide's columns in the request's languages (docs/decisions/248): title, teaser and body in the
 * shopper's locale, its slug and its category's slug in the shop's, each falling back to the Slovak column. Bound: @locale,
 * @slugLocale (langParams).
 */
const GUIDE_COLUMNS = `b.id, ${guideTitle()} AS title, ${guideSlug()} AS slug, b.image, ${guideShort()} AS short, b.obtain_mode AS obtainMode,
  b.obtain_price AS obtainPrice, b.published_at AS publishedAt, ${categorySlug()} AS category`;
const GUIDE_FROM = `blog_posts b JOIN categories c ON c.id = b.category_id ${guideTextJoins()} ${categoryTextJoins()}`;
interface GuideRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  short: string;
  obtainMode: ObtainMode;
  obtainPrice: number | null;
  publishedAt: number;
  category: string;
}

function toGuide(db: Db, row: GuideRow, lang: CatalogueLang): Guide {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    image: row.image ? blogImageUrl(row.image) : null,
    short: cachesOf(db).teaser.get(`guide:${row.id}:${lang.text}`, row.short),
    category: row.category,
    url: guideUrl(row.category, row.slug),
    published_at: new Date(row.publishedAt).toISOString(),
    obtain_mode: row.obtainMode,
    obtain_price: row.obtainPrice,
  };
}

// Constants written into the SQL, not bound: a blog category's rows query took 126 µs instead of
// 232 µs in one micro-benchmark run (better-sqlite3, 10k-product seed, SQLite planning with the values).
const VISIBLE_GUIDE = `b.visible = 1 AND c.visible = 1 AND c.type = 'blog'`;



/**
 * The category paths a list covers: the category and its descendants, narrowed to the chosen
 * children. Returns null when the filter names a child the category does not have.
 */
function scopePaths(db: Db, category: BlogCategory, filter: BlogFilter, lang: CatalogueLang): string[] | null {
  const chosen = filter[BLOG_FILTER_ATTRIBUTE] ?? [];
  if (chosen.length === 0) return [category.path];
  const children = new Map(childCategories(db, category.id, lang).map((c) => [c.slug, c.path]));
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
  const inPaths = Array.from({ length: pathCount }, (_, i) => `(c.path >= @from${i} AND c.path < @to${i})`).join(' OR ');
  const where = `${VISIBLE_GUIDE}${pathCount ? ` AND (${inPaths})` : ''}`;
  const s = db.$client;
  return {
    total: s.prepare(`SELECT count(*) AS n FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE ${where}`),
    rows: s.prepare(`SELECT ${GUIDE_COLUMNS} FROM ${GUIDE_FROM} WHERE ${where} ORDER BY b.published_at DESC, b.id DESC LIMIT @limit OFFSET @offset`),
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

/** Guides newest first, in `lang`; `null` when the filter does not fit the category (unknown child). */
export function listGuides(db: Db, query: GuideQuery, lang: CatalogueLang = SLOVAK): { items: Guide[]; total: number } | null {
  const paths = query.category ? scopePaths(db, query.category, query.filter ?? {}, lang) : [];
  if (!paths) return null;
  const { total, rows, values } = listQueries(db, paths);
  const items = rows.all({ ...values, ...langParams(lang), limit: query.limit ?? BLOG_PAGE_SIZE, offset: query.offset ?? 0 }) as GuideRow[];
  return { items: items.map((r) => toGuide(db, r, lang)), total: (total.get(values) as { n: number } | undefined)?.n ?? 0 };
}

export function countGuides(db: Db, category: BlogCategory, filter: BlogFilter, lang: CatalogueLang = SLOVAK): number | null {
  const paths = scopePaths(db, category, filter, lang);
  if (!paths) return null;
  const { total, values } = listQueries(db, paths);
  return (total.get(values) as { n: number } | undefined)?.n ?? 0;
}

const newestStatement = perDatabase((db: Db) =>
  db.$client.prepare(`SELECT ${GUIDE_COLUMNS} FROM ${GUIDE_FROM} WHERE ${VISIBLE_GUIDE} ORDER BY b.published_at DESC, b.id DESC LIMIT 4`),
);

/** The four newest visible guides (the home page), one prepared query. */
export function newestGuides(db: Db, lang: CatalogueLang = SLOVAK): Guide[] {
  return (newestStatement(db).all(langParams(lang)) as GuideRow[]).map((row) => toGuide(db, row, lang));
}

const byIdsStatement = perDatabase((db: Db) =>
  db.$client.prepare(`SELECT ${GUIDE_COLUMNS} FROM ${GUIDE_FROM} WHERE ${VISIBLE_GUIDE} AND b.id IN (SELECT value FROM json_each(@ids))`),
);

/** Guides by id, in the order asked (a carousel, a favourites list); unknown ids are skipped. */
export function guidesByIds(db: Db, ids: number[], lang: CatalogueLang = SLOVAK): Guide[] {
  if (ids.length === 0) return [];
  const rows = byIdsStatement(db).all({ ...langParams(lang), ids: JSON.stringify(ids) }) as GuideRow[];
  const byId = new Map(rows.map((r) => [r.id, toGuide(db, r, lang)]));
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
export function blogFilterChoices(db: Db, category: BlogCategory, label: string, lang: CatalogueLang = SLOVAK): BlogFilterChoice[] {
  const children = childCategories(db, category.id, lang);
  if (children.length === 0) return [];
  const options: Record<string, string> = {};
  const counts: Record<string, number> = {};
  for (const child of children) {
    options[child.slug] = child.name;
    counts[child.slug] = countGuides(db, category, { [BLOG_FILTER_ATTRIBUTE]: [child.slug] }, lang) ?? 0;
  }
  return [{ code: BLOG_FILTER_ATTRIBUTE, label, options, counts }];
}

export interface GuideDetail extends Guide {
  body: string;
  description: string;
  categoryName: string;
  /** For the other shop's address of the guide (hreflang). */
  categoryId: number;
  breadcrumb: BreadcrumbEntry[];
}

export type GuideLookup = { found: GuideDetail } | { moved: string } | null;

type DetailRow = GuideRow & { body: string; categoryName: string; categoryPath: string; categoryId: number };

function detailOf(db: Db, row: DetailRow, imageHosts: readonly string[], lang: CatalogueLang): GuideDetail {
  const guide = toGuide(db, row, lang);
  const caches = cachesOf(db);
  const key = `guide:${row.id}:${lang.text}`;
  return {
    ...guide,
    body: caches.body.get(key, row.body, imageHosts),
    description: caches.description.get(key, row.short),
    categoryName: row.categoryName,
    categoryId: row.categoryId,
    breadcrumb: categoryBreadcrumb(db, { path: row.categoryPath }, lang),
  };
}

const detailStatements = perDatabase((db: Db) => {
  const s = db.$client;
  const details = `SELECT ${GUIDE_COLUMNS}, ${guideBody()} AS body, ${categoryName()} AS categoryName, c.path AS categoryPath, c.id AS categoryId FROM ${GUIDE_FROM} WHERE ${VISIBLE_GUIDE}`;
  return {
    byId: s.prepare(`${details} AND b.id = @id`),
    baseSlug: s.prepare('SELECT id FROM blog_posts WHERE slug = ? ORDER BY id').pluck(),
  };
});

/**
 * A guide by its address in the shop (`lang.slug`: the Czech shop's Czech slugs): its slug in the
 * shop's locale, else its Slovak one, else another locale's. Post slugs are unique only within a
 * category, so a slug found under another category, or the other shop's slug, answers with the
 * guide's right address in this shop (301) instead of a 404 (decisions/040, 248).
 */
export function findGuide(db: Db, categorySlug: string, slug: string, imageHosts: readonly string[] = [], lang: CatalogueLang = SLOVAK): GuideLookup {
  const s = detailStatements(db);
  const { own, other } = idsBySlugInLocale(db, 'guide', slug, lang.slug);
  let ids = own !== null ? [own] : (s.baseSlug.all(slug) as number[]);
  if (ids.length === 0) ids = [other()].filter((id): id is number => id !== null);
  const rows = ids.flatMap((id) => (s.byId.get({ id, ...langParams(lang) }) as DetailRow | undefined) ?? []);
  if (rows.length === 0) return null;
  const exact = rows.find((r) => r.category === categorySlug && r.slug === slug);
  if (exact) return { found: detailOf(db, exact, imageHosts, lang) };
  return { moved: guideUrl(rows[0].category, rows[0].slug) };
}

/** `imageHosts`: the config's IMAGE_HOSTS, the images the body may keep besides the shop's own. */
export function guideById(db: Db, id: number, imageHosts: readonly string[] = [], lang: CatalogueLang = SLOVAK): GuideDetail | null {
  const row = detailStatements(db).byId.get({ id, ...langParams(lang) }) as DetailRow | undefined;
  return row ? detailOf(db, row, imageHosts, lang) : null;
}
