import { NO_LIST_TOOLS } from '../../server/catalog/list-tools';
import Database from 'better-sqlite3';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptCard } from '../../server/catalog/card-cache';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { categoryFilter, categoryIndex } from '../../server/catalog/catalog-views';
import { categoryPageView } from '../../server/catalog/category.view';
import { emptyCriteria } from '../../server/catalog/filter';
import { productsByIds } from '../../server/catalog/listing.service';
import { toProductCard } from '../../server/catalog/product-card';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { createTranslators } from '../../server/i18n/catalogs';
import type { AppEnv } from '../../server/http/env';
import { loadAssets } from '../../server/render/assets';
import { createRenderer, NO_RETURN_PATH } from '../../server/render/renderer';
import { loadShops } from '../../server/shops/shops.service';
import { createTestShop, type TestShop } from '../setup/test-app';
import { get, richCategory, signedIn, sql } from './catalog-helpers';
import { intlLocale } from '../../server/render/format';

// Category pages are rendered for every request from kept cards and a kept filter panel (card-cache.ts).
let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300 });
  root = richCategory(shop);
});
afterAll(() => shop.close());

/** The cards of a list page exactly as sent. */
const items = (html: string) => html.match(/<div class="product-list__items">([\s\S]*?)<\/div>\s*<div class="product-list__pager">/)![1];
/** The filter panel as sent. */
const panel = (html: string) => html.match(/<aside class="category-page__filter"[\s\S]*?<\/aside>/)![0];
const firstCard = (r: Awaited<ReturnType<typeof get>>) => r.doc.querySelector('.product-card')!;
const firstId = (r: Awaited<ReturnType<typeof get>>) => Number(firstCard(r).getAttribute('data-product-id'));

/**
 * The page's main part as the templates draw it without any kept piece: a separate renderer
 * (templates read from disk, nothing compiled kept) renders the category view from fresh rows, its
 * product list looping over include() and the filter panel rendered in place. Cards are drawn
 * without a return path (NO_RETURN_PATH, decision 199), whatever page they are on.
 */
function freshMain(path: string, page: number, locale: 'sk' | 'en', wholesale: boolean): string {
  const config = shop.config;
  const shops = loadShops(shop.db, config);
  const i18n = createTranslators()[locale];
  const render = createRenderer({ root: config.root, production: false, assets: loadAssets(config.root), httpCache: config.httpCache });
  // The filter's labels are in the shopper's locale (content_texts, decision 249).
  const at = { db: shop.db, version: readCatalogVersion(shop.db), lang: { text: locale, slug: 'sk' as const } };
  const index = categoryIndex(at);
  const category = index.bySlugVisible(root.slug)!;
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  const cards = (ids: number[]) => productsByIds(shop.db, shops.sk.id, wholesale, ids, { text: locale, slug: 'sk' }).map((p) => toProductCard(p, shops.sk.currencySymbol, t)) as unknown as KeptCard[];
  const built = categoryPageView({ at, index, category, filter: categoryFilter(at, category.id, shops.sk.id, wholesale), criteria: emptyCriteria(), tools: NO_LIST_TOOLS, page, shop: shops.sk, origins: config.origins, wholesale, intlLocale: intlLocale(locale), t, cards })!;
  const vars: Record<string, unknown> = { shop: shops.sk, locale, i18n };
  const c = { get: (key: string) => vars[key], req: { path } } as unknown as Context<AppEnv>;
  const cardContext = { get: (key: string) => vars[key], req: { path: NO_RETURN_PATH } } as unknown as Context<AppEnv>;
  const view = { ...built.view, filterPanelHtml: render.fragment(c, '/partials/category-filter-panel', built.view) };
  const main = render.fragment(c, 'pages/catalog/category-main', view);
  // The list's cards drawn the way the card cache draws them: without a return path.
  return main.replace(items(main), items(render.fragment(cardContext, 'pages/catalog/category-main', view)));
}

const freshItems = (page: number, locale: 'sk' | 'en', wholesale: boolean) => items(freshMain('', page, locale, wholesale));
const freshPanel = (path: string, page: number, locale: 'sk' | 'en', wholesale: boolean) => panel(freshMain(path, page, locale, wholesale));

