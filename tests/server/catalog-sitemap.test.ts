import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { sitemapPages } from '../../server/catalog/sitemap.pages';
import type { AppEnv } from '../../server/http/env';
import { loadShops } from '../../server/shops/shops.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, sql, SK } from './catalog-helpers';

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 300 });
});
afterAll(() => shop.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('sitemap.xml', () => {
  it('lists home, categories, visible top-level products, guides and the shop static pages with absolute URLs', async () => {
    const response = await shop.app.request('/sitemap.xml', { headers: SK });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = new Set(locs(xml));
    const o = 'http://127.0.0.1:3000';
    expect(urls.has(`${o}/`)).toBe(true);
    for (const c of sql<{ slug: string }>(shop, 'SELECT slug FROM categories WHERE visible = 1')) expect(urls.has(`${o}/${c.slug}`), c.slug).toBe(true);
    const products = sql<{ slug: string; visible: number; parent_id: number | null }>(shop, 'SELECT slug, visible, parent_id FROM products');
    for (const p of products) expect(urls.has(`${o}/${p.slug}`), p.slug).toBe(p.visible !== 0 && p.parent_id === null);
    const guide = sql<{ slug: string; category: string }>(shop, 'SELECT b.slug, c.slug AS category FROM blog_posts b JOIN categories c ON c.id = b.category_id WHERE b.visible = 1 LIMIT 1')[0];
    expect(urls.has(`${o}/navody-inspiracie/${guide.category}/${guide.slug}`)).toBe(true);
    // Sellers: approved, with a product listed in this shop; the others would be a 404 or an empty page.
    const sellers = sql<{ slug: string; listed: number }>(
      shop,
      `SELECT s.slug, s.activated_at IS NOT NULL AND EXISTS (SELECT 1 FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = (SELECT id FROM shops WHERE code = 'sk')
         WHERE p.seller_id = s.id AND p.parent_id IS NULL AND p.visible <> 0) AS listed FROM sellers s`,
    );
    expect(sellers.some((s) => s.listed)).toBe(true);
    expect(sellers.some((s) => !s.listed)).toBe(true);
    for (const seller of sellers) expect(urls.has(`${o}/obchod/${seller.slug}`), seller.slug).toBe(seller.listed === 1);
    expect(urls.has(`${o}/podmienky`)).toBe(true);
    expect(urls.has(`${o}/obchodni-podminky`)).toBe(false);
    expect([...urls].every((u) => u.startsWith(`${o}/`))).toBe(true);
  });

  it('uses the origin of the requesting shop', async () => {
    const xml = await (await shop.app.request('/sitemap.xml', { headers: CZ })).text();
    const urls = locs(xml);
    expect(urls.every((u) => u.startsWith('http://cz.localhost:3000/'))).toBe(true);
    expect(urls).toContain('http://cz.localhost:3000/obchodni-podminky');
    expect(urls).not.toContain('http://cz.localhost:3000/podmienky');
  });

  it('splits into an index of parts past the URL limit', async () => {
    const shops = loadShops(shop.db, shop.config);
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('shop', shops.sk);
      c.set('deps', { db: shop.db } as never);
      c.set('catalogVersion', readCatalogVersion(shop.db));
      await next();
    });
    app.route('/', sitemapPages(100));
    const index = await (await app.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const parts = locs(index);
    const all = await (await shop.app.request('/sitemap.xml', { headers: SK })).text();
    expect(parts).toHaveLength(Math.ceil(locs(all).length / 100));
    const joined = [];
    for (const part of parts) joined.push(...locs(await (await app.request(new URL(part).pathname)).text()));
    expect(joined).toEqual(locs(all));
    expect((await app.request(`/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('points to the sitemap of the shop', async () => {
    const text = await (await shop.app.request('/robots.txt', { headers: CZ })).text();
    expect(text).toContain('Sitemap: http://cz.localhost:3000/sitemap.xml');
    expect(text).toContain('Disallow: /api/');
  });
});
