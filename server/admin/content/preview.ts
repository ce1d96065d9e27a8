import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { categoryBreadcrumb } from '../../content/blog-category.service';
import { plainTextOf, sanitizeTeaser } from '../../content/sanitize';
import { guideUrl } from '../../catalog/urls';
import type { AppEnv } from '../../http/env';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers';
import { formatLongDate } from '../../render/format';
import { scriptJson } from '../../render/json';
import type { Renderer } from '../../render/renderer';
import { expandArticleWidgets } from '../../content/guide-widgets';
import type { AdminEnv } from '../env';
import type { Removed } from './removed';

/** The preview is framed by the back office's own form (no other page may frame it). */
const PREVIEW_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** "script", "onclick na a": what the editor reads in the removed list (tag names stay as written). */
export function removedTexts(c: Context<AdminEnv>, removed: Removed[]): string[] {
  const i18n = c.get('i18n');
  return removed.map((r) => (r.attribute ? i18n._('{attribute} na <{tag}>', { attribute: r.attribute, tag: r.tag }) : `<${r.tag}>`));
}

/** A removed list carried in a redirect's query ("script,a@onclick"): only names, anything else dropped. */
export function removedFromQuery(value: string | undefined): Removed[] {
  if (!value) return [];
  return value
    .split(',')
    .slice(0, 50)
    .filter((item) => /^[a-z][a-z0-9-]{0,40}(@[a-z_:][a-z0-9_:.-]{0,40})?$/.test(item))
    .map((item) => {
      const [tag, attribute] = item.split('@');
      return attribute ? { tag, attribute } : { tag };
    });
}

export const removedToQuery = (removed: Removed[]) => removed.map((r) => (r.attribute ? `${r.tag}@${r.attribute}` : r.tag)).join(',');

export interface GuidePreview {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  short: string;
  /** The body already sanitised exactly as the shop stores it. */
  body: string;
  category: { slug: string; name: string; path: string };
  publishedAt: Date;
  obtainMode: 'free' | 'points' | 'purchase';
  obtainPrice: number | null;
}

/**
 * The guide as the shop's page draws it: the shop's renderer, its layout and its guide template
 * (templates/pages/blog/guide.eta), the body open to read. JSON answers carry the same HTML.
 */
export function renderGuidePreview(shopRender: Renderer, c: Context<AdminEnv>, guide: GuidePreview): Response {
  const shop = c as unknown as Context<AppEnv>;
  const db = c.get('deps').db;
  const url = guideUrl(guide.category.slug, guide.slug || 'nahlad');
  const detail = {
    id: guide.id,
    title: guide.title,
    slug: guide.slug,
    image: guide.image,
    short: sanitizeTeaser(guide.short),
    category: guide.category.slug,
    url,
    published_at: guide.publishedAt.toISOString(),
    obtain_mode: guide.obtainMode,
    obtain_price: guide.obtainPrice,
    body: guide.body,
    description: plainTextOf(guide.short),
    categoryName: guide.category.name,
    breadcrumb: categoryBreadcrumb(db, { path: guide.category.path }),
  };
  c.header('Content-Security-Policy', PREVIEW_POLICY);
  c.header('X-Robots-Tag', 'noindex');
  return shopRender(
    shop,
    'pages/blog/guide',
    {
      guide: detail,
      access: { open: true, unlocked: false, signedIn: false },
      // The widget tags drawn as the shop draws them (never kept: the body is not saved yet).
      bodyHtml: expandArticleWidgets(shop, shopRender, detail.body),
      date: formatLongDate(guide.publishedAt, c.get('locale')),
      breadcrumb: [...detail.breadcrumb, { name: detail.title, path: url }],
      jsonLd: scriptJson([]),
    },
    { title: guide.title, description: detail.description, canonicalPath: url, noStore: true },
  );
}

/** A static page as the shop draws it (templates/pages/static/post.eta). */
export function renderPagePreview(shopRender: Renderer, c: Context<AdminEnv>, page: { id: number; title: string; slug: string; body: string }): Response {
  const path = `/${page.slug}`;
  const post = { id: page.id, title: page.title, slug: page.slug, path, body: page.body, description: plainTextOf(page.body) };
  c.header('Content-Security-Policy', PREVIEW_POLICY);
  c.header('X-Robots-Tag', 'noindex');
  return shopRender(c as unknown as Context<AppEnv>, 'pages/static/post', { post, bodyHtml: expandArticleWidgets(c as unknown as Context<AppEnv>, shopRender, post.body), breadcrumb: [{ name: post.title, path }] }, { title: post.title, canonicalPath: path, noStore: true });
}

/**
 * The editor's JSON answer: the page's HTML (unpacked when the shop gzipped it, and the page's
 * encoding header taken back so the JSON is not labelled gzip) and what saving would remove.
 */
export async function previewJson(c: Context<AdminEnv>, page: Response, removed: Removed[]): Promise<Response> {
  const bytes = Buffer.from(await page.arrayBuffer());
  const html = (page.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  c.header('Content-Encoding', undefined);
  return c.json({ html, removed: removedTexts(c, removed) }, 200, { 'Cache-Control': 'no-store' });
}
