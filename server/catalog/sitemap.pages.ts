import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { catalogAt, catalogView, categoryIndex, type CatalogAt } from './catalog-views';
import { LISTED_TOP_LEVEL } from './sellable';
import { categorySlug, categoryTextJoins, guideSlug, guideTextJoins, langParams, SLOVAK } from './catalogue-texts';
import { categoryUrl, guideUrl, productUrl, sellerUrl } from './urls';

/** The sitemap protocol's limit per file; a bigger shop gets an index of numbered parts. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Every public page of one shop, as paths in the shop's own slugs (`at.lang.slug`): home, category pages (product and blog), products
 * (visible, top-level: variants share their parent's page), guides, the shop pages of approved
 * sellers who have a product listed in this shop (the first page of each, as for categories) and
 * the shop's static pages.
 */
export function sitemapPaths(at: CatalogAt, shopId: number): string[] {
  const sqlite = at.db.$client;
  const paths = ['/'];
  for (const node of categoryIndex(at).all()) paths.push(categoryUrl(node.slug));
  const products = sqlite
    .prepare(
      `SELECT COALESCE((SELECT slug FROM product_texts WHERE product_id = p.id AND locale = ?), p.slug)
         FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
        WHERE ${LISTED_TOP_LEVEL} ORDER BY p.id`,
    )
    .pluck()
    .all((at.lang ?? SLOVAK).slug, shopId) as string[];
  for (const slug of products) paths.push(productUrl(slug));
  const guides = sqlite
    .prepare(
      `SELECT ${guideSlug()} AS slug, ${categorySlug()} AS category
         FROM blog_posts b JOIN categories c ON c.id = b.category_id ${guideTextJoins()} ${categoryTextJoins()}
        WHERE b.visible = 1 AND c.visible = 1 ORDER BY b.id`,
    )
    .all(langParams(at.lang ?? SLOVAK)) as { slug: string; category: string }[];
  for (const g of guides) paths.push(guideUrl(g.category, g.slug));
  // The seller page's own list (listing.service's seller scope): an empty shop page is not worth a crawl.
  const sellers = sqlite
    .prepare(
      `SELECT s.slug FROM sellers s WHERE s.activated_at IS NOT NULL AND EXISTS (
         SELECT 1 FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
          WHERE p.seller_id = s.id AND ${LISTED_TOP_LEVEL})
        ORDER BY s.id`,
    )
    .pluck()
    .all(shopId) as string[];
  for (const slug of sellers) paths.push(sellerUrl(slug));
  const statics = sqlite
    .prepare(
      `SELECT COALESCE((SELECT slug FROM static_post_texts WHERE post_id = s.id AND locale = ?), s.slug)
         FROM static_posts s WHERE s.visible = 1 AND (s.shop_id = ? OR s.shop_id IS NULL) ORDER BY s.id`,
    )
    .pluck()
    .all((at.lang ?? SLOVAK).slug, shopId) as string[];
  for (const slug of statics) paths.push(`/${slug}`);
  return [...new Set(paths)];
}

function urlset(origin: string, paths: string[]): string {
  const body = paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function sitemapIndex(origin: string, parts: number): string {
  const body = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** /sitemap.xml (a urlset, or an index of /sitemap-N.xml parts past 50,000 URLs) and /robots.txt. */
export function sitemapPages(maxUrls = SITEMAP_MAX_URLS) {
  const app = new Hono<AppEnv>();
  const xml = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
  // Built once per catalogue version (catalog-views.ts).
  const kept = <T extends string | string[]>(c: Context<AppEnv>, key: string, build: () => T): T =>
    catalogView(catalogAt(c), `${key}:${c.get('shop').code}`, build, (value) => (typeof value === 'string' ? value.length : value.reduce((n, p) => n + p.length + 32, 0)) * 2);
  const paths = (c: Context<AppEnv>) => kept(c, 'sitemap', () => sitemapPaths(catalogAt(c), c.get('shop').id));

  app.get('/sitemap.xml', (c) => {
    const shop = c.get('shop');
    const body = kept(c, `sitemap.xml|${maxUrls}`, () => {
      const all = paths(c);
      return all.length <= maxUrls ? urlset(shop.origin, all) : sitemapIndex(shop.origin, Math.ceil(all.length / maxUrls));
    });
    return c.body(body, 200, xml);
  });

  app.get('/:part{sitemap-[0-9]{1,4}\\.xml}', (c) => {
    const shop = c.get('shop');
    const n = Number(c.req.param('part').slice(8, -4));
    const all = paths(c);
    if (all.length <= maxUrls || n < 1 || (n - 1) * maxUrls >= all.length) return c.notFound();
    const body = kept(c, `sitemap-${n}|${maxUrls}`, () => urlset(shop.origin, all.slice((n - 1) * maxUrls, n * maxUrls)));
    return c.body(body, 200, xml);
  });

  app.get('/robots.txt', (c) => {
    const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /moje/', 'Disallow: /nakupny-kosik', 'Disallow: /hladaj', '', `Sitemap: ${c.get('shop').origin}/sitemap.xml`, ''];
    return c.body(lines.join('\n'), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
  });
  return app;
}
