import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowestBeforeReduction, lowestPriceBefore } from '../../server/catalog/price-history';
import { setProductPrice } from '../../server/catalog/product-write.service';
import { formatMoney } from '../../server/render/format';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';

/**
 * EU Omnibus (Directive 98/6/EC art. 6a): the price history the triggers keep on every price
 * write, the 30-day rule, and the sentence wherever a reduced price is shown, in sk and cz.
 */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 40 });
});
afterAll(() => shop.close());

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 20);
const SK = '127.0.0.1:3000';
const CZ = 'cz.localhost:3000';
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const all = <T>(sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).all(...params) as T[];
const run = (sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).run(...params);
const mailer = { send: async () => {} };

type Row = { kind: string; price: number; old_price: number | null };
const history = (productId: number, shopId: number) =>
  all<Row & { id: number }>('SELECT id, kind, price, old_price FROM price_history WHERE product_id = ? AND shop_id = ? ORDER BY id', productId, shopId);

/** Replaces a product's B2C history in a shop with rows at explicit times: [price, old, day offset from T]. */
function writeHistory(productId: number, shopId: number, rows: [number, number | null, number][]) {
  run("DELETE FROM price_history WHERE product_id = ? AND shop_id = ? AND kind = 'b2c'", productId, shopId);
  for (const [price, old, day] of rows) {
    run("INSERT INTO price_history (product_id, shop_id, kind, price, old_price, changed_at) VALUES (?, ?, 'b2c', ?, ?, ?)", productId, shopId, price, old, T + day * DAY);
  }
}

describe('the 30-day rule', () => {
  const at = (rows: [number, number | null, number][]) => lowestBeforeReduction(rows.map(([price, oldPrice, day]) => ({ price, oldPrice, changedAt: T + day * DAY })));

  it('takes the lowest price of the 30 days before the reduction started, the one in effect when they began included', () => {
    // A dip inside the window counts.
    expect(at([[2000, null, -90], [1800, null, -20], [2000, null, -10], [1500, 2000, 0]])).toBe(1800);
    // A dip that ended before the window opened does not; the price in effect when it opened does.
    expect(at([[2000, null, -90], [1200, null, -50], [2100, null, -40], [1500, 2100, 0]])).toBe(2100);
    // A change exactly at the window's opening replaces the one before it.
    expect(at([[1000, null, -90], [2000, null, -30], [1500, 2000, 0]])).toBe(2000);
    // A progressive reduction keeps the start of the first step.
    expect(at([[2000, null, -90], [1800, 2000, 0], [1500, 2000, 10]])).toBe(2000);
    // Listed less than 30 days before the reduction: the lowest since it was listed.
    expect(at([[2500, null, -10], [2200, null, -5], [1500, 2500, 0]])).toBe(2200);
    // Listed already reduced: the price it was listed at.
    expect(at([[1500, 2000, -3]])).toBe(1500);
    // A reduction that ended, and a new one: the window is before the new one.
    expect(at([[2000, null, -90], [1000, 2000, -60], [2000, null, -45], [1700, 2000, 0]])).toBe(2000);
    // Not reduced now, or no history: nothing to show.
    expect(at([[2000, null, -90], [1500, 2000, -20], [2000, null, -1]])).toBeNull();
    expect(at([])).toBeNull();
  });
});

