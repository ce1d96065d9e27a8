import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_LINKS_PER_PAGE } from '../../server/catalog/card-cache';
import { CatalogCache } from '../../server/catalog/fragment-cache';
import { categoryPageView } from '../../server/catalog/category.view';
import { emptyCriteria } from '../../server/catalog/filter';
import { setProductPrice, setProductStock } from '../../server/catalog/product-write.service';
import { MenuCache } from '../../server/catalog/menu.service';
import { createTranslators } from '../../server/i18n/catalogs';
import type { AppEnv } from '../../server/http/env';
import { loadAssets } from '../../server/render/assets';
import { createRenderer, NO_RETURN_PATH } from '../../server/render/renderer';
import { loadShops } from '../../server/shops/shops.service';
import { createTestShop, otherConnectionWrites, type TestShop } from '../setup/test-app';
import { get, richCategory, signedIn, SK, sql } from './catalog-helpers';

// HTML_CACHE=false: no fragment or page cache in front, so every request joins cards from the card cache.
let shop: TestShop;
let root: { id: number; slug: string };

beforeAll(() => {
  shop = createTestShop({ products: 300, env: { HTML_CACHE: 'false' } });
  root = richCategory(shop);
});
afterAll(() => shop.close());

/** The cards of a list page exactly as sent. */
const items = (html: string) => html.match(/<div class="product-list__items">([\s\S]*?)<\/div>\s*<div class="product-list__pager">/)![1];
/** The filter panel as sent (cached bytes when the page is rendered per request). */
const panel = (html: string) => html.match(/<aside class="category-page__filter"[\s\S]*?<\/aside>/)![0];
const firstCard = (r: Awaited<ReturnType<typeof get>>) => r.doc.querySelector('.product-card')!;
const firstId = (r: Awaited<ReturnType<typeof get>>) => Number(firstCard(r).getAttribute('data-product-id'));

/**
 * The list's cards as the template draws them without any cache: a separate renderer (templates read
 * from disk, no compiled cache) renders the category view, whose product list loops over include().
 * Cards are drawn without a return path (NO_RETURN_PATH, decision 199), whatever page they are on.
 */
function freshItems(_path: string, page: number, locale: 'sk' | 'en', wholesale: boolean): string {
  return items(freshMain(NO_RETURN_PATH, page, locale, wholesale));
}

function freshPanel(path: string, page: number, locale: 'sk' | 'en', wholesale: boolean): string {
  return panel(freshMain(path, page, locale, wholesale));
}

function freshMain(path: string, page: number, locale: 'sk' | 'en', wholesale: boolean): string {
  const config = shop.config;
  const shops = loadShops(shop.db, config);
  const i18n = createTranslators()[locale];
  const render = createRenderer({ root: config.root, production: false, assets: loadAssets(config.root), menu: new MenuCache(shop.db) });
  const catalog = new CatalogCache(shop.db, shop.clock, false);
  const index = catalog.categories();
  const category = index.bySlugVisible(root.slug)!;
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  const built = categoryPageView({
    db: shop.db,
    index,
    category,
    filter: catalog.filter(category.id, shops.sk.id, wholesale),
    criteria: emptyCriteria(),
    page,
    shop: shops.sk,
    origins: config.origins,
    wholesale,
    t,
  })!;
  const vars: Record<string, unknown> = { shop: shops.sk, locale, i18n };
  const c = { get: (key: string) => vars[key], req: { path } } as unknown as Context<AppEnv>;
  return render.fragment(c, 'pages/catalog/category-main', built.view);
}