describe('product card cache', () => {
  it('joins kept cards that equal freshly rendered ones, the same bytes on every page', async () => {
    const path = `/${root.slug}/2`;
    const first = await get(shop, path);
    const second = await get(shop, path);
    expect(items(second.html)).toBe(items(first.html));
    expect(items(second.html)).toBe(freshItems(2, 'sk', false));
    expect(panel(second.html)).toBe(freshPanel(path, 2, 'sk', false));
    expect(panel(second.html)).toContain('<shop-category-filter');
    // A card carries no return path: its forms come back through the Referer (decision 199).
    const other = await get(shop, `/${root.slug}`);
    expect(items(other.html)).toBe(freshItems(1, 'sk', false));
    expect(other.doc.querySelector('.product-card input[name="r"]')).toBeNull();
    expect(other.doc.querySelector('.product-card input[name="return_to"]')).toBeNull();
    expect(other.doc.querySelector('.product-card form[action="/oblubene/pridat"] input[name="product_id"]')).not.toBeNull();
  });

  it('keeps locales apart', async () => {
    const path = `/${root.slug}/2`;
    await get(shop, path);
    const english = await get(shop, path, { cookie: 'locale=en' });
    expect(items(english.html)).toBe(freshItems(2, 'en', false));
    expect(panel(english.html)).toBe(freshPanel(path, 2, 'en', false));
    const slovak = await get(shop, path);
    expect(items(slovak.html)).toBe(freshItems(2, 'sk', false));
    expect(items(english.html)).not.toBe(items(slovak.html));
  });

  it('keeps price roles apart: a wholesale buyer gets B2B cards, everyone else B2C', async () => {
    const path = `/${root.slug}/2`;
    const anonymous = await get(shop, path);
    const id = firstId(anonymous);
    shop.db.$client.prepare('UPDATE product_prices SET price_b2b = price_b2c - 100 WHERE product_id = ? AND shop_id = 1').run(id);
    const wholesale = await signedIn(shop, ['ROLE_CONSUMER', 'ROLE_WHOLESALE']);
    const buyer = await get(shop, path, { cookie: wholesale.cookie });
    expect(items(buyer.html)).toBe(freshItems(2, 'sk', true));
    expect(panel(buyer.html)).toBe(freshPanel(path, 2, 'sk', true));
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const retail = await get(shop, path, { cookie: consumer.cookie });
    expect(items(retail.html)).toBe(freshItems(2, 'sk', false));
    expect(firstCard(buyer).querySelector('.product-card__price strong')?.textContent).not.toBe(firstCard(retail).querySelector('.product-card__price strong')?.textContent);
    expect(items((await get(shop, path)).html)).toBe(items(retail.html));
  });

  it('shows a price change, a rename and a stock write on the next request, whoever wrote them', async () => {
    const path = `/${root.slug}`;
    const before = await get(shop, path);
    const id = firstId(before);
    const price = (r: Awaited<ReturnType<typeof get>>) => firstCard(r).querySelector('.product-card__price strong')!.textContent;

    await setProductPrice(shop.db, shop.clock, { send: async () => {} }, { productId: id, shopId: 1, priceB2c: 123_456 });
    const repriced = await get(shop, path);
    expect(price(repriced)).not.toBe(price(before));
    expect(price(repriced)?.replace(/\s/g, '')).toContain('1234,56');
    // The filter's price range moves with it (the panel is kept too).
    expect(panel(repriced.html)).toBe(freshPanel(path, 1, 'sk', false));
    expect(panel(repriced.html)).not.toBe(panel(before.html));

    // A rename straight in SQL: the catalogue triggers move catalog_version.
    shop.db.$client.prepare('UPDATE products SET name = ? WHERE id = ?').run('Premenovaná karta', id);
    const renamed = await get(shop, path);
    expect(firstCard(renamed).querySelector('.product-card__name')?.textContent).toBe('Premenovaná karta');

    // Stock and delivery time are in the triggers too, through the service or straight in SQL.
    shop.db.$client.prepare('UPDATE products SET availability_days = 5 WHERE id = ?').run(id);
    await setProductStock(shop.db, shop.clock, { send: async () => {} }, { productId: id, quantity: 0 });
    const restocked = await get(shop, path);
    expect(firstCard(restocked).querySelector('.product-card__availability')?.textContent).toBe('Do 5 dní');
    // Written by another connection (an import, the CLI): the same row, the next request.
    const other = new Database(shop.config.dbFile);
    other.prepare('UPDATE products SET availability_days = -1 WHERE id = ?').run(id);
    other.close();
    const unavailable = await get(shop, path);
    expect(firstCard(unavailable).querySelector('.product-card__availability')?.textContent).toBe('Nedostupné');
    expect(items(unavailable.html)).toBe(freshItems(1, 'sk', false));
    expect(sql<{ n: number }>(shop, 'SELECT availability_days AS n FROM products WHERE id = ?', id)[0].n).toBe(-1);
  });
});