describe('price history and the lowest price shown', () => {
  let id: number;
  let slug: string;
  let categorySlug: string;

  beforeAll(() => {
    // The first product a leaf category lists (its first page), single and sold in both shops.
    const row = all<{ id: number; slug: string; category: string }>(
      `SELECT p.id, p.slug, c.slug AS category FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.parent_id IS NULL AND p.type = 'single' AND p.visible = 2 AND p.availability_days >= 0 AND c.visible = 1
          AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)
          AND (SELECT count(*) FROM product_prices pp WHERE pp.product_id = p.id) = 2
          AND p.id = (SELECT q.id FROM products q WHERE q.category_id = c.id AND q.parent_id IS NULL AND q.visible <> 0 ORDER BY q.position, q.id LIMIT 1)
        ORDER BY p.id LIMIT 1`,
    )[0];
    ({ id, slug } = row);
    categorySlug = row.category;
  });

  it('records every change of a price or crossed-out price, through the service and through plain SQL', async () => {
    const before = history(id, 1).length;
    await setProductPrice(shop.db, shop.clock, mailer, { productId: id, shopId: 1, priceB2c: 2000, priceOldB2c: null });
    expect(history(id, 1).slice(before)).toEqual([expect.objectContaining({ kind: 'b2c', price: 2000, old_price: null })]);

    run('UPDATE product_prices SET price_b2c = 1500, price_old_b2c = 2000 WHERE product_id = ? AND shop_id = 1', id);
    expect(history(id, 1).slice(before + 1)).toEqual([expect.objectContaining({ kind: 'b2c', price: 1500, old_price: 2000 })]);

    // A B2B change is its own row; a write that changes no price (VAT rate, same values) none.
    run('UPDATE product_prices SET price_b2b = 1200 WHERE product_id = ? AND shop_id = 1', id);
    run('UPDATE product_prices SET vat_rate = vat_rate, price_b2c = 1500 WHERE product_id = ? AND shop_id = 1', id);
    expect(history(id, 1).slice(before + 2)).toEqual([expect.objectContaining({ kind: 'b2b', price: 1200 })]);

    // A new price row (a product offered in a shop) starts both histories.
    const spare = all<{ id: number }>('SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_prices WHERE shop_id = 2) LIMIT 1')[0];
    if (spare) {
      run('INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) VALUES (?, 2, 9900, 8900, 21)', spare.id);
      expect(history(spare.id, 2).map((r) => [r.kind, r.price])).toEqual([['b2c', 9900], ['b2b', 8900]]);
    }
  });

  /** A page as a browser gets it: the Czech shop 301s a Slovak address to its own (catalogue-texts.ts). */
  const page = async (path: string, host: string): Promise<string> => {
    const first = await shop.app.request(path, { headers: { host } });
    if (first.status !== 301) return first.text();
    const to = new URL(first.headers.get('location')!, `http://${host}`);
    return (await shop.app.request(`${to.pathname}${to.search}`, { headers: { host } })).text();
  };

  it('shows "Najnižšia cena za posledných 30 dní" on the product page, the category card, the product JSON and the embed, in sk and cz', async () => {
    run('UPDATE product_prices SET price_b2c = 1500, price_old_b2c = 2000 WHERE product_id = ? AND shop_id = 1', id);
    run('UPDATE product_prices SET price_b2c = 39900, price_old_b2c = 49900 WHERE product_id = ? AND shop_id = 2', id);
    // sk: a dip to 18,00 € ten days before the reduction; cz: 449 Kč, the price in effect when the window opened lower.
    writeHistory(id, 1, [[2000, null, -90], [1800, null, -20], [2000, null, -10], [1500, 2000, -2]]);
    writeHistory(id, 2, [[42900, null, -40], [49900, null, -25], [39900, 49900, -2]]);
    expect(lowestPriceBefore(shop.db, id, 1)).toBe(1800);
    expect(lowestPriceBefore(shop.db, id, 2)).toBe(42900);

    for (const [host, currency, locale, lowest, sentence] of [
      [SK, 'EUR', 'sk', 1800, 'Najnižšia cena za posledných 30 dní:'],
      [CZ, 'CZK', 'cs', 42900, 'Nejnižší cena za posledních 30 dní:'],
    ] as const) {
      const expected = squash(`${sentence} ${formatMoney(lowest, currency, locale)}`);
      const product = parseHtml(await page(`/${slug}`, host));
      expect(squash(product.querySelector('.product-detail__lowest')?.textContent)).toBe(expected);

      const category = parseHtml(await page(`/${categorySlug}`, host));
      expect(squash(category.querySelector(`#product-${id} .product-card__lowest`)?.textContent)).toBe(expected);

      const entity = (await (await shop.app.request(`/api/product/${id}`, { headers: { host } })).json()) as Record<string, unknown>;
      expect([entity.priceLowest, squash(entity.priceLowest_text as string)]).toEqual([lowest, expected]);

      const list = (await (await shop.app.request(`/api/product?product_id=${id}`, { headers: { host } })).json()) as { data?: Record<string, unknown>[]; items?: Record<string, unknown>[] };
      const listed = (list.data ?? list.items ?? (list as unknown as Record<string, unknown>[]))[0];
      expect([listed.priceLowest, squash(listed.priceLowest_text as string)]).toEqual([lowest, expected]);

      const code = host === SK ? 'sk' : 'cz';
      const embed = (await (await shop.app.request(`/api/embed/products?shop=${code}&ids=${id}`, { headers: { host } })).json()) as { products: Record<string, unknown>[] };
      expect([embed.products[0]?.price_lowest, squash(embed.products[0]?.price_lowest_text as string)]).toEqual([lowest, expected]);
    }

    // Google's feed announces the reduction against the 30-day lowest price, not the crossed-out one.
    const google = await (await shop.app.request('/feeds/google.xml', { headers: { host: SK } })).text();
    const item = google.split('<item>').find((i) => i.startsWith(`<g:id>${id}</g:id>`))!;
    expect(item).toContain('<g:price>18.00 EUR</g:price><g:sale_price>15.00 EUR</g:sale_price>');

    // Without a crossed-out price nothing is said.
    run('UPDATE product_prices SET price_old_b2c = NULL WHERE product_id = ? AND shop_id = 1', id);
    const plain = parseHtml(await (await shop.app.request(`/${slug}`, { headers: { host: SK } })).text());
    expect(plain.querySelector('.product-detail__lowest')).toBeNull();
    expect(lowestPriceBefore(shop.db, id, 1)).toBeNull();
  });

  it('the demo seed writes a history in which reduced products have a 30-day lowest price', () => {
    const reduced = all<{ id: number; old: number; price: number }>(
      'SELECT product_id AS id, price_old_b2c AS old, price_b2c AS price FROM product_prices WHERE shop_id = 1 AND price_old_b2c > price_b2c AND product_id <> ?',
      id,
    );
    expect(reduced.length).toBeGreaterThan(0);
    const lowest = reduced.map((r) => [r, lowestPriceBefore(shop.db, r.id, 1)] as const);
    for (const [r, value] of lowest) {
      expect(value).not.toBeNull();
      expect(value!).toBeGreaterThan(r.price);
      expect(value!).toBeLessThanOrEqual(r.old);
    }
  });
});