describe('product card cache', () => {
  it('joins cached cards that equal freshly rendered ones, the same bytes on every page', async () => {
    const path = `/${root.slug}/2`;
    const first = await get(shop, path);
    const second = await get(shop, path);
    expect(second.response.headers.get('x-fragment-cache')).toBe('bypass');
    expect(items(second.html)).toBe(items(first.html));
    expect(items(second.html)).toBe(freshItems(path, 2, 'sk', false));
    expect(panel(second.html)).toBe(freshPanel(path, 2, 'sk', false));
    expect(panel(second.html)).toContain('<shop-category-filter');
    // A card carries no return path: its forms come back through the Referer (decision 199).
    const other = await get(shop, `/${root.slug}`);
    expect(items(other.html)).toBe(freshItems(`/${root.slug}`, 1, 'sk', false));
    expect(other.doc.querySelector('.product-card input[name="r"]')).toBeNull();
    expect(other.doc.querySelector('.product-card input[name="return_to"]')).toBeNull();
    expect(other.doc.querySelector('.product-card form[action="/oblubene/pridat"] input[name="product_id"]')).not.toBeNull();
  });

  it('keeps locales apart', async () => {
    const path = `/${root.slug}/2`;
    await get(shop, path);
    const english = await get(shop, path, { cookie: 'locale=en' });
    expect(items(english.html)).toBe(freshItems(path, 2, 'en', false));
    expect(panel(english.html)).toBe(freshPanel(path, 2, 'en', false));
    const slovak = await get(shop, path);
    expect(items(slovak.html)).toBe(freshItems(path, 2, 'sk', false));
    expect(items(english.html)).not.toBe(items(slovak.html));
  });

  it('keeps price roles apart: a wholesale buyer gets B2B cards, everyone else B2C', async () => {
    const path = `/${root.slug}/2`;
    const anonymous = await get(shop, path);
    const id = firstId(anonymous);
    shop.db.$client.prepare('UPDATE product_prices SET price_b2b = price_b2c - 100 WHERE product_id = ? AND shop_id = 1').run(id);
    const wholesale = await signedIn(shop, ['ROLE_CONSUMER', 'ROLE_WHOLESALE']);
    const buyer = await get(shop, path, { cookie: wholesale.cookie });
    expect(items(buyer.html)).toBe(freshItems(path, 2, 'sk', true));
    expect(panel(buyer.html)).toBe(freshPanel(path, 2, 'sk', true));
    const consumer = await signedIn(shop, ['ROLE_CONSUMER']);
    const retail = await get(shop, path, { cookie: consumer.cookie });
    expect(items(retail.html)).toBe(freshItems(path, 2, 'sk', false));
    expect(firstCard(buyer).querySelector('.product-card__price strong')?.textContent).not.toBe(firstCard(retail).querySelector('.product-card__price strong')?.textContent);
    expect(items((await get(shop, path)).html)).toBe(items(retail.html));
  });

  it('sends a card met again after the same card as a link to it: the gzip shrinks, the page stays the same', async () => {
    const path = `/${root.slug}/2`;
    // A catalogue write drops every kept card (and its links): the list starts unseen.
    shop.db.$client.prepare('UPDATE products SET name = name WHERE id = (SELECT MIN(id) FROM products)').run();
    const sizes: number[] = [];
    const plain = items((await get(shop, path)).html);
    for (let round = 0; round < 2 + Math.ceil(12 / NEW_LINKS_PER_PAGE); round++) {
      const response = await shop.app.request(path, { headers: { ...SK, 'accept-encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const bytes = Buffer.from(await response.arrayBuffer());
      sizes.push(bytes.length);
      expect(items(gunzipSync(bytes).toString())).toBe(plain);
    }
    // Round 1 met each pair a second time (cards deflated alone, the first links made); the last has
    // every card after the first as a link: ~250 bytes instead of ~500 alone.
    expect(sizes.at(-1)!).toBeLessThan(sizes[1] - 10 * 150);
  });

  it('shows a price change, a rename and a stock write on the next request', async () => {
    const path = `/${root.slug}`;
    const before = await get(shop, path);
    const id = firstId(before);
    const price = (r: Awaited<ReturnType<typeof get>>) => firstCard(r).querySelector('.product-card__price strong')!.textContent;

    await setProductPrice(shop.db, shop.clock, { send: async () => {} }, { productId: id, shopId: 1, priceB2c: 123_456 });
    const repriced = await get(shop, path);
    expect(price(repriced)).not.toBe(price(before));
    expect(price(repriced)?.replace(/\s/g, '')).toContain('1234,56');
    // The filter's price range moves with it (the panel is cached too).
    expect(panel(repriced.html)).toBe(freshPanel(path, 1, 'sk', false));
    expect(panel(repriced.html)).not.toBe(panel(before.html));

    // A rename straight in SQL on the app's own connection: the catalogue triggers move catalog_version.
    shop.db.$client.prepare('UPDATE products SET name = ? WHERE id = ?').run('Premenovaná karta', id);
    const renamed = await get(shop, path);
    expect(firstCard(renamed).querySelector('.product-card__name')?.textContent).toBe('Premenovaná karta');

    // Availability is not in the triggers: a stock write through the service (catalogChanged) drops
    // the cards, so a delivery time set on the same connection shows with it.
    shop.db.$client.prepare('UPDATE products SET availability_days = 5 WHERE id = ?').run(id);
    await setProductStock(shop.db, shop.clock, { send: async () => {} }, { productId: id, quantity: 0 });
    const restocked = await get(shop, path);
    expect(firstCard(restocked).querySelector('.product-card__availability')?.textContent).toBe('Do 5 dní');
    // Availability written by another connection (an import): PRAGMA data_version drops them too.
    const noticed = otherConnectionWrites(shop.db);
    const other = new Database(shop.config.dbFile);
    other.prepare('UPDATE products SET availability_days = -1 WHERE id = ?').run(id);
    other.close();
    await noticed();
    const unavailable = await get(shop, path);
    expect(firstCard(unavailable).querySelector('.product-card__availability')?.textContent).toBe('Nedostupné');
    expect(items(unavailable.html)).toBe(freshItems(path, 1, 'sk', false));
    expect(sql<{ n: number }>(shop, 'SELECT availability_days AS n FROM products WHERE id = ?', id)[0].n).toBe(-1);
  });
});
