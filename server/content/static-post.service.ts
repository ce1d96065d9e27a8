import type { Db } from '../db/client';
import { langParams, pageBody, pageSlug, pageTextJoins, pageTitle, SLOVAK, idsBySlugInLocale, type CatalogueLang } from '../catalog/catalogue-texts';
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

/**
 * A shop sees its own posts and the shared ones (shop_id null); its own win on the same slug.
 * Title and body in the shopper's locale, the slug in the shop's (docs/decisions/248), each
 * falling back to the Slovak column; bound: @shopId, @locale, @slugLocale.
 */
const OF_SHOP = 's.visible = 1 AND (s.shop_id = @shopId OR s.shop_id IS NULL)';
const OWN_FIRST = 's.shop_id IS NULL, s.id';
const SUMMARY = `SELECT s.id, ${pageTitle()} AS title, ${pageSlug()} AS slug, s.slug AS skSlug`;
const FROM = `static_posts s ${pageTextJoins()}`;

type Row = { id: number; title: string; slug: string; skSlug: string };
const summary = (r: Row): StaticPostSummary => ({ id: r.id, title: r.title, slug: r.slug, path: `/${r.slug}` });

function full(db: Db, r: Row & { body: string }, imageHosts: readonly string[], lang: CatalogueLang): StaticPost {
  const caches = cachesOf(db);
  const key = `static:${r.id}:${lang.text}`;
  const body = caches.body.get(key, r.body, imageHosts);
  return { ...summary(r), body, description: caches.description.get(key, body) };
}

// Prepared once per database: every unknown root address looks for a static post of its slug
// before its 404, and building and preparing the query each time cost ~0.4 ms.
const statements = perDatabase((db: Db) => {
  const s = db.$client;
  const posts = `${SUMMARY}, ${pageBody()} AS body FROM ${FROM} WHERE ${OF_SHOP}`;
  return {
    bySlug: s.prepare(`${posts} AND s.slug = @slug ORDER BY ${OWN_FIRST} LIMIT 1`),
    byId: s.prepare(`${posts} AND s.id = @id`),
    list: s.prepare(`${SUMMARY} FROM ${FROM} WHERE ${OF_SHOP} ORDER BY ${OWN_FIRST}`),
  };
});

/**
 * A shop's post by a slug: its slug in the shop's locale (`lang.slug`), else its Slovak one, else
 * another locale's. The caller compares `path` with the address asked for and answers 301 when
 * they differ (the Slovak slug on the Czech shop). `imageHosts`: the config's IMAGE_HOSTS.
 */
export function findStaticPost(db: Db, shopId: number, slug: string, imageHosts: readonly string[] = [], lang: CatalogueLang = SLOVAK): StaticPost | null {
  const s = statements(db);
  const params = { shopId, ...langParams(lang) };
  const byId = (id: number | null) => (id === null ? undefined : (s.byId.get({ ...params, id }) as (Row & { body: string }) | undefined));
  const { own, other } = idsBySlugInLocale(db, 'page', slug, lang.slug);
  const row = byId(own) ?? (s.bySlug.get({ ...params, slug }) as (Row & { body: string }) | undefined) ?? byId(other());
  return row ? full(db, row, imageHosts, lang) : null;
}

export function staticPostById(db: Db, shopId: number, id: number, imageHosts: readonly string[] = [], lang: CatalogueLang = SLOVAK): StaticPost | null {
  const row = statements(db).byId.get({ shopId, id, ...langParams(lang) }) as (Row & { body: string }) | undefined;
  return row ? full(db, row, imageHosts, lang) : null;
}

/** The shop's posts (one per Slovak slug, own over shared), keyed by that Slovak slug. */
function shopPosts(db: Db, shopId: number, lang: CatalogueLang): Map<string, Row> {
  const bySkSlug = new Map<string, Row>();
  for (const row of statements(db).list.all({ shopId, ...langParams(lang) }) as Row[]) if (!bySkSlug.has(row.skSlug)) bySkSlug.set(row.skSlug, row);
  return bySkSlug;
}

/**
 * The shop's posts, optionally only the given ids or slugs (Slovak or the shop's locale's); one
 * entry per slug (own over shared), in id order.
 */
export function listStaticPosts(db: Db, shopId: number, only: { ids?: number[]; slugs?: string[] } = {}, lang: CatalogueLang = SLOVAK): StaticPostSummary[] {
  const ids = only.ids?.length ? new Set(only.ids) : null;
  const slugs = only.slugs?.length ? new Set(only.slugs) : null;
  return [...shopPosts(db, shopId, lang).values()]
    .filter((r) => (!ids || ids.has(r.id)) && (!slugs || slugs.has(r.skSlug) || slugs.has(r.slug)))
    .sort((a, b) => a.id - b.id)
    .map(summary);
}

/** Links to the shop's posts named by their Slovak slugs (a stream chapter), in the order given. */
export function staticPostLinks(db: Db, shopId: number, slugs: string[], lang: CatalogueLang = SLOVAK): StaticPostSummary[] {
  const posts = shopPosts(db, shopId, lang);
  return slugs.flatMap((slug) => {
    const row = posts.get(slug);
    return row ? [summary(row)] : [];
  });
}

/** Whether a post is shown by every shop (shop_id null): only then has it an address in each. */
export function staticPostShared(db: Db, id: number): boolean {
  return db.$client.prepare('SELECT 1 FROM static_posts WHERE id = ? AND shop_id IS NULL').get(id) !== undefined;
}

/** The write path for editors: the body is sanitised before it is stored. */
export function createStaticPost(db: Db, input: { shopId: number | null; title: string; slug: string; body: string }, imageHosts: readonly string[] = []): number {
  return db
    .insert(staticPosts)
    .values({ shopId: input.shopId, title: input.title, slug: input.slug, body: sanitizeArticle(input.body, imageHosts) })
    .returning({ id: staticPosts.id })
    .get().id;
}
