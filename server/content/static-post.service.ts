import { and, asc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { staticPosts } from '../db/schema';
import { SanitizeCache, plainTextOf, sanitizeArticle } from './sanitize';

/** The spec's Static post entity (title, slug) with its id and address. */
export interface StaticPostSummary {
  id: number;
  title: string;
  slug: string;
  path: string;
}

export interface StaticPost extends StaticPostSummary {
  body: string;
  description: string;
}

const cachesOf = perDatabase(() => ({
  body: new SanitizeCache(sanitizeArticle, 200),
  /** The meta description: the body as plain text (sanitize-html again, ~0.1 ms a post). */
  description: new SanitizeCache((html) => plainTextOf(html), 200),
}));

/** A shop sees its own posts and the shared ones (shop_id null); its own win on the same slug. */
const ofShop = (shopId: number | Placeholder) => and(eq(staticPosts.visible, true), or(eq(staticPosts.shopId, shopId), isNull(staticPosts.shopId)));
const ownFirst = sql`${staticPosts.shopId} IS NULL`;

const summaryColumns = { id: staticPosts.id, title: staticPosts.title, slug: staticPosts.slug };
const summary = (r: { id: number; title: string; slug: string }): StaticPostSummary => ({ ...r, path: `/${r.slug}` });

function full(db: Db, r: { id: number; title: string; slug: string; body: string }, imageHosts: readonly string[]): StaticPost {
  const caches = cachesOf(db);
  const body = caches.body.get(`static:${r.id}`, r.body, imageHosts);
  return { ...summary(r), body, description: caches.description.get(`static:${r.id}`, body) };
}

// Prepared once per database: every unknown root address looks for a static post of its slug
// before its 404, and drizzle building and preparing the query each time cost ~0.4 ms.
const statements = perDatabase((db: Db) => {
  const posts = () => db.select({ ...summaryColumns, body: staticPosts.body }).from(staticPosts);
  const shopId = sql.placeholder('shopId');
  return {
    bySlug: posts()
      .where(and(ofShop(shopId), eq(staticPosts.slug, sql.placeholder('slug'))))
      .orderBy(ownFirst, asc(staticPosts.id))
      .limit(1)
      .prepare(),
    byId: posts()
      .where(and(ofShop(shopId), eq(staticPosts.id, sql.placeholder('id'))))
      .prepare(),
  };
});

/** `imageHosts`: the config's IMAGE_HOSTS, the images the body may keep besides the shop's own. */
export function findStaticPost(db: Db, shopId: number, slug: string, imageHosts: readonly string[] = []): StaticPost | null {
  const row = statements(db).bySlug.get({ shopId, slug });
  return row ? full(db, row, imageHosts) : null;
}

export function staticPostById(db: Db, shopId: number, id: number, imageHosts: readonly string[] = []): StaticPost | null {
  const row = statements(db).byId.get({ shopId, id });
  return row ? full(db, row, imageHosts) : null;
}

/** The shop's posts, optionally only the given ids or slugs; one entry per slug (own over shared). */
export function listStaticPosts(db: Db, shopId: number, only: { ids?: number[]; slugs?: string[] } = {}): StaticPostSummary[] {
  const conditions = [ofShop(shopId)];
  if (only.ids?.length) conditions.push(inArray(staticPosts.id, only.ids));
  if (only.slugs?.length) conditions.push(inArray(staticPosts.slug, only.slugs));
  const rows = db
    .select(summaryColumns)
    .from(staticPosts)
    .where(and(...conditions))
    .orderBy(ownFirst, asc(staticPosts.id))
    .all();
  const bySlug = new Map<string, StaticPostSummary>();
  for (const row of rows) if (!bySlug.has(row.slug)) bySlug.set(row.slug, summary(row));
  return [...bySlug.values()].sort((a, b) => a.id - b.id);
}

/** The write path for editors: the body is sanitised before it is stored. */
export function createStaticPost(db: Db, input: { shopId: number | null; title: string; slug: string; body: string }, imageHosts: readonly string[] = []): number {
  return db
    .insert(staticPosts)
    .values({ shopId: input.shopId, title: input.title, slug: input.slug, body: sanitizeArticle(input.body, imageHosts) })
    .returning({ id: staticPosts.id })
    .get().id;
}
